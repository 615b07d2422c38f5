import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { FulfilmentType } from '../../src/model/enums';
import { customerErrors, isPoBox, shippingErrors } from '../../src/model/address/address-rules';
import { OrderRequestSchema, OrderStatus, OrderStatusGroup, orderStatusGroup, ShipTo } from '../../src/model/orders/order';
import { DiscountType, formatMoney, tierProgress, tierStanding } from '../../src/model/orders/pricing';
import { productImage, sortCatalogue, type Product } from '../../src/model/orders/product';
import { CheckoutValidationText as T } from '../../src/model/orders/texts';
import { fieldErrors } from '../../src/model/schema';

function product(id: number | string, sku: string | null = null): Product {
  return { id, uid: `uid-${id}`, name: `Product ${id}`, description: null, sku, price: 100 };
}

describe('the catalogue’s order (ordering §7: ids 79, 1, 78, 74, 47, then the rest)', () => {
  it('puts the priority products first in their order and keeps the server’s order for the rest', () => {
    const server = [5, 47, 200, 1, 74, 3, 79, 78, 150].map((id) => product(id));
    expect(sortCatalogue(server).map((p) => p.id)).toEqual([79, 1, 78, 74, 47, 5, 200, 3, 150]);
  });

  it('treats an id sent as digits like the number', () => {
    expect(sortCatalogue([product('47'), product(9), product('79')]).map((p) => p.id)).toEqual(['79', '47', 9]);
  });

  it('leaves a list without priority products as it came, and does not change its input', () => {
    const server = [product(9), product(4), product(6)];
    expect(sortCatalogue(server).map((p) => p.id)).toEqual([9, 4, 6]);
    expect(sortCatalogue([])).toEqual([]);
    const input = [product(1), product(79)];
    sortCatalogue(input);
    expect(input.map((p) => p.id)).toEqual([1, 79]);
  });
});

describe('a product’s image (ordering §3: the lowercase sku under /images/products/)', () => {
  it.each([
    ['TruAge', '/images/products/truage.svg'],
    ['TruHealthAgeCombo', '/images/products/truhealthagecombo.svg'],
    [' EPICv2 ', '/images/products/epicv2.svg'],
    ['Kit A/B', '/images/products/kit%20a%2Fb.svg'],
  ])('%j → %s', (sku, path) => {
    expect(productImage(sku)).toBe(path);
  });

  it.each([null, '', '   '])('has none without a sku (%j)', (sku) => {
    expect(productImage(sku)).toBeNull();
  });
});

describe('PO boxes (ordering §5: refused in address line 1 or 2)', () => {
  it.each(['PO Box 12', 'P.O. Box 771', 'p o box 5', 'POBox 9', 'Post Office Box 44', 'po box', 'P.O.B. 3', '12 Main St, PO Box 8'])(
    'recognises %j',
    (line) => {
      expect(isPoBox(line)).toBe(true);
    },
  );

  it.each(['Poblano Street 4', '18 Boxwood Road', 'Apollo Way 1', 'Postal Avenue', '', null, undefined])('accepts %j', (line) => {
    expect(isPoBox(line)).toBe(false);
  });
});

const ADDRESS = {
  country: 'US',
  state: 'IL',
  city: 'Chicago',
  zipCode: '60611',
  addressLine1: '455 North Lake Shore Drive',
  addressLine2: '',
};
const CUSTOMER = { firstName: 'Nora', lastName: 'Lindqvist', email: 'nora@mail.example', phone: '(312) 555-0101' };

