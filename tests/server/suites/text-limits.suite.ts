import { describe, expect, it } from 'vitest';
import { LimitText, TextLimit } from '../../../src/model/limits';
import { PRACTICE_IDS } from '../../../server/seed/seed-data';
import { errorMessage, snapshot, type TestServer } from '../support/harness';
import { clinicOrder, LAKESIDE_ADDRESS, tokenOf } from './ordering-fixtures.suite';

/**
 * Issue 37 item 1: a text longer than its field's limit is refused with a 400 whose message names the field (as the
 * request names it, then as the form labels it), before any work is done, and nothing is stored.
 */

const over = (max: number, letter = 'x') => letter.repeat(max + 1);

/** What Riverside's settings form sends, with the name given. */
const practiceBody = (name: string) => ({
  id: PRACTICE_IDS.riverside,
  name,
  phone: '(916) 555-0199',
  contactPersonFirstName: 'Maya',
  contactPersonLastName: 'Ortiz',
  address: { addressLine1: '77 Market Street', addressLine2: '', city: 'Portland', state: 'OR', zipCode: '97205', country: 'US' },
});

interface Refusal {
  readonly label: string;
  /** Who calls; none for a call made before signing in. */
  readonly username?: string;
  readonly method: 'POST' | 'PUT' | 'GET';
  readonly path: string;
  readonly body?: unknown;
  readonly message: string;
}

const REFUSALS: readonly Refusal[] = [
  {
    label: 'a sign-in username over 254 characters',
    method: 'POST',
    path: '/Auth',
    body: { username: over(TextLimit.login), password: 'Secret-123', rememberMe: false },
    message: `username: ${LimitText.tooLong('Username or email', TextLimit.login)}`,
  },
  {
    label: 'a new team member’s first name over 100 characters',
    username: 'hcp.checkout',
    method: 'POST',
    path: '/Users',
    body: { firstName: over(TextLimit.name), lastName: 'Okafor', email: 'chidi.okafor@clinic.example', phone: '555 0101', userType: 3 },
    message: 'firstName: First name must be at most 100 characters long',
  },
  {
    label: 'a practice name over 100 characters',
    username: 'hcp.checkout',
    method: 'PUT',
    path: '/Practices',
    body: practiceBody(over(TextLimit.name)),
    message: 'name: Practice name must be at most 100 characters long',
  },
  {
    label: 'a webhook endpoint URL over 2,048 characters',
    username: 'hcp.checkout',
    method: 'POST',
    path: '/Webhooks',
    body: { endpoint: `https://hooks.example.com/${over(TextLimit.url)}`, events: ['KitStatusChanged'] },
    message: 'endpoint: Endpoint URL must be at most 2,048 characters long',
  },
  {
    label: 'a patient’s own address line over 200 characters',
    username: 'patient',
    method: 'PUT',
    path: '/Patients/Me',
    body: {
      firstName: 'Isla',
      lastName: 'Jensen',
      phone: '(916) 555-0199',
      address: {
        addressLine1: over(TextLimit.addressLine),
        addressLine2: '',
        city: 'Sacramento',
        state: 'CA',
        zipCode: '95818',
        country: 'US',
      },
    },
    message: 'address.addressLine1: Address line 1 must be at most 200 characters long',
  },
  {
    label: 'an order’s shipping address line over 200 characters',
    username: 'hcp.net30',
    method: 'POST',
    path: '/Orders/',
    body: clinicOrder({ shippingInformation: { ...LAKESIDE_ADDRESS, addressLine2: over(TextLimit.addressLine) } }),
    message: 'shippingInformation.addressLine2: Address line 2 must be at most 200 characters long',
  },
  {
    label: 'a team search over 200 characters',
    username: 'hcp.checkout',
    method: 'GET',
    path: `/Users?searchQuery=${over(TextLimit.search)}`,
    message: 'searchQuery: must be text of at most 200 characters',
  },
  {
    label: 'an orders filters text over 6,000 characters',
    username: 'hcp.checkout',
    method: 'GET',
    path: `/Orders?filters=${encodeURIComponent(`[${' '.repeat(TextLimit.filters)}]`)}`,
    message: 'filters: must be at most 6,000 characters long',
  },
];

export function textLimitsSuite(server: () => TestServer): void {
  describe('text limits (issue 37 item 1): 400 naming the field, nothing stored', () => {
    it.each(REFUSALS)('refuses $label', async ({ username, method, path, body, message }) => {
      const token = username ? await tokenOf(server(), username) : undefined;
      const before = await snapshot(server().db);
      const answer = await server().call(method, path, { token, body });
      expect(answer.status, JSON.stringify(answer.body)).toBe(400);
      expect(errorMessage(answer.body)).toBe(message);
      expect(await snapshot(server().db)).toBe(before);
    });

    it('takes a practice name of exactly 100 characters', async () => {
      const token = await tokenOf(server(), 'hcp.checkout');
      const answer = await server().call('PUT', '/Practices', { token, body: practiceBody('P'.repeat(TextLimit.name)) });
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      expect(answer.body).toMatchObject({ name: 'P'.repeat(TextLimit.name) });
    });

    it('refuses a NUL in a team member’s last name, naming the field', async () => {
      const token = await tokenOf(server(), 'hcp.checkout');
      const body = { firstName: 'Chidi', lastName: 'Oka\u0000for', email: 'chidi.okafor@clinic.example', phone: '555 0101', userType: 3 };
      const before = await snapshot(server().db);
      const answer = await server().call('POST', '/Users', { token, body });
      expect(answer.status).toBe(400);
      expect(errorMessage(answer.body)).toBe('lastName: Last name contains a character that is not allowed');
      expect(await snapshot(server().db)).toBe(before);
    });
  });
}
