import { isHcp } from '../../src/model/auth/roles';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { BillingType, FulfilmentType, UnitType } from '../../src/model/enums';
import {
  buildOrderRequest,
  checkoutBlocker,
  checkoutSubmission,
  initialCheckoutForm,
  initialPaymentChoice,
  invoiceBillingErrors,
  isDtc,
  orderLineUnitPrice,
  orderSuccessPath,
  paymentChoiceError,
  paysByCard,
  paysByInvoice,
  practiceHasAddress,
  shippingCountry,
  shippingLocation,
  type CheckoutContext,
  type CheckoutForm,
} from '../../src/model/orders/checkout';
import { OrderRequestSchema } from '../../src/model/orders/order';
import type { PaymentMethod } from '../../src/model/payments/payment';
import { CheckoutValidationText as T } from '../../src/model/orders/texts';
import { orderingConfiguration } from '../../src/model/orders/ordering';
import { fulfilmentOf, type Address } from '../../src/model/practice/practice';

const practiceAddress: Address = {
  addressLine1: '12 Harbor Way',
  addressLine2: null,
  city: 'Portland',
  state: 'ME',
  zipCode: '04101',
  country: 'United States',
};

const items = [
  { uid: 'prd-age', quantity: 3 },
  { uid: 'prd-health', quantity: 1 },
];

const context = (overrides: Partial<CheckoutContext> = {}): CheckoutContext => ({
  fulfillment: FulfilmentType.Physical,
  practiceAddress,
  items,
  paymentMethod: null,
  ...overrides,
});

const otherAddress = (overrides: Partial<CheckoutForm> = {}): CheckoutForm => ({
  ...initialCheckoutForm(),
  isShipToPractice: false,
  firstName: ' Ada ',
  lastName: 'Lovelace',
  email: 'ada@example.test',
  phone: '555-0101',
  addressLine1: '1 Analytical Row',
  addressLine2: '',
  city: 'Boston',
  state: 'MA',
  zipCode: '02110',
  country: 'US',
  ...overrides,
});

const card = (id: string, isDefault = false): PaymentMethod => ({
  id,
  brand: 'visa',
  last4: '4242',
  expMonth: 1,
  expYear: 2030,
  isDefault,
});

describe('the order request (ordering §3, README decisions)', () => {
  it('shipping to the practice sends the practice address, customerInformation null and shipTo "Clinic"', () => {
    const request = buildOrderRequest(initialCheckoutForm(), context());
    expect(request).toStrictEqual({
      customerInformation: null,
      shippingInformation: {
        country: 'US',
        state: 'ME',
        city: 'Portland',
        zipCode: '04101',
        addressLine1: '12 Harbor Way',
        addressLine2: '',
      },
      items: [
        { productId: 'prd-age', quantity: 3 },
        { productId: 'prd-health', quantity: 1 },
      ],
      paymentMethod: null,
      fulfillment: FulfilmentType.Physical,
      shipTo: 'Clinic',
    });
    expect(v.safeParse(OrderRequestSchema, request).success).toBe(true);
  });

  it('another address sends the trimmed customer and address with shipTo "Patient"', () => {
    const request = buildOrderRequest(otherAddress(), context({ paymentMethod: 'pm_123' }));
    expect(request.shipTo).toBe('Patient');
    expect(request.customerInformation).toStrictEqual({
      firstName: 'Ada',
      lastName: 'Lovelace',
      email: 'ada@example.test',
      phone: '555-0101',
    });
    expect(request.shippingInformation).toStrictEqual({
      country: 'US',
      state: 'MA',
      city: 'Boston',
      zipCode: '02110',
      addressLine1: '1 Analytical Row',
      addressLine2: '',
    });
    expect(request.paymentMethod).toBe('pm_123');
    expect(v.safeParse(OrderRequestSchema, request).success).toBe(true);
  });

  it('a state chosen for the US is not sent once the country has no state list', () => {
    const request = buildOrderRequest(otherAddress({ country: 'GB', state: 'MA', zipCode: 'SW1A 1AA' }), context());
    expect(request.shippingInformation).toMatchObject({ country: 'GB', state: '' });
  });

  it('a digital order sends neither customer nor address, as the practice\u2019s own order ("Clinic")', () => {
    const request = buildOrderRequest(otherAddress(), context({ fulfillment: FulfilmentType.Digital }));
    expect(request).toMatchObject({
      customerInformation: null,
      shippingInformation: null,
      shipTo: 'Clinic',
      fulfillment: FulfilmentType.Digital,
    });
    expect(shippingCountry(request)).toBeNull();
    expect(v.safeParse(OrderRequestSchema, request).success).toBe(true);
  });

  it('the geo-shipping check asks about the country the order ships to', () => {
    expect(shippingCountry(buildOrderRequest(otherAddress({ country: 'BR' }), context()))).toBe('BR');
    expect(shippingCountry(buildOrderRequest(initialCheckoutForm(), context()))).toBe('US');
  });
});