describe('the shipping address rules (ordering §5, checkout, physical fulfilment)', () => {
  it('finds nothing wrong with a complete address', () => {
    expect(shippingErrors(ADDRESS)).toEqual({});
  });

  it('words every missing field exactly as the specification does', () => {
    expect(shippingErrors({})).toEqual({
      addressLine1: 'Address is required',
      city: 'City is required',
      zipCode: 'Zip code is required',
      country: 'Country is required',
    });
  });

  it('asks for the state only for a country with a state list (the US)', () => {
    expect(shippingErrors({ ...ADDRESS, state: ' ' })).toEqual({ state: 'State is required' });
    expect(shippingErrors({ ...ADDRESS, country: 'us', state: '' })).toEqual({ state: 'State is required' });
    expect(shippingErrors({ ...ADDRESS, country: 'CA', state: '' })).toEqual({});
  });

  it('refuses a PO box in either line with “We cannot ship to PO Boxes. Please enter a new address.”', () => {
    const poBox = 'We cannot ship to PO Boxes. Please enter a new address.';
    expect(shippingErrors({ ...ADDRESS, addressLine1: 'PO Box 12' })).toEqual({ addressLine1: poBox });
    expect(shippingErrors({ ...ADDRESS, addressLine2: 'P.O. Box 3' })).toEqual({ addressLine2: poBox });
  });

  it('says a field is too long or holds a control character after its other rules, judging the text as sent (trimmed)', () => {
    const long = 'a'.repeat(201);
    expect(shippingErrors({ ...ADDRESS, addressLine1: long, addressLine2: ` ${'b'.repeat(200)} `, city: 'Chi\u0000cago' })).toEqual({
      addressLine1: 'Address line 1 must be at most 200 characters long',
      city: 'City contains a character that is not allowed',
    });
    expect(shippingErrors({ ...ADDRESS, addressLine1: `PO Box ${long}`, zipCode: '6'.repeat(21) })).toEqual({
      addressLine1: 'We cannot ship to PO Boxes. Please enter a new address.',
      zipCode: 'Zip code must be at most 20 characters long',
    });
  });
});

describe('the customer rules (ordering §5, shipping to another address)', () => {
  it('finds nothing wrong with a complete customer', () => {
    expect(customerErrors(CUSTOMER)).toEqual({});
  });

  it('words every missing field exactly as the specification does', () => {
    expect(customerErrors({})).toEqual({
      firstName: 'First name is required',
      lastName: 'Last name is required',
      email: 'Email is required',
      phone: 'Phone number is required',
    });
  });

  it.each(['nora', 'nora@mail', 'nora @mail.example', '@mail.example'])(
    'refuses the email %j with “Please enter a valid email”',
    (email) => {
      expect(customerErrors({ ...CUSTOMER, email })).toEqual({ email: 'Please enter a valid email' });
    },
  );

  it('says a name over 100 characters, an email over 254 or a phone over 40 is too long, after the email’s format', () => {
    expect(
      customerErrors({ firstName: 'N'.repeat(101), lastName: 'L', email: `${'n'.repeat(250)}@mail.example`, phone: '5'.repeat(41) }),
    ).toEqual({
      firstName: 'First name must be at most 100 characters long',
      email: 'Email must be at most 254 characters long',
      phone: 'Phone number must be at most 40 characters long',
    });
    expect(customerErrors({ ...CUSTOMER, email: `${'n'.repeat(260)}` })).toEqual({ email: 'Please enter a valid email' });
  });
});

describe('tier progress (ordering §2: quantity ÷ (quantity + missing), bounded to 0..1)', () => {
  it.each([
    [5, 5, 0.5],
    [24, 1, 0.96],
    [0, 10, 0],
    [0, 0, 0],
    [12, -2, 1],
    [-3, 5, 0],
  ])('quantity %i with %i missing → %d', (quantity, missing, progress) => {
    expect(tierProgress(quantity, missing)).toBe(progress);
  });
});

