import { beforeAll, describe, expect, it } from 'vitest';
import { MALFORMED_JSON_MESSAGE, NOT_AN_OBJECT_MESSAGE } from '../../../server/http/validation';
import { DEMO_PASSWORD } from '../../../server/seed/seed';
import { accountIdOf, PRACTICE_IDS } from '../../../server/seed/seed-data';
import { errorMessage, snapshot, type TestServer } from '../support/harness';

interface BodyCase {
  readonly path: string;
  /** Who signs in first to call it, for the authenticated routes. */
  readonly caller?: string;
  readonly valid: Readonly<Record<string, unknown>>;
  readonly missing: string;
  readonly wrongType: readonly [string, unknown];
}

const NEW_PASSWORD = 'Valid-Password-9!';

/** Every route that reads a body, each with a body it would accept, a field to drop and a field to mistype. */
const BODY_ROUTES: readonly BodyCase[] = [
  {
    path: '/Auth',
    valid: { username: 'hcp.checkout', password: DEMO_PASSWORD, rememberMe: false },
    missing: 'password',
    wrongType: ['rememberMe', 'yes'],
  },
  { path: '/Auth/refresh', valid: { refreshToken: 'some-token' }, missing: 'refreshToken', wrongType: ['refreshToken', 42] },
  { path: '/Auth/Password/Forgot', valid: { username: 'hcp.checkout' }, missing: 'username', wrongType: ['username', ['hcp.checkout']] },
  {
    path: '/Auth/Password/Restore',
    valid: { restorePasswordToken: 'some-token', newPassword: NEW_PASSWORD, repeatNewPassword: NEW_PASSWORD },
    missing: 'newPassword',
    wrongType: ['repeatNewPassword', true],
  },
  {
    path: '/Auth/Password/Reset',
    caller: 'hcp.checkout',
    valid: { currentPassword: DEMO_PASSWORD, newPassword: NEW_PASSWORD, repeatNewPassword: NEW_PASSWORD },
    missing: 'currentPassword',
    wrongType: ['newPassword', 123],
  },
  {
    path: '/Auth/Account/Switch',
    caller: 'multi.practice',
    valid: { userId: accountIdOf('user-grace-hall-summit-provider'), practiceId: PRACTICE_IDS.summit, rememberMe: true },
    missing: 'practiceId',
    wrongType: ['rememberMe', 'true'],
  },
  {
    path: '/Auth/Migrate',
    caller: 'must.migrate',
    valid: { newPassword: NEW_PASSWORD, rememberMe: false },
    missing: 'newPassword',
    wrongType: ['rememberMe', 1],
  },
];

export function validationSuite(server: () => TestServer): void {
  describe.each(BODY_ROUTES)('POST $path refuses a bad body with 400 and writes nothing', (route) => {
    // An access token outlives the reseed before each test, so one sign-in serves the whole route.
    let token: string | undefined;
    beforeAll(async () => {
      if (route.caller) token = (await server().signIn(route.caller)).accessToken.token;
    });

    /** Sends one bad body and checks: 400, a message, a correlation id, and not one row changed. */
    async function expectRejected(send: { body?: unknown; raw?: string }, message: (text: string) => void): Promise<void> {
      const before = await snapshot(server().db);
      const answer = await server().call('POST', route.path, { ...send, token });
      expect(answer.status).toBe(400);
      const text = errorMessage(answer.body);
      expect(text).toBeTruthy();
      message(text ?? '');
      expect(answer.body).toMatchObject({ correlationId: answer.headers.get('X-Correlation-Id') });
      expect(await snapshot(server().db)).toBe(before);
    }

    it.each([
      ['truncated JSON', '{"username": "hcp.chec'],
      ['an empty body', ''],
      ['text that is not JSON', 'username=hcp.checkout'],
    ])('answers %s with the malformed JSON message', async (_case, raw) => {
      await expectRejected({ raw }, (text) => expect(text).toBe(MALFORMED_JSON_MESSAGE));
    });

    it.each([
      ['an array', []],
      ['null', null],
      ['a string', 'hello'],
      ['a number', 7],
    ])('answers a body that is %s, not an object, with the not-an-object message', async (_case, body) => {
      await expectRejected({ raw: JSON.stringify(body) }, (text) => expect(text).toBe(NOT_AN_OBJECT_MESSAGE));
    });

    it(`answers a missing ${route.missing} with a message naming it`, async () => {
      const body: Record<string, unknown> = { ...route.valid };
      delete body[route.missing];
      await expectRejected({ body }, (text) => expect(text).toContain(route.missing));
    });

    it(`answers a mistyped ${route.wrongType[0]} with a message naming it`, async () => {
      const [field, value] = route.wrongType;
      await expectRejected({ body: { ...route.valid, [field]: value } }, (text) => expect(text).toContain(field));
    });
  });

  describe('shared request rules', () => {
    it('answers a blank username like a missing one: "Username is required"', async () => {
      const answer = await server().call('POST', '/Auth', { body: { username: '   ', password: 'x', rememberMe: false } });
      expect(answer.status).toBe(400);
      expect(errorMessage(answer.body)).toBe('username: Username is required');
    });

    it('refuses restore passwords that differ with "Passwords do not match"', async () => {
      const answer = await server().call('POST', '/Auth/Password/Restore', {
        body: { restorePasswordToken: 't', newPassword: NEW_PASSWORD, repeatNewPassword: `${NEW_PASSWORD}x` },
      });
      expect(answer.status).toBe(400);
      expect(errorMessage(answer.body)).toBe('repeatNewPassword: Passwords do not match');
    });

    it('refuses new passwords that differ on change with "New passwords do not match"', async () => {
      const user = await server().signIn('hcp.checkout');
      const answer = await server().call('POST', '/Auth/Password/Reset', {
        token: user.accessToken.token,
        body: { currentPassword: DEMO_PASSWORD, newPassword: NEW_PASSWORD, repeatNewPassword: 'Other-Password-9!' },
      });
      expect(answer.status).toBe(400);
      expect(errorMessage(answer.body)).toBe('repeatNewPassword: New passwords do not match');
    });
  });
}