describe('the practice and the payer (ordering §1, §2, §5)', () => {
  it('the practice has an address when it has an address line 1', () => {
    expect(practiceHasAddress({ address: practiceAddress })).toBe(true);
    expect(practiceHasAddress({ address: { ...practiceAddress, addressLine1: '  ' } })).toBe(false);
    expect(practiceHasAddress({ address: null })).toBe(false);
    expect(practiceHasAddress(null)).toBe(false);
  });

  it('a practice ships kits unless it says digital', () => {
    expect(fulfilmentOf({ fulfilmentType: FulfilmentType.Digital })).toBe(FulfilmentType.Digital);
    expect(fulfilmentOf({ fulfilmentType: FulfilmentType.Physical })).toBe(FulfilmentType.Physical);
    expect(fulfilmentOf({ fulfilmentType: null })).toBe(FulfilmentType.Physical);
  });

  it('a stored fulfilment type the documents do not define ships kits too, as the server expects it', () => {
    for (const stored of [2, 7, -1]) expect(fulfilmentOf({ fulfilmentType: stored })).toBe(FulfilmentType.Physical);
    expect(fulfilmentOf(null)).toBe(FulfilmentType.Physical);
    expect(fulfilmentOf(undefined)).toBe(FulfilmentType.Physical);
  });

  it('the DTC flag of the geo-shipping check follows the unit type', () => {
    expect(isDtc(UnitType.DTC)).toBe(true);
    expect(isDtc(UnitType.HCP)).toBe(false);
    expect(isDtc(null)).toBe(false);
  });

  it('PerOrder practices pay by card; Net 30 and unknown practices are invoiced', () => {
    const perOrder = orderingConfiguration({ unitType: UnitType.HCP, billingType: BillingType.PerOrder });
    const net30 = orderingConfiguration({ unitType: UnitType.HCP, billingType: BillingType.Net30 });
    expect([paysByCard(perOrder), paysByInvoice(perOrder)]).toEqual([true, false]);
    expect([paysByCard(net30), paysByInvoice(net30)]).toEqual([false, true]);
    expect(paysByInvoice(orderingConfiguration(null))).toBe(true);
  });
});

describe('the payment choice (ordering §4, §5)', () => {
  it('preselects the default card, else the first; with no card it is forced to a new one', () => {
    expect(initialPaymentChoice([card('pm_a'), card('pm_b', true)])).toEqual({ paymentMode: 'saved', cardId: 'pm_b' });
    expect(initialPaymentChoice([card('pm_a'), card('pm_b')])).toEqual({ paymentMode: 'saved', cardId: 'pm_a' });
    expect(initialPaymentChoice([])).toEqual({ paymentMode: 'new', cardId: null });
    expect(initialCheckoutForm([card('pm_a')])).toMatchObject({
      paymentMode: 'saved',
      cardId: 'pm_a',
      country: 'US',
      isShipToPractice: true,
    });
  });

  it('a new card needs complete details: "Please enter valid card details"', () => {
    expect(paymentChoiceError({ paymentMode: 'new', cardId: null }, { cardComplete: false, methods: [] })).toBe(T.cardDetails);
    expect(paymentChoiceError({ paymentMode: 'new', cardId: null }, { cardComplete: true, methods: [] })).toBeNull();
    expect(T.cardDetails).toBe('Please enter valid card details');
  });

  it('a saved card needs one of the practice\u2019s cards chosen: "Please select a payment method to continue"', () => {
    const methods = [card('pm_a')];
    expect(paymentChoiceError({ paymentMode: 'saved', cardId: null }, { cardComplete: false, methods })).toBe(T.selectPaymentMethod);
    expect(paymentChoiceError({ paymentMode: 'saved', cardId: 'pm_gone' }, { cardComplete: false, methods })).toBe(T.selectPaymentMethod);
    expect(paymentChoiceError({ paymentMode: 'saved', cardId: 'pm_a' }, { cardComplete: false, methods })).toBeNull();
    expect(T.selectPaymentMethod).toBe('Please select a payment method to continue');
  });
});

