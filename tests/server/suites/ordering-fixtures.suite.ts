import * as v from 'valibot';
import { expect } from 'vitest';
import { SessionUserSchema } from '../../../src/model/auth/auth';
import { FulfilmentType } from '../../../src/model/enums';
import { OrderSchema, ShipTo, type Order } from '../../../src/model/orders/order';
import type { Cards } from '../../../server/payments/cards';
import { HttpError } from '../../../server/http/errors';
import { accountIdOf, PRACTICE_IDS } from '../../../server/seed/seed-data';
import type { Answer, TestServer } from '../support/harness';
import { countOrders } from '../../../server/store/orders/orders';

/** What the ordering suites share: no tests here, only sign-ins, request bodies and a fake card provider. */

export const PRODUCT = {
  combo: 'product-age-and-health-combo',
  age: 'product-biological-age-test',
  health: 'product-health-test',
  genetics: 'product-genetic-analysis',
  pgx: 'product-pharmacogenomics-test',
  /** Array processing, which only research and processing customers (CPS, IRC) order (issue 40 item 5). */
  msa: 'product-msa-processing',
} as const;

/** Lakeside's own address, as the checkout sends it when shipping to the practice. */
export const LAKESIDE_ADDRESS = {
  country: 'US',
  state: 'IL',
  city: 'Chicago',
  zipCode: '60611',
  addressLine1: '455 North Lake Shore Drive',
  addressLine2: 'Floor 3',
} as const;

export const PATIENT = { firstName: 'Nora', lastName: 'Lindqvist', email: 'nora.lindqvist@mail.example', phone: '(312) 555-0101' } as const;

export type OrderBody = Record<string, unknown>;

/** A physical order shipped to the practice, paid by invoice: what hcp.net30's checkout sends. */
export function clinicOrder(overrides: OrderBody = {}): OrderBody {
  return {
    customerInformation: null,
    shippingInformation: { ...LAKESIDE_ADDRESS },
    items: [{ productId: PRODUCT.health, quantity: 2 }],
    paymentMethod: null,
    fulfillment: FulfilmentType.Physical,
    shipTo: ShipTo.Clinic,
    ...overrides,
  };
}

/** A physical order shipped to a patient's own address. */
export function patientOrder(overrides: OrderBody = {}): OrderBody {
  return clinicOrder({
    customerInformation: { ...PATIENT },
    shippingInformation: {
      country: 'US',
      state: 'IL',
      city: 'Evanston',
      zipCode: '60201',
      addressLine1: '812 Maple Avenue',
      addressLine2: '',
    },
    shipTo: ShipTo.Patient,
    ...overrides,
  });
}

/** Signs in and, for an account that is not the person's first, switches to it; answers the access token. */
export async function tokenOf(server: TestServer, username: string, account?: { uid: string; practiceId: number }): Promise<string> {
  const user = await server.signIn(username);
  if (!account) return user.accessToken.token;
  const switched = await server.call('POST', '/Auth/Account/Switch', {
    token: user.accessToken.token,
    body: { userId: accountIdOf(account.uid), practiceId: account.practiceId, rememberMe: false },
  });
  expect(switched.status).toBe(200);
  return v.parse(SessionUserSchema, switched.body).accessToken.token;
}

/** Grace Hall's Summit Wellness Clinic account: Net 30 without an invoice phone. */
export const SUMMIT = { uid: 'user-grace-hall-summit-provider', practiceId: PRACTICE_IDS.summit } as const;

export function placeOrder(server: TestServer, token: string | undefined, body: OrderBody, key?: string): Promise<Answer> {
  return server.call('POST', '/Orders/', { token, body, headers: key ? { 'Idempotency-Key': key } : {} });
}

/** The answer of a placed order, checked against the contract's shape. */
export function placed(answer: Answer): Order {
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return v.parse(OrderSchema, answer.body);
}

/** The orders the practice placed, as the test route counts them: the demo seed's orders are not counted. */
export async function orderCount(server: TestServer, practiceId: number): Promise<number> {
  return countOrders(server.db, practiceId);
}

type Charge = Parameters<Cards['charge']>[0];

/** A card provider that knows the cards it is given, records every charge, and refuses when told to. */
export class FakeCards implements Cards {
  readonly charges: Charge[] = [];
  refusal: string | null = null;

  constructor(private readonly owned: Readonly<Record<number, readonly string[]>>) {}

  list(): Promise<never[]> {
    return Promise.resolve([]);
  }

  attach(): Promise<never> {
    return Promise.reject(new Error('Not used by the ordering suites'));
  }

  setDefault(): Promise<null> {
    return Promise.resolve(null);
  }

  remove(): Promise<'not-found'> {
    return Promise.resolve('not-found');
  }

  owns(practiceId: number, paymentMethodId: string): Promise<boolean> {
    return Promise.resolve(this.owned[practiceId]?.includes(paymentMethodId) ?? false);
  }

  async charge(charge: Charge): Promise<void> {
    // A real provider answers after a network round trip; two requests can overlap meanwhile.
    await new Promise((resolve) => setTimeout(resolve, 20));
    if (this.refusal) throw new HttpError(400, this.refusal);
    this.charges.push(charge);
  }

  reset(): void {
    this.charges.length = 0;
    this.refusal = null;
  }
}
