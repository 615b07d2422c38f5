import { BillingType, FulfilmentType, UnitType } from '../enums';
import type { OrderingConfiguration } from './ordering';
import { Paths } from '../shell/navigation';
import type { Address, Practice } from '../practice/practice';
import {
  DEFAULT_COUNTRY,
  isBlank,
  needsState,
  type AddressFormValues,
  type CustomerInformation,
  type ShippingInformation,
} from '../address/address-rules';
import { normalizedCountry } from '../address/countries';
import { ShipTo, type OrderRequest } from './order';
import { preselectedCard, type PaymentMethod } from '../payments/payment';
import { CheckoutValidationText as T } from './texts';

/**
 * Ordering §2 "Checkout", §3 (checkout form, order request), §4 and §5: what the checkout form holds, the order
 * request it becomes (README decisions), and the rules that decide whether it may be placed.
 */

/** Ordering §3: the checkout form; fulfilment comes from the practice, the payment choice from §4. */
export type CheckoutForm = AddressFormValues & {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  isShipToPractice: boolean;
  /** Ordering §4: pay with a saved card (`cardId`) or add a new one. */
  paymentMode: PaymentMode;
  cardId: string | null;
};

export type PaymentMode = 'saved' | 'new';

/** Shipping to the practice is the first choice of the delivery radios; the country defaults to US (ordering §9). */
export function initialCheckoutForm(methods: readonly PaymentMethod[] = []): CheckoutForm {
  return {
    firstName: '',
    lastName: '',
    email: '',
    phone: '',
    addressLine1: '',
    addressLine2: '',
    city: '',
    state: '',
    zipCode: '',
    country: DEFAULT_COUNTRY,
    isShipToPractice: true,
    ...initialPaymentChoice(methods),
  };
}

/** What a checkout needs besides the form: the practice's side of the order and the cart's lines. */
export interface CheckoutContext {
  fulfillment: FulfilmentType;
  practiceAddress: Address | null;
  items: readonly { uid: string; quantity: number }[];
  /** The card's `pm_…` id for card payers; null for Net 30 payers (README decisions). */
  paymentMethod: string | null;
}

export function isPhysical(fulfillment: FulfilmentType): boolean {
  return fulfillment === FulfilmentType.Physical;
}

/** Ordering §2: the practice has an address to ship to when it has an address line. */
export function practiceHasAddress(practice: Pick<Practice, 'address'> | null | undefined): boolean {
  return Boolean(practice?.address?.addressLine1?.trim());
}

/** The geo-shipping check's DTC flag (ordering §5): the practice's unit type. */
export function isDtc(unitType: number | null | undefined): boolean {
  return unitType === UnitType.DTC;
}

const clean = (value: string | null | undefined) => (value ?? '').trim();

function addressOf(address: Partial<Record<keyof ShippingInformation, string | null>>): ShippingInformation {
  const country = normalizedCountry(address.country);
  return {
    country,
    // A state only where the country has a state list; a state left over from an earlier country is not sent.
    state: needsState(country) ? clean(address.state) : '',
    city: clean(address.city),
    zipCode: clean(address.zipCode),
    addressLine1: clean(address.addressLine1),
    addressLine2: clean(address.addressLine2),
  };
}

function customerOf(form: CheckoutForm): CustomerInformation {
  return { firstName: clean(form.firstName), lastName: clean(form.lastName), email: clean(form.email), phone: clean(form.phone) };
}

/**
 * The order request (ordering §3, README decisions). Shipping to the practice sends the practice's address with
 * `customerInformation: null` and `shipTo: "Clinic"`; another address sends the customer and that address with
 * `shipTo: "Patient"`. A digital order ships nothing: both parts are null, and it is the practice's own order,
 * so `shipTo` is "Clinic" (a customer without an address would be the only use of "Patient", and the form asks
 * for none).
 */
export function buildOrderRequest(form: CheckoutForm, context: CheckoutContext): OrderRequest {
  const items = context.items.map((item) => ({ productId: item.uid, quantity: item.quantity }));
  const common = { items, paymentMethod: context.paymentMethod, fulfillment: context.fulfillment };
  if (!isPhysical(context.fulfillment)) return { ...common, customerInformation: null, shippingInformation: null, shipTo: ShipTo.Clinic };
  if (form.isShipToPractice) {
    return { ...common, customerInformation: null, shippingInformation: addressOf(context.practiceAddress ?? {}), shipTo: ShipTo.Clinic };
  }
  return { ...common, customerInformation: customerOf(form), shippingInformation: addressOf(form), shipTo: ShipTo.Patient };
}

/** The country the geo-shipping check asks about: the one the order ships to, none for a digital order. */
export function shippingCountry(request: Pick<OrderRequest, 'shippingInformation'>): string | null {
  return request.shippingInformation?.country?.trim() || null;
}

/**
 * Where the order ships, for the price calculation and the geo-shipping check: the practice's address when
 * shipping there, the form's otherwise; nowhere for a digital order.
 */