describe('invoice (Net 30) billing information (ordering §5)', () => {
  const complete = {
    invoiceContact: { email: 'ap@clinic.test', phone: '555-0102', fax: null },
    billingAddress: { ...practiceAddress, country: 'US' },
  };

  it('passes with an invoice contact email and phone and a whole billing address', () => {
    expect(invoiceBillingErrors(complete)).toEqual([]);
  });

  it('names every missing part with the §5 texts', () => {
    expect(invoiceBillingErrors({ invoiceContact: null, billingAddress: null })).toEqual([
      'Invoice contact email is required',
      'Invoice contact phone is required',
      'Office address is required',
      'City is required',
      'Zip code is required',
      'Country is required',
    ]);
    expect(invoiceBillingErrors(null)).toHaveLength(6);
  });

  it('asks for the state only where the country has a state list', () => {
    expect(invoiceBillingErrors({ ...complete, billingAddress: { ...complete.billingAddress, state: '' } })).toEqual(['State is required']);
    expect(invoiceBillingErrors({ ...complete, billingAddress: { ...complete.billingAddress, state: null, country: 'Canada' } })).toEqual(
      [],
    );
    expect(invoiceBillingErrors({ ...complete, invoiceContact: { email: ' ', phone: '1', fax: null } })).toEqual([
      'Invoice contact email is required',
    ]);
  });

  it('blocks Place Order: without a practice address when shipping there, and with incomplete billing for invoice payers', () => {
    const practice = { address: practiceAddress, ...complete };
    const base = { physical: true, isShipToPractice: true, practice, invoice: true };
    expect(checkoutBlocker(base)).toBeNull();
    expect(checkoutBlocker({ ...base, practice: { ...practice, address: null } })).toBe('practiceAddressRequired');
    expect(checkoutBlocker({ ...base, practice: { ...practice, address: null }, isShipToPractice: false })).toBeNull();
    expect(checkoutBlocker({ ...base, practice: { ...practice, address: null }, physical: false })).toBeNull();
    expect(checkoutBlocker({ ...base, practice: { ...practice, billingAddress: null } })).toBe('billingIncomplete');
    expect(checkoutBlocker({ ...base, practice: { ...practice, billingAddress: null }, invoice: false })).toBeNull();
  });
});

describe('what Place Order sends (ordering §4, README decisions)', () => {
  const base = { fulfillment: FulfilmentType.Physical, practiceAddress, items };

  it('a card payer with a saved card sends that card\u2019s id; with a new card, the card is created first', () => {
    const saved = checkoutSubmission({ ...initialCheckoutForm([card('pm_a', true)]) }, { ...base, paysByCard: true });
    expect(saved).toMatchObject({ newCard: false, request: { paymentMethod: 'pm_a' } });
    const fresh = checkoutSubmission({ ...initialCheckoutForm(), paymentMode: 'new' }, { ...base, paysByCard: true });
    expect(fresh).toMatchObject({ newCard: true, request: { paymentMethod: null } });
  });

  it('an invoice payer sends paymentMethod null whatever the form holds', () => {
    const submission = checkoutSubmission({ ...initialCheckoutForm([card('pm_a')]) }, { ...base, paysByCard: false });
    expect(submission).toMatchObject({ newCard: false, request: { paymentMethod: null, shipTo: 'Clinic' } });
  });

  it('the order ships to the practice\u2019s country and zip, or to the form\u2019s, or nowhere when digital', () => {
    expect(shippingLocation(initialCheckoutForm(), base)).toEqual({ country: 'US', zipCode: '04101' });
    expect(shippingLocation(otherAddress({ country: 'CA', zipCode: ' K1A 0B1 ' }), base)).toEqual({ country: 'CA', zipCode: 'K1A 0B1' });
    expect(shippingLocation(otherAddress(), { ...base, fulfillment: FulfilmentType.Digital })).toBeNull();
  });

  it('HCP (and Unknown, treated as HCP) see the promo banner and asterisks; others do not', () => {
    expect([UnitType.HCP, UnitType.Unknown].map(isHcp)).toEqual([true, true]);
    expect([UnitType.CPS, UnitType.IRC, UnitType.DTC, null].map(isHcp)).toEqual([false, false, false, false]);
  });

  it('success leads to /orders/success with the order number', () => {
    expect(orderSuccessPath('A-1001')).toBe('/orders/success?number=A-1001');
    expect(orderSuccessPath('a b&c')).toBe('/orders/success?number=a%20b%26c');
  });
});

describe('the order success page\u2019s prices (ordering §2)', () => {
  it('the unit price after discount is the line total over the quantity', () => {
    expect(orderLineUnitPrice({ price: 375, quantity: 12, totalPrice: 4260 })).toBe(355);
    expect(orderLineUnitPrice({ price: 375, quantity: 0, totalPrice: 0 })).toBe(375);
  });
});
