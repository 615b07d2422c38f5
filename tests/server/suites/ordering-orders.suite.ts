import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { FulfilmentType } from '../../../src/model/enums';
import { fulfilmentOf } from '../../../src/model/practice/practice';
import { OrderLookupSchema, OrderStatus, OrderStatusGroup, orderItemsTotal, ShipTo } from '../../../src/model/orders/order';
import { CheckoutValidationText as T, ProductKindText } from '../../../src/model/orders/texts';
import { OrderHistoryText } from '../../../src/model/orders/order-history';
import { OrderingServerText } from '../../../server/routes/orders/texts';
import { PRACTICE_IDS, SEED_PRODUCTS } from '../../../server/seed/seed-data';
import { errorMessage, START, type TestServer } from '../support/harness';
import {
  clinicOrder,
  LAKESIDE_ADDRESS,
  orderCount,
  patientOrder,
  placed,
  placeOrder,
  PRODUCT,
  SUMMIT,
  tokenOf,
} from './ordering-fixtures.suite';

export function orderingOrdersSuite(server: () => TestServer): void {
  describe('POST /Orders/ by an invoice (Net 30) practice', () => {
    it('places the order at the server’s prices and tiers, received, to the practice', async () => {
      const token = await tokenOf(server(), 'hcp.net30');
      // Prices a client might send are not part of the request and change nothing.
      const body = clinicOrder({
        items: [
          { productId: PRODUCT.health, quantity: 12, price: 1 },
          { productId: PRODUCT.combo, quantity: 2 },
        ],
      });
      const order = placed(await placeOrder(server(), token, body));
      expect(order.number).toMatch(/^\d{6,}$/);
      expect(order).toMatchObject({
        customer: 'Lakeside Internal Medicine',
        shippingType: 'UPS Ground',
        orderDate: START.toISOString(),
        status: { status: OrderStatus.OrderReceived, group: OrderStatusGroup.Received, date: START.toISOString() },
        statusHistory: [
          {
            status: OrderStatus.OrderReceived,
            group: OrderStatusGroup.Received,
            date: START.toISOString(),
            description: OrderHistoryText.received,
          },
        ],
        total: 12 * 375 + 2 * 550,
        discount: 12 * 15,
        shippingPrice: 0,
      });
      expect(order.items).toEqual([
        {
          product: { id: 78, uid: PRODUCT.health, name: 'Health Test', description: SEED_PRODUCTS.find((p) => p.id === 78)?.description },
          price: 375,
          discount: 15,
          quantity: 12,
          totalPrice: 12 * 360,
        },
        {
          product: {
            id: 79,
            uid: PRODUCT.combo,
            name: 'Biological Age and Health Combo',
            description: SEED_PRODUCTS.find((p) => p.id === 79)?.description,
          },
          price: 550,
          discount: 0,
          quantity: 2,
          totalPrice: 1100,
        },
      ]);
      // Ordering §3: the status panel's total − discount + shipping equals the detail page's sum of lines.
      expect(order.total - order.discount + order.shippingPrice).toBe(orderItemsTotal(order));
      const [stored] = await server().db.query<{ payment_method: string | null; ship_to: string; fulfillment: number }>(
        'SELECT payment_method, ship_to, fulfillment FROM orders WHERE number = $1',
        [order.number],
      );
      expect(stored).toEqual({ payment_method: null, ship_to: ShipTo.Clinic, fulfillment: FulfilmentType.Physical });
    });

    it('names the patient as the customer when kits go to another address', async () => {
      const order = placed(await placeOrder(server(), await tokenOf(server(), 'hcp.net30'), patientOrder()));
      expect(order.customer).toBe('Nora Lindqvist');
    });

    it('ships abroad to a listed country by an international carrier', async () => {
      const body = clinicOrder({
        shippingInformation: {
          country: 'CA',
          state: '',
          city: 'Toronto',
          zipCode: 'M5V 2T6',
          addressLine1: '100 King Street West',
          addressLine2: '',
        },
      });
      const order = placed(await placeOrder(server(), await tokenOf(server(), 'hcp.net30'), body));
      expect(order.shippingType).toBe('FedEx International Priority');
    });

    it('also takes POST /Orders without the trailing slash', async () => {
      const token = await tokenOf(server(), 'hcp.net30');
      const answer = await server().call('POST', '/Orders', { token, body: clinicOrder() });
      expect(placed(answer).customer).toBe('Lakeside Internal Medicine');
      expect(await orderCount(server(), PRACTICE_IDS.lakeside)).toBe(1);
    });

    it('gives numbers that are unique and increasing', async () => {
      const token = await tokenOf(server(), 'hcp.net30');
      const first = placed(await placeOrder(server(), token, clinicOrder()));
      const second = placed(await placeOrder(server(), token, clinicOrder()));
      expect(Number(second.number)).toBeGreaterThan(Number(first.number));
    });

    it('refuses incomplete billing information with the texts of ordering §5 and stores nothing', async () => {
      const token = await tokenOf(server(), 'multi.practice', SUMMIT);
      const answer = await placeOrder(server(), token, clinicOrder({ shippingInformation: { ...LAKESIDE_ADDRESS } }));
      expect(answer.status).toBe(400);
      expect(errorMessage(answer.body)).toBe(T.invoicePhoneRequired);
      expect(await orderCount(server(), PRACTICE_IDS.summit)).toBe(0);
    });

    it('refuses a practice without invoice contact or billing address, naming every missing part', async () => {
      await server().db.query('UPDATE practices SET invoice_contact = NULL, billing_address = NULL WHERE id = $1', [PRACTICE_IDS.lakeside]);
      const answer = await placeOrder(server(), await tokenOf(server(), 'hcp.net30'), clinicOrder());
      expect(answer.status).toBe(400);
      expect(errorMessage(answer.body)).toBe(
        [
          T.invoiceEmailRequired,
          T.invoicePhoneRequired,
          T.officeAddressRequired,
          T.billingCityRequired,
          T.billingZipRequired,
          T.billingCountryRequired,
        ].join('; '),
      );
    });

    it('refuses a billing address without a state for a country that lists states', async () => {
      await server().db.query(`UPDATE practices SET billing_address = billing_address || '{"state": ""}'::jsonb WHERE id = $1`, [
        PRACTICE_IDS.lakeside,
      ]);
      const answer = await placeOrder(server(), await tokenOf(server(), 'hcp.net30'), clinicOrder());
      expect(errorMessage(answer.body)).toBe(T.billingStateRequired);
    });

    it('refuses a card from an invoice payer', async () => {
      const answer = await placeOrder(server(), await tokenOf(server(), 'hcp.net30'), clinicOrder({ paymentMethod: 'pm_card_visa' }));
      expect(answer.status).toBe(400);
      expect(errorMessage(answer.body)).toBe(OrderingServerText.invoiceWithCard);
    });
  });

  describe('POST /Orders/ by a digital practice', () => {
    it('needs no shipping information, and its shipping type is None', async () => {
      const token = await tokenOf(server(), 'unknown.unit');
      const body = clinicOrder({ fulfillment: FulfilmentType.Digital, shippingInformation: null });
      const order = placed(await placeOrder(server(), token, body));
      expect(order).toMatchObject({ shippingType: 'None', customer: 'Maple Street Clinic' });
    });

    it('refuses a physical order, and a physical practice refuses a digital one', async () => {
      const digital = await placeOrder(server(), await tokenOf(server(), 'unknown.unit'), clinicOrder());
      expect(errorMessage(digital.body)).toBe(OrderingServerText.fulfilmentMismatch(FulfilmentType.Digital));
      const physical = await placeOrder(
        server(),
        await tokenOf(server(), 'hcp.net30'),
        clinicOrder({ fulfillment: FulfilmentType.Digital, shippingInformation: null }),
      );
      expect(errorMessage(physical.body)).toBe(OrderingServerText.fulfilmentMismatch(FulfilmentType.Physical));
    });
  });

  describe('POST /Orders/ by a practice whose stored fulfilment type is neither Digital (0) nor Physical (1)', () => {
    it('takes the physical order its checkout sends, by the same rule (fulfilmentOf), and refuses a digital one truly', async () => {
      await server().db.query('UPDATE practices SET fulfilment_type = 7 WHERE id = $1', [PRACTICE_IDS.lakeside]);
      // What the checkout decides for this practice: the one rule both sides call.
      expect(fulfilmentOf({ fulfilmentType: 7 })).toBe(FulfilmentType.Physical);
      const token = await tokenOf(server(), 'hcp.net30');
      const order = placed(await placeOrder(server(), token, clinicOrder({ fulfillment: fulfilmentOf({ fulfilmentType: 7 }) })));
      expect(order).toMatchObject({ shippingType: 'UPS Ground', customer: 'Lakeside Internal Medicine' });
      const [stored] = await server().db.query<{ fulfillment: number }>('SELECT fulfillment FROM orders WHERE number = $1', [order.number]);
      expect(stored?.fulfillment).toBe(FulfilmentType.Physical);

      const digital = await placeOrder(server(), token, clinicOrder({ fulfillment: FulfilmentType.Digital, shippingInformation: null }));
      expect(digital.status).toBe(400);
      expect(errorMessage(digital.body)).toBe(OrderingServerText.fulfilmentMismatch(FulfilmentType.Physical));
      expect(await orderCount(server(), PRACTICE_IDS.lakeside)).toBe(1);
    });
  });

  describe('POST /Orders/ by a practice whose stored billing type is neither PerOrder (1) nor Net30 (4)', () => {
    it('invoices it, as its checkout shows the Net 30 notice (knownBillingType), and refuses a card as from any invoice payer', async () => {
      await server().db.query('UPDATE practices SET billing_type = 7 WHERE id = $1', [PRACTICE_IDS.lakeside]);
      const token = await tokenOf(server(), 'hcp.net30');
      const order = placed(await placeOrder(server(), token, clinicOrder()));
      const [stored] = await server().db.query<{ payment_method: string | null }>('SELECT payment_method FROM orders WHERE number = $1', [
        order.number,
      ]);
      expect(stored?.payment_method).toBeNull();
      const card = await placeOrder(server(), token, clinicOrder({ paymentMethod: 'pm_card_visa' }));
      expect(card.status).toBe(400);
      expect(errorMessage(card.body)).toBe(OrderingServerText.invoiceWithCard);
    });
  });

  describe('POST /Orders/ refuses a request that breaks a rule, with 400 and nothing stored', () => {
    const withAddress = (change: Record<string, string>) => clinicOrder({ shippingInformation: { ...LAKESIDE_ADDRESS, ...change } });
    const withPatient = (change: Record<string, string>) =>
      patientOrder({ customerInformation: { ...(patientOrder().customerInformation as object), ...change } });

    it.each([
      ['address line 1 missing', withAddress({ addressLine1: ' ' }), T.addressRequired],
      ['a PO box in line 1', withAddress({ addressLine1: 'PO Box 12' }), T.poBox],
      ['a PO box in line 2', withAddress({ addressLine2: 'P.O. Box 771' }), T.poBox],
      ['city missing', withAddress({ city: '' }), T.cityRequired],
      ['state missing in the US', withAddress({ state: '' }), T.stateRequired],
      ['zip code missing', withAddress({ zipCode: '' }), T.zipRequired],
      ['country missing', withAddress({ country: '' }), T.countryRequired],
      ['no shipping information', clinicOrder({ shippingInformation: null }), T.addressRequired],
      ['first name missing', withPatient({ firstName: '' }), T.firstNameRequired],
      ['last name missing', withPatient({ lastName: '' }), T.lastNameRequired],
      ['email missing', withPatient({ email: '' }), T.emailRequired],
      ['email invalid', withPatient({ email: 'nora@mail' }), T.emailInvalid],
      ['phone missing', withPatient({ phone: '' }), T.phoneRequired],
      ['no customer for another address', patientOrder({ customerInformation: null }), T.firstNameRequired],
      ['no items', clinicOrder({ items: [] }), T.itemsRequired],
      ['a quantity of 0', clinicOrder({ items: [{ productId: PRODUCT.age, quantity: 0 }] }), T.quantityInvalid],
      ['a negative quantity', clinicOrder({ items: [{ productId: PRODUCT.age, quantity: -2 }] }), T.quantityInvalid],
      ['a fractional quantity', clinicOrder({ items: [{ productId: PRODUCT.age, quantity: 2.5 }] }), T.quantityInvalid],
      ['a quantity as text', clinicOrder({ items: [{ productId: PRODUCT.age, quantity: '2' }] }), T.quantityInvalid],
      [
        'an unknown product',
        clinicOrder({ items: [{ productId: 'product-nope', quantity: 1 }] }),
        OrderingServerText.unknownProducts(['product-nope']),
      ],
      ['a country kits are not shipped to', withAddress({ country: 'BR', state: '' }), T.countryNotShippable],
    ])('%s', async (_case, body, text) => {
      const answer = await placeOrder(server(), await tokenOf(server(), 'hcp.net30'), body);
      expect(answer.status).toBe(400);
      expect(errorMessage(answer.body)).toContain(text);
      expect(await orderCount(server(), PRACTICE_IDS.lakeside)).toBe(0);
    });

    it('refuses a product the practice’s unit type may not order, naming it: a clinic orders kits, an institution processing', async () => {
      const msa = SEED_PRODUCTS.find((product) => product.uid === PRODUCT.msa);
      const combo = SEED_PRODUCTS.find((product) => product.uid === PRODUCT.combo);
      const clinic = await placeOrder(
        server(),
        await tokenOf(server(), 'hcp.net30'),
        clinicOrder({
          items: [
            { productId: PRODUCT.health, quantity: 1 },
            { productId: PRODUCT.msa, quantity: 2 },
          ],
        }),
      );
      expect(clinic.status).toBe(400);
      expect(errorMessage(clinic.body)).toBe(ProductKindText.notOrderable([msa?.name ?? ''], 'kit'));
      expect(await orderCount(server(), PRACTICE_IDS.lakeside)).toBe(0);

      const institution = await placeOrder(
        server(),
        await tokenOf(server(), 'irc.user'),
        clinicOrder({ items: [{ productId: PRODUCT.combo, quantity: 1 }] }),
      );
      expect(institution.status).toBe(400);
      expect(errorMessage(institution.body)).toBe(ProductKindText.notOrderable([combo?.name ?? ''], 'processing'));
      expect(await orderCount(server(), PRACTICE_IDS.westbrook)).toBe(0);
    });

    it('answers 401 without a token', async () => {
      expect((await placeOrder(server(), undefined, clinicOrder())).status).toBe(401);
      expect((await server().call('POST', '/Orders', { body: clinicOrder() })).status).toBe(401);
    });
  });

  describe('GET /Orders/{number}', () => {
    it('answers the practice’s order as it was placed', async () => {
      const token = await tokenOf(server(), 'hcp.net30');
      const order = placed(await placeOrder(server(), token, patientOrder()));
      const answer = await server().call('GET', `/Orders/${order.number}`, { token });
      expect(answer.status).toBe(200);
      expect(v.parse(OrderLookupSchema, answer.body)).toEqual(order);
    });

    it('tells where the order went and how it was paid: the other address and its recipient, a Net 30 invoice', async () => {
      const token = await tokenOf(server(), 'hcp.net30');
      const order = placed(await placeOrder(server(), token, patientOrder()));
      const detail = v.parse(OrderLookupSchema, (await server().call('GET', `/Orders/${order.number}`, { token })).body);
      expect(detail).toMatchObject({
        shipTo: ShipTo.Patient,
        customerInformation: { firstName: 'Nora', lastName: 'Lindqvist' },
        payment: { method: 'Invoice', brand: null, last4: null },
        // Placed just now: no kit yet, and the list says so rather than leaving it out.
        kits: [],
      });
      expect(detail?.shippingInformation?.addressLine1).toBeTruthy();
      const clinic = placed(await placeOrder(server(), token, clinicOrder()));
      const atPractice = v.parse(OrderLookupSchema, (await server().call('GET', `/Orders/${clinic.number}`, { token })).body);
      expect(atPractice).toMatchObject({ shipTo: ShipTo.Clinic, customerInformation: null, shippingInformation: LAKESIDE_ADDRESS });
    });

    it('names the card an order was paid with by its brand and last four, kept on the order', async () => {
      const token = await tokenOf(server(), 'hcp.checkout');
      const methods = (await server().call('GET', '/Payments/Methods', { token })).body as { id: string; brand: string; last4: string }[];
      const card = methods[0];
      if (!card) throw new Error('hcp.checkout’s practice has no saved card');
      const order = placed(
        await placeOrder(
          server(),
          token,
          clinicOrder({
            shippingInformation: {
              country: 'US',
              state: 'CA',
              city: 'Sacramento',
              zipCode: '95815',
              addressLine1: '1200 River Park Drive',
            },
            paymentMethod: card.id,
          }),
        ),
      );
      expect(order.payment).toEqual({ method: 'Card', brand: card.brand, last4: card.last4 });
    });

    it('lists the order’s kits with their status; the orders list leaves them out', async () => {
      const token = await tokenOf(server(), 'hcp.checkout');
      const list = (await server().call('GET', '/Orders?filter_status_equals=Shipped&pageSize=20', { token })).body as {
        items: { number: string; kits?: unknown }[];
      };
      expect(list.items.length).toBeGreaterThan(0);
      expect(list.items.every((item) => item.kits === null || item.kits === undefined)).toBe(true);
      const details = await Promise.all(
        list.items.map(async (item) => v.parse(OrderLookupSchema, (await server().call('GET', `/Orders/${item.number}`, { token })).body)),
      );
      const withKits = details.find((detail) => (detail?.kits?.length ?? 0) > 0);
      if (!withKits?.kits) throw new Error('no seeded Shipped order of hcp.checkout has kits');
      for (const kit of withKits.kits) {
        expect(kit.barcode).toBeTruthy();
        expect(typeof kit.status).toBe('number');
        expect(kit.productName).toBeTruthy();
        // Each is the practice's kit of this order.
        const found = await server().call('GET', `/Kits/${kit.barcode}`, { token });
        expect(found.status).toBe(200);
      }
    });

    it('answers null for a number the practice has not, and for another practice’s order', async () => {
      const order = placed(await placeOrder(server(), await tokenOf(server(), 'hcp.net30'), clinicOrder()));
      const other = await tokenOf(server(), 'multi.practice', SUMMIT);
      for (const number of [order.number, '999999999', 'not-a-number']) {
        const answer = await server().call('GET', `/Orders/${number}`, { token: other });
        expect(answer.status, number).toBe(200);
        expect(answer.body, number).toBeNull();
      }
    });

    it('answers 401 without a token', async () => {
      expect((await server().call('GET', '/Orders/100001')).status).toBe(401);
    });
  });
}