export function shippingLocation(
  form: Pick<CheckoutForm, 'isShipToPractice' | 'country' | 'zipCode'>,
  context: Pick<CheckoutContext, 'fulfillment' | 'practiceAddress'>,
): { country: string; zipCode: string } | null {
  if (!isPhysical(context.fulfillment)) return null;
  const source: { country?: string | null; zipCode?: string | null } = form.isShipToPractice ? (context.practiceAddress ?? {}) : form;
  return { country: normalizedCountry(source.country), zipCode: clean(source.zipCode) };
}

/**
 * What Place Order sends to the checkout machine: the request, and whether a new card is to be created first.
 * Card payers pay with the chosen saved card, or with the new card once created; invoice payers send null.
 */
export function checkoutSubmission(
  form: CheckoutForm,
  context: Omit<CheckoutContext, 'paymentMethod'> & { paysByCard: boolean },
): { request: OrderRequest; newCard: boolean } {
  const newCard = context.paysByCard && form.paymentMode === 'new';
  const paymentMethod = context.paysByCard && !newCard ? form.cardId : null;
  return { request: buildOrderRequest(form, { ...context, paymentMethod }), newCard };
}

// ---- Ordering §5: who pays how ---------------------------------------------------------------------

/** Card payers choose a card (ordering §2 "Payment Method section for card payers"); everyone else is invoiced. */
export function paysByCard(configuration: Pick<OrderingConfiguration, 'paymentMethodInformation'>): boolean {
  return configuration.paymentMethodInformation;
}

/** Invoice (Net 30) payers get the Net 30 notice and the billing-information rule. */
export function paysByInvoice(configuration: Pick<OrderingConfiguration, 'paymentMethodInformation' | 'billingType'>): boolean {
  return !configuration.paymentMethodInformation && configuration.billingType === BillingType.Net30;
}

/** Ordering §4: the default card preselected, else the first; with no saved card, a new one is the only choice. */
export function initialPaymentChoice(methods: readonly PaymentMethod[]): { paymentMode: PaymentMode; cardId: string | null } {
  const card = preselectedCard(methods);
  return card ? { paymentMode: 'saved', cardId: card.id } : { paymentMode: 'new', cardId: null };
}

/** Ordering §5: a new card needs complete details; a saved card needs one of the practice's cards chosen. */
export function paymentChoiceError(
  choice: { paymentMode: PaymentMode; cardId: string | null },
  state: { cardComplete: boolean; methods: readonly PaymentMethod[] },
): string | null {
  if (choice.paymentMode === 'new') return state.cardComplete ? null : T.cardDetails;
  return state.methods.some((method) => method.id === choice.cardId) ? null : T.selectPaymentMethod;
}

/**
 * Ordering §5, invoice payers: the invoice contact's email and phone and the billing address, each missing part
 * with its own text in the order the billing page shows them. Empty when the order may be placed.
 */
export function invoiceBillingErrors(practice: Pick<Practice, 'invoiceContact' | 'billingAddress'> | null | undefined): string[] {
  const errors: string[] = [];
  const contact = practice?.invoiceContact;
  if (isBlank(contact?.email)) errors.push(T.invoiceEmailRequired);
  if (isBlank(contact?.phone)) errors.push(T.invoicePhoneRequired);
  const address = practice?.billingAddress;
  if (isBlank(address?.addressLine1)) errors.push(T.officeAddressRequired);
  if (isBlank(address?.city)) errors.push(T.billingCityRequired);
  if (needsState(normalizedCountry(address?.country)) && isBlank(address?.state)) errors.push(T.billingStateRequired);
  if (isBlank(address?.zipCode)) errors.push(T.billingZipRequired);
  if (isBlank(address?.country)) errors.push(T.billingCountryRequired);
  return errors;
}

/** Why Place Order is disabled before anything is checked with the server, if it is (ordering §2 and §5). */
export type CheckoutBlocker = 'practiceAddressRequired' | 'billingIncomplete';

export function checkoutBlocker(state: {
  physical: boolean;
  isShipToPractice: boolean;
  practice: Pick<Practice, 'address' | 'invoiceContact' | 'billingAddress'> | null | undefined;
  invoice: boolean;
}): CheckoutBlocker | null {
  if (state.physical && state.isShipToPractice && !practiceHasAddress(state.practice)) return 'practiceAddressRequired';
  if (state.invoice && invoiceBillingErrors(state.practice).length > 0) return 'billingIncomplete';
  return null;
}

// ---- Ordering §2: where the checkout leads ----------------------------------------------------------

/** The success page reads the order by its number, so a reload still shows it. */
export function orderSuccessPath(number: string): string {
  return `${Paths.orderSuccess}?number=${encodeURIComponent(number)}`;
}

/** Ordering §2 "Order success": the unit price after discount is what the line cost per kit. */
export function orderLineUnitPrice(item: { price: number; quantity: number; totalPrice: number }): number {
  return item.quantity > 0 ? item.totalPrice / item.quantity : item.price;
}
