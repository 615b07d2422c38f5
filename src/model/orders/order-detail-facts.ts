import { kitDisplayStatus } from '../kits/kit-status';
import { ShipTo, type Order, type OrderAddress, type OrderItem, type OrderKit } from './order';
import { OrderFactsText } from './order-detail-texts';

/**
 * Issue 40 "Orders that tell the whole story": what the order page says about where the order went, how it was
 * paid, its kits and its products. Each rule reads the order leniently: a part the service left out is `null`,
 * which the page shows as "Not available" rather than guessing.
 */

/** The address as lines a reader scans: street, second line, "City, ST 12345", country. Blank parts are left out. */
export function addressLines(address: OrderAddress | null): string[] {
  if (!address) return [];
  const text = (value: string | null) => value?.trim() ?? '';
  const place = [text(address.city), [text(address.state), text(address.zipCode)].filter(Boolean).join(' ')].filter(Boolean).join(', ');
  return [text(address.addressLine1), text(address.addressLine2), place, text(address.country)].filter(Boolean);
}

export type ShipToFact =
  | { readonly kind: 'digital'; readonly title: string }
  | { readonly kind: 'practice' | 'other'; readonly title: string; readonly name: string | null; readonly lines: readonly string[] };

/**
 * Where the order went: a Digital order (shippingType None) ships nothing; "Clinic" is the practice, "Patient" the
 * other address with its recipient. Null when the service says neither.
 */
export function shipToOf(order: Pick<Order, 'shippingType' | 'shipTo' | 'shippingInformation' | 'customerInformation'>): ShipToFact | null {
  if (order.shippingType === 'None') return { kind: 'digital', title: OrderFactsText.digital };
  const lines = addressLines(order.shippingInformation);
  if (order.shipTo === ShipTo.Clinic) return { kind: 'practice', title: OrderFactsText.practice, name: null, lines };
  if (order.shipTo === ShipTo.Patient) {
    const person = order.customerInformation;
    const name = [person?.firstName?.trim(), person?.lastName?.trim()].filter(Boolean).join(' ') || null;
    return { kind: 'other', title: OrderFactsText.otherAddress, name, lines };
  }
  return null;
}

/** How the order was paid, in words: "Visa ending in 4242", "Card" when the card is not known, "Net 30 invoice". */
export function paymentText(order: Pick<Order, 'payment'>): string | null {
  const payment = order.payment;
  if (!payment?.method) return null;
  if (payment.method === 'Invoice') return OrderFactsText.invoice;
  if (payment.method !== 'Card') return null;
  const brand = payment.brand?.trim();
  const last4 = payment.last4?.trim();
  if (brand && last4) return OrderFactsText.card(brandName(brand), last4);
  if (last4) return OrderFactsText.card(OrderFactsText.cardWord, last4);
  return OrderFactsText.cardWord;
}

const BRANDS: Readonly<Record<string, string>> = {
  visa: 'Visa',
  mastercard: 'Mastercard',
  amex: 'American Express',
  discover: 'Discover',
  diners: 'Diners Club',
  jcb: 'JCB',
  unionpay: 'UnionPay',
};

/** The card provider names brands in lower case (`visa`); people read them as the brand writes itself. */
export function brandName(brand: string): string {
  const known = BRANDS[brand.toLowerCase()];
  return known ?? brand.charAt(0).toUpperCase() + brand.slice(1);
}

/** A product as the page names it: its name, never a bare id; a nameless product says so in words. */
export function productName(product: OrderItem['product']): string {
  return product.name?.trim() || OrderFactsText.unnamedProduct;
}

export interface KitFact {
  readonly barcode: string;
  readonly status: string;
  readonly product: string | null;
}

/** The order's kits or samples, each with its display status (kits §4); null when the service does not list them. */
export function kitFacts(kits: readonly OrderKit[] | null): KitFact[] | null {
  if (kits === null) return null;
  return kits.map((kit) => ({ barcode: kit.barcode, status: kitDisplayStatus(kit.status), product: kit.productName?.trim() || null }));
}