describe('a cart line’s tier standing (ordering §2 tier messages)', () => {
  it('is the next tier with the kits missing and the saving, per kit and in total', () => {
    const discount = { Type: DiscountType.PricingTier, Name: 'Silver', NextTier: { MissingQuantity: 3, Discount: 30, Name: 'Gold' } };
    expect(tierStanding(22, discount)).toEqual({ kind: 'next', tier: 'Gold', missing: 3, perKit: 30, total: 750, progress: 22 / 25 });
  });

  it('is the next tier also from the standard tier, where no discount applies yet', () => {
    const discount = { Type: DiscountType.None, Name: null, NextTier: { MissingQuantity: 9, Discount: 15, Name: 'Silver' } };
    expect(tierStanding(1, discount)).toMatchObject({ kind: 'next', tier: 'Silver', missing: 9, total: 150, progress: 0.1 });
  });

  it('is the top tier when there is no next one', () => {
    expect(tierStanding(60, { Type: DiscountType.PricingTier, Name: 'Platinum', NextTier: null })).toEqual({
      kind: 'top',
      tier: 'Platinum',
      progress: 1,
    });
  });

  it('is none without a discount, or with a next tier that needs nothing more or has no name', () => {
    expect(tierStanding(3, null)).toEqual({ kind: 'none' });
    expect(tierStanding(3, { Type: DiscountType.None, Name: null, NextTier: null })).toEqual({ kind: 'none' });
    expect(
      tierStanding(3, { Type: DiscountType.None, Name: null, NextTier: { MissingQuantity: 0, Discount: 15, Name: 'Silver' } }),
    ).toEqual({
      kind: 'none',
    });
    expect(
      tierStanding(3, { Type: DiscountType.Promotion, Name: 'Spring', NextTier: { MissingQuantity: 2, Discount: 5, Name: null } }),
    ).toEqual({
      kind: 'none',
    });
  });
});

describe('money (ordering §9: two decimals)', () => {
  it.each([
    [0, '0.00'],
    [375, '375.00'],
    [12.5, '12.50'],
    [4870, '4,870.00'],
    [0.005, '0.01'],
    [19.999, '20.00'],
  ])('%d → %s', (amount, text) => {
    expect(formatMoney(amount)).toBe(text);
  });
});

describe('order status groups (ordering §4)', () => {
  it.each([
    [OrderStatus.Draft, OrderStatusGroup.Draft],
    [OrderStatus.OrderReceived, OrderStatusGroup.Received],
    [OrderStatus.KitIdGenerated, OrderStatusGroup.Received],
    [OrderStatus.KitIdsGenerationFailed, OrderStatusGroup.Received],
    [OrderStatus.Processed, OrderStatusGroup.Received],
    [OrderStatus.PaymentSucceeded, OrderStatusGroup.Received],
    [OrderStatus.PendingPayment, OrderStatusGroup.PendingPayment],
    [OrderStatus.PaymentFailed, OrderStatusGroup.PendingPayment],
    [OrderStatus.Shipped, OrderStatusGroup.Shipped],
    [OrderStatus.PartialOrderShipped, OrderStatusGroup.Shipped],
    [OrderStatus.Delivered, OrderStatusGroup.Completed],
    [OrderStatus.Completed, OrderStatusGroup.Completed],
    [OrderStatus.OrderCanceled, OrderStatusGroup.Canceled],
  ])('status %i is in the group %s', (status, group) => {
    expect(orderStatusGroup(status)).toBe(group);
  });

  it('covers every status code', () => {
    for (const status of Object.values(OrderStatus)) expect(Object.values(OrderStatusGroup)).toContain(orderStatusGroup(status));
  });
});

