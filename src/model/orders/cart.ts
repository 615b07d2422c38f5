import * as v from 'valibot';
import { DEFAULT_COUNTRY } from '../address/address-rules';
import { idKey, type Id } from '../id';
import { type CalculatedItem, type Calculation, type CalculationRequest } from './pricing';
import { productImage, productSubtitle, type Product } from './product';

/**
 * Ordering §3, §4 and §5: the cart kept in the browser, its quantity rule and its price request.
 * Pure rules only; the machine in src/machines/orders/cart.machine.ts applies them.
 */

/** Ordering §9: the browser storage key of the cart. */
export const CART_STORAGE_KEY = 'cart-storage';

/** Ordering §3 and §9: cart shipping is 0; the calculation's answer may say otherwise. */
export const CART_SHIPPING = 0;

/** Ordering §4: the zip code the cart sends until the checkout names one. */
export const DEFAULT_ZIP_CODE = '';

/** Ordering §5 and §9: the smallest quantity. */
export const MIN_QUANTITY = 1;

/** Where the catalogue's buttons lead (ordering §2); the shared path list has no entry for them yet. */
/** The discount-tiers drawing, served from the reference server's pricing data: the client holds no tier data. */
export const DISCOUNT_TIERS_IMAGE = '/images/pricing/discount-tiers.svg';

/** The theme the drawing is painted for: an image cannot read the page's theme, so its address names it. */
export const TIERS_THEME_PARAM = 'theme';

/** The drawing in the page's theme: a white table glares in a dark dialog (issue 41 item 5). */
export function discountTiersImage(theme: 'light' | 'dark'): string {
  return theme === 'dark' ? `${DISCOUNT_TIERS_IMAGE}?${TIERS_THEME_PARAM}=dark` : DISCOUNT_TIERS_IMAGE;
}

/** A whole number of at least 1: the only quantity that enters the cart. */
export function isQuantity(value: unknown): value is number {
  return typeof value === 'number' && Number.isSafeInteger(value) && value >= MIN_QUANTITY;
}

/**
 * Ordering §3: a cart item, read leniently from storage (another version of the portal may have written
 * it). What a line cannot do without is its id, uid, name and a valid quantity; the rest has defaults.
 */
export const CartItemSchema = v.object({
  id: v.pipe(v.union([v.string(), v.number()]), v.transform(String), v.nonEmpty()),
  uid: v.pipe(v.string(), v.nonEmpty()),
  name: v.string(),
  subtitle: v.nullish(v.string(), ''),
  price: v.nullish(v.number(), null),
  image: v.nullish(v.string(), null),
  quantity: v.custom<number>(isQuantity),
});
export type CartItem = v.InferOutput<typeof CartItemSchema>;

/** One account's cart: the items, and the key that names this cart content at checkout. */
export interface StoredCart {
  items: CartItem[];
  checkoutKey: string | null;
}

export const EMPTY_STORED_CART: StoredCart = { items: [], checkoutKey: null };

const StoredCartSchema = v.object({
  items: v.array(v.unknown()),
  checkoutKey: v.nullish(v.pipe(v.string(), v.nonEmpty()), null),
});

/**
 * What `cart-storage` holds: one cart per practice account, so that a cart filled at one practice is never
 * ordered from at another (switching practice shows that practice's own cart). The documents' key name is
 * kept; the account is the key inside it. A value of an earlier version (a single cart, `{ items,
 * checkoutKey }`) names no account, so it belongs to none and is left out rather than guessed.
 */
const StoredCartsSchema = v.object({ carts: v.record(v.string(), v.unknown()) });

/**
 * Whose cart: a practice account is one user at one practice (access §3), and one person may hold the same
 * practice in two roles, each with its own user id. A session that names no current practice keeps its cart
 * apart from every account's.
 */
export type CartOwner = string;
export const NO_CART_OWNER: CartOwner = 'none';

export function cartOwnerOf(account: { practiceId: Id; userId: Id } | null | undefined): CartOwner {
  return account ? `${idKey(account.practiceId)}:${idKey(account.userId)}` : NO_CART_OWNER;
}

/** Lines that do not parse are left out; a second line of the same product is left out too. */
function readItems(raw: readonly unknown[]): CartItem[] {
  const items: CartItem[] = [];
  for (const entry of raw) {
    const parsed = v.safeParse(CartItemSchema, entry);
    if (parsed.success && !items.some((item) => item.id === parsed.output.id)) items.push(parsed.output);
  }
  return items;
}

function readCartEntry(entry: unknown): StoredCart {
  const parsed = v.safeParse(StoredCartSchema, entry);
  if (!parsed.success) return EMPTY_STORED_CART;
  return { items: readItems(parsed.output.items), checkoutKey: parsed.output.checkoutKey };
}

/** Every account's entry as stored, unread; nothing when the value is missing or not the carts' shape. */
function readCartEntries(raw: string | null | undefined): Record<CartOwner, unknown> {
  if (!raw) return {};
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch {
    return {};
  }
  const parsed = v.safeParse(StoredCartsSchema, json);
  return parsed.success ? parsed.output.carts : {};
}

/** One account's cart in the stored value. Never throws: missing or unreadable reads as an empty cart. */
export function parseStoredCart(raw: string | null | undefined, owner: CartOwner): StoredCart {
  const entries = readCartEntries(raw);
  return Object.hasOwn(entries, owner) ? readCartEntry(entries[owner]) : EMPTY_STORED_CART;
}

