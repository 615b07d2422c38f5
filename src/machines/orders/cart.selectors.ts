import type { SnapshotFrom } from 'xstate';
import { cartCount, cartSubtotal, lineCalculation, summaryTotals, type CartItem } from '../../model/orders/cart';
import type { CalculatedItem, Calculation } from '../../model/orders/pricing';
import type { cartMachine } from './cart.machine';

/** What views may ask of the cart. */

export type CartSnapshot = SnapshotFrom<typeof cartMachine>;

export function selectCartItems(snapshot: CartSnapshot): CartItem[] {
  return snapshot.context.items;
}

/** The number of kits: the sum of the quantities. */
export function selectCartCount(snapshot: CartSnapshot): number {
  return cartCount(snapshot.context.items);
}

/** The catalogue prices times the quantities (ordering §3). */
export function selectSubtotal(snapshot: CartSnapshot): number {
  return cartSubtotal(snapshot.context.items);
}

/** What the order costs as the summary shows it: the last applied calculation's total, else the catalogue prices. */
export function selectCartTotal(snapshot: CartSnapshot): number {
  return summaryTotals(snapshot.context.items, snapshot.context.calculation).total;
}

/** The last applied answer of the price calculation, or null. */
export function selectCalculation(snapshot: CartSnapshot): Calculation | null {
  return snapshot.context.calculation;
}

export function selectCalculating(snapshot: CartSnapshot): boolean {
  return snapshot.hasTag('calculating');
}

/** Ordering §4: checkout waits for the price and needs something in the cart. */
export function selectCanCheckout(snapshot: CartSnapshot): boolean {
  return !snapshot.hasTag('calculating') && snapshot.context.items.length > 0;
}

export function selectLineCalculation(snapshot: CartSnapshot, productUid: string): CalculatedItem | undefined {
  return lineCalculation(snapshot.context.calculation, productUid);
}

/** The Idempotency-Key of the order this cart content places. */
export function selectCheckoutKey(snapshot: CartSnapshot): string {
  return snapshot.context.checkoutKey;
}