describe('the order request (ordering §3 and §5)', () => {
  const physical = {
    customerInformation: null,
    shippingInformation: ADDRESS,
    items: [{ productId: 'product-health-test', quantity: 2 }],
    paymentMethod: null,
    fulfillment: FulfilmentType.Physical,
    shipTo: ShipTo.Clinic,
  };

  /** The first message of each field a request breaks, as the server's 400 names them. */
  function problems(request: unknown): Record<string, string> {
    const result = v.safeParse(OrderRequestSchema, request);
    return result.success ? {} : fieldErrors(result.issues);
  }

  it('accepts a physical order to the practice, one to a patient, and a digital order without shipping', () => {
    expect(v.safeParse(OrderRequestSchema, physical).success).toBe(true);
    const patient = { ...physical, customerInformation: CUSTOMER, shipTo: ShipTo.Patient, paymentMethod: 'pm_123' };
    expect(v.safeParse(OrderRequestSchema, patient).success).toBe(true);
    const digital = { ...physical, shippingInformation: null, fulfillment: FulfilmentType.Digital };
    expect(v.safeParse(OrderRequestSchema, digital).success).toBe(true);
  });

  it.each([
    ['shippingInformation.addressLine1', { addressLine1: '' }, T.addressRequired],
    ['shippingInformation.addressLine1', { addressLine1: 'PO Box 12' }, T.poBox],
    ['shippingInformation.addressLine2', { addressLine2: 'Post Office Box 4' }, T.poBox],
    ['shippingInformation.city', { city: '' }, T.cityRequired],
    ['shippingInformation.state', { state: '' }, T.stateRequired],
    ['shippingInformation.zipCode', { zipCode: '' }, T.zipRequired],
    ['shippingInformation.country', { country: '' }, T.countryRequired],
  ])('refuses a physical order whose %s breaks a rule (%o) with “%s”', (path, change, message) => {
    expect(problems({ ...physical, shippingInformation: { ...ADDRESS, ...change } })).toEqual({ [path]: message });
  });

  it('refuses a physical order without shipping information with “Address is required”', () => {
    expect(problems({ ...physical, shippingInformation: null })).toEqual({ shippingInformation: T.addressRequired });
  });

  it.each([
    ['firstName', T.firstNameRequired],
    ['lastName', T.lastNameRequired],
    ['email', T.emailRequired],
    ['phone', T.phoneRequired],
  ])('refuses shipping to a patient without %s with “%s”', (field, message) => {
    const customerInformation = { ...CUSTOMER, [field]: ' ' };
    expect(problems({ ...physical, shipTo: ShipTo.Patient, customerInformation })).toEqual({ [`customerInformation.${field}`]: message });
  });

  it('refuses a patient’s invalid email, and shipping to a patient without a customer', () => {
    const customerInformation = { ...CUSTOMER, email: 'nora@mail' };
    expect(problems({ ...physical, shipTo: ShipTo.Patient, customerInformation })).toEqual({ 'customerInformation.email': T.emailInvalid });
    expect(problems({ ...physical, shipTo: ShipTo.Patient, customerInformation: null })).toEqual({
      customerInformation: T.firstNameRequired,
    });
  });

  it.each([0, -1, 1.5, '2', null])('refuses the quantity %o with “%s”', (quantity) => {
    expect(problems({ ...physical, items: [{ productId: 'product-health-test', quantity }] })).toEqual({
      'items.0.quantity': T.quantityInvalid,
    });
  });

  it('refuses an order without items, and a blank payment method', () => {
    expect(problems({ ...physical, items: [] })).toEqual({ items: T.itemsRequired });
    expect(problems({ ...physical, paymentMethod: '  ' })).toEqual({ paymentMethod: T.paymentMethodIdMissing });
  });

  it('names a field over its limit once, as the form does', () => {
    const result = v.safeParse(OrderRequestSchema, { ...physical, shippingInformation: { ...ADDRESS, city: 'c'.repeat(101) } });
    expect(result.issues?.map((issue) => [v.getDotPath(issue), issue.message])).toEqual([
      ['shippingInformation.city', 'City must be at most 100 characters long'],
    ]);
  });

  it('checks no address of a digital order', () => {
    expect(
      problems({ ...physical, fulfillment: FulfilmentType.Digital, shippingInformation: { ...ADDRESS, addressLine1: 'PO Box 1' } }),
    ).toEqual({});
  });
});