/** The stored value with one account's cart replaced; the other accounts' carts are kept as they were. */
export function serializeCart(
  raw: string | null | undefined,
  owner: CartOwner,
  cart: { items: readonly CartItem[]; checkoutKey: string },
): string {
  const carts = { ...readCartEntries(raw), [owner]: { items: cart.items, checkoutKey: cart.checkoutKey } };
  return JSON.stringify({ carts });
}

/** Whether a change of the stored value changed this account's cart (another account's change is no news here). */
export function cartChanged(before: string | null | undefined, after: string | null | undefined, owner: CartOwner): boolean {
  return JSON.stringify(parseStoredCart(before, owner)) !== JSON.stringify(parseStoredCart(after, owner));
}

/** Ordering §3: the cart line of a catalogue product. */
export function cartItemOf(product: Product, quantity: number): CartItem {
  return {
    id: String(product.id),
    uid: product.uid,
    name: product.name,
    subtitle: productSubtitle(product),
    price: product.price,
    image: productImage(product.sku),
    quantity,
  };
}

/** Adding a product already in the cart adds to its line. */
export function addItem(items: readonly CartItem[], item: CartItem): CartItem[] {
  if (!items.some((line) => line.id === item.id)) return [...items, item];
  return items.map((line) => (line.id === item.id ? { ...line, quantity: line.quantity + item.quantity } : line));
}

export function setQuantity(items: readonly CartItem[], id: string, quantity: number): CartItem[] {
  return items.map((line) => (line.id === id ? { ...line, quantity } : line));
}

export function removeItem(items: readonly CartItem[], id: string): CartItem[] {
  return items.filter((line) => line.id !== id);
}

export function findItem(items: readonly CartItem[], id: string): CartItem | undefined {
  return items.find((line) => line.id === id);
}

export function cartCount(items: readonly CartItem[]): number {
  return items.reduce((sum, item) => sum + item.quantity, 0);
}

/** Ordering §3: the catalogue prices times the quantities; a line without a price adds nothing. */
export function cartSubtotal(items: readonly CartItem[]): number {
  return items.reduce((sum, item) => sum + (item.price ?? 0) * item.quantity, 0);
}

/** Contract decisions: the cart's calculation sends the product uid and the quantity of every line. */
export function calculationRequest(
  items: readonly CartItem[],
  location: { country: string; zipCode: string } = { country: DEFAULT_COUNTRY, zipCode: DEFAULT_ZIP_CODE },
): CalculationRequest {
  return {
    country: location.country,
    zipCode: location.zipCode,
    items: items.map((item) => ({ productId: item.uid, quantity: item.quantity })),
  };
}

export function lineCalculation(calculation: Calculation | null, productUid: string): CalculatedItem | undefined {
  return calculation?.items.find((line) => String(line.productId) === productUid);
}

// ---- Ordering §5: the quantity control ------------------------------------------------------------

/** What the quantity field shows while typing: its digits only. */
export function quantityDigits(text: string): string {
  return text.replace(/\D/g, '');
}

/** Digits only, parsed as an integer; the value to apply, or null when there is none above 0 to apply. */
export function parseQuantityInput(text: string): number | null {
  const digits = quantityDigits(text);
  if (!digits) return null;
  const value = Number.parseInt(digits, 10);
  return isQuantity(value) ? value : null;
}

/** On leaving the field, anything invalid or below 1 becomes 1. */
export function quantityOnBlur(text: string): number {
  return parseQuantityInput(text) ?? MIN_QUANTITY;
}

export function canDecrease(quantity: number): boolean {
  return quantity > MIN_QUANTITY;
}

// ---- Ordering §2 "Order summary": what one line and the totals show -------------------------------

export interface SummaryLine {
  item: CartItem;
  /** After the tier discount when the last calculation priced this product, else the catalogue price. */
  unitPrice: number | null;
  lineTotal: number | null;
  /** The line as the last calculation priced it, for its tier standing. */
  calculated: CalculatedItem | undefined;
}

export function summaryLine(item: CartItem, calculation: Calculation | null): SummaryLine {
  const calculated = lineCalculation(calculation, item.uid);
  const unitPrice = calculated ? calculated.pricePerItem : item.price;
  return { item, unitPrice, lineTotal: unitPrice === null ? null : unitPrice * item.quantity, calculated };
}

export interface SummaryTotals {
  subtotal: number;
  discount: number;
  shipping: number;
  total: number;
}

/**
 * The subtotal is always the catalogue prices of the cart as it is; discount, shipping and total are the
 * last applied calculation's (its total is after discount, shipping included), else no discount, the
 * cart's shipping, and subtotal plus shipping (ordering §3). A failed calculation keeps the previous
 * answer (ordering §8), so these may lag the items until the next answer.
 */
export function summaryTotals(items: readonly CartItem[], calculation: Calculation | null): SummaryTotals {
  const subtotal = cartSubtotal(items);
  if (!calculation) return { subtotal, discount: 0, shipping: CART_SHIPPING, total: subtotal + CART_SHIPPING };
  return { subtotal, discount: calculation.discount, shipping: calculation.shippingPrice, total: calculation.total };
}

/** The quantity a tier standing is worked out from: the one the calculation priced, else the cart's. */
export function standingQuantity(line: SummaryLine): number {
  return line.calculated && line.calculated.quantity > 0 ? line.calculated.quantity : line.item.quantity;
}
