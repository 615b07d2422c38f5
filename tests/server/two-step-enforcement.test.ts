import { Secret, TOTP } from 'otpauth';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { SessionUserSchema } from '../../src/model/auth/auth';
import { TwoStepRequirementText } from '../../src/model/auth/two-step-requirement';
import { TwoStepEnrolmentSchema } from '../../src/model/auth/two-step';
import { callName, TWO_STEP_SETUP_ALLOWED_CALLS } from '../../server/auth/require-two-step';
import { withTwoStepRequirement } from '../../server/auth/two-step-requirement';
import { findAccount } from '../../server/store/auth/accounts';
import { accountIdOf, PRACTICE_IDS } from '../../server/seed/seed-data';
import { errorMessage, useTestServer } from './support/harness';

/** Issue 44: the server holds a member of a practice that requires two-step sign-in to the account tab until they turn it on. */

const server = useTestServer('pglite');

async function requireAt(practiceId: number) {
  await server().db.query('UPDATE practices SET require_two_step = true WHERE id = $1::bigint', [practiceId]);
}

async function turnOn(token: string) {
  const begun = await server().call('POST', '/Users/Me/TwoStep/Enrolment', { token });
  expect(begun.status).toBe(200);
  const { manualKey } = v.parse(TwoStepEnrolmentSchema, begun.body);
  const code = new TOTP({ secret: Secret.fromBase32(manualKey.replace(/\s/g, '')), period: 30 }).generate({
    timestamp: server().clock.now().getTime(),
  });
  const confirmed = await server().call('POST', '/Users/Me/TwoStep/Confirmation', { token, body: { code } });
  expect(confirmed.status).toBe(200);
}

async function expectHeldBack(method: string, path: string, token: string, body?: unknown) {
  const answer = await server().call(method, path, { token, body });
  expect(answer.status, `${method} ${path}`).toBe(403);
  expect(errorMessage(answer.body)).toBe(TwoStepRequirementText.setupFirst);
}

describe('a member of a practice that requires two-step sign-in, without it', () => {
  it('is refused every practice call with 403 and the reason, however the path is written', async () => {
    await requireAt(PRACTICE_IDS.riverside);
    const { accessToken } = await server().signIn('hcp.checkout');
    await expectHeldBack('GET', '/Kits', accessToken.token);
    await expectHeldBack('POST', '/Orders', accessToken.token, {});
    await expectHeldBack('POST', '/Patients/', accessToken.token, {});
    await expectHeldBack('GET', '/Users', accessToken.token);
    await expectHeldBack('GET', '/Practices/TwoStep', accessToken.token);
    await expectHeldBack('GET', '/Activity/My', accessToken.token);
  });

  it('may read their user and practice, turn two-step sign-in on, refresh, switch and sign out', async () => {
    await requireAt(PRACTICE_IDS.riverside);
    const user = await server().signIn('hcp.checkout');
    const token = user.accessToken.token;
    expect((await server().call('GET', '/Users/Me', { token })).status).toBe(200);
    expect((await server().call('GET', '/Practices', { token })).status).toBe(200);
    expect((await server().call('GET', '/Users/Me/TwoStep', { token })).status).toBe(200);
    // The account tab's forms: an empty body is refused for what it lacks, not held back.
    for (const [method, path] of [
      ['PUT', '/Users/Me'],
      ['POST', '/Auth/Password/Reset'],
    ] as const) {
      const answer = await server().call(method, path, { token, body: {} });
      expect(answer.status, path).toBe(400);
    }
    // Not one of their accounts: refused for that reason, not held back.
    const switched = await server().call('POST', '/Auth/Account/Switch', {
      token,
      body: { userId: accountIdOf('user-grace-hall-summit-provider'), practiceId: PRACTICE_IDS.summit, rememberMe: false },
    });
    expect(switched.status).toBe(403);
    expect(errorMessage(switched.body)).not.toBe(TwoStepRequirementText.setupFirst);
    const refreshed = await server().call('POST', '/Auth/refresh', { body: { refreshToken: user.refreshToken?.token } });
    expect(refreshed.status).toBe(200);
    await turnOn(token);
    expect((await server().call('POST', '/Auth/SignOut', { body: { refreshToken: 'unknown' } })).status).toBe(200);
  });

  it('reaches everything once two-step sign-in is on, with the same token', async () => {
    await requireAt(PRACTICE_IDS.riverside);
    const { accessToken } = await server().signIn('hcp.checkout');
    await expectHeldBack('GET', '/Kits', accessToken.token);
    await turnOn(accessToken.token);
    expect((await server().call('GET', '/Kits', { token: accessToken.token })).status).toBe(200);
    expect((await server().call('GET', '/Practices/TwoStep', { token: accessToken.token })).status).toBe(200);
  });

  it('is held back again at once when the practice turns the requirement on mid-session: nothing is cached', async () => {
    const { accessToken } = await server().signIn('hcp.checkout');
    expect((await server().call('GET', '/Kits', { token: accessToken.token })).status).toBe(200);
    await requireAt(PRACTICE_IDS.riverside);
    await expectHeldBack('GET', '/Kits', accessToken.token);
  });
});

describe('who the requirement leaves alone', () => {
  it('a member of a practice that does not require it', async () => {
    await requireAt(PRACTICE_IDS.riverside);
    const { accessToken } = await server().signIn('hcp.net30');
    expect((await server().call('GET', '/Kits', { token: accessToken.token })).status).toBe(200);
  });

  it('a patient of a practice that requires it', async () => {
    await requireAt(PRACTICE_IDS.riverside);
    const { accessToken } = await server().signIn('patient');
    expect((await server().call('GET', '/Patients/Me', { token: accessToken.token })).status).toBe(200);
    expect((await server().call('GET', '/Activity/My', { token: accessToken.token })).status).toBe(200);
  });
});

describe('switching into a practice that requires it', () => {
  it('holds the member back at the new practice, and flags the session opened there', async () => {
    await requireAt(PRACTICE_IDS.summit);
    const user = await server().signIn('multi.practice');
    expect(user.twoStepSetupRequired).toBeUndefined();
    expect((await server().call('GET', '/Kits', { token: user.accessToken.token })).status).toBe(200);
    const answer = await server().call('POST', '/Auth/Account/Switch', {
      token: user.accessToken.token,
      body: { userId: accountIdOf('user-grace-hall-summit-provider'), practiceId: PRACTICE_IDS.summit, rememberMe: false },
    });
    expect(answer.status).toBe(200);
    const switched = v.parse(SessionUserSchema, answer.body);
    expect(switched.twoStepSetupRequired).toBe(true);
    await expectHeldBack('GET', '/Kits', switched.accessToken.token);
    expect((await server().call('GET', '/Users/Me', { token: switched.accessToken.token })).status).toBe(200);
    // Switching back to Harbor, which does not require it, is allowed and frees the member there.
    const back = await server().call('POST', '/Auth/Account/Switch', {
      token: switched.accessToken.token,
      body: { userId: accountIdOf('user-grace-hall-harbor-provider'), practiceId: PRACTICE_IDS.harbor, rememberMe: false },
    });
    expect(back.status).toBe(200);
    const harbor = v.parse(SessionUserSchema, back.body);
    expect((await server().call('GET', '/Kits', { token: harbor.accessToken.token })).status).toBe(200);

    // The answer of the switch is flagged by the same rule as sign-in's (server/auth/two-step-requirement.ts).
    const summit = await findAccount(server().db, accountIdOf('user-grace-hall-summit-provider'), PRACTICE_IDS.summit);
    const harborAccount = await findAccount(server().db, accountIdOf('user-grace-hall-harbor-provider'), PRACTICE_IDS.harbor);
    if (!summit || !harborAccount) throw new Error('the seed lost multi.practice’s accounts');
    expect((await withTwoStepRequirement(server().db, summit, switched)).twoStepSetupRequired).toBe(true);
    expect((await withTwoStepRequirement(server().db, harborAccount, harbor)).twoStepSetupRequired).toBeUndefined();
  });
});

describe('the allow-list', () => {
  it('names each call by method and path inside the base path, HEAD as GET, without a trailing slash', () => {
    expect(callName('get', '/portalApi/Users/Me/')).toBe('GET /Users/Me');
    expect(callName('HEAD', '/portalApi/Practices')).toBe('GET /Practices');
    expect(callName('POST', '/portalApi/Users/Me/TwoStep/Enrolment')).toBe('POST /Users/Me/TwoStep/Enrolment');
    expect(callName('GET', '/api/patients')).toBe('GET /api/patients');
  });

  it('is exactly the calls to render the account tab, turn two-step sign-in on, migrate and leave', () => {
    expect([...TWO_STEP_SETUP_ALLOWED_CALLS].sort()).toEqual(
      [
        'GET /Practices',
        'GET /Users/Me',
        'PUT /Users/Me',
        'POST /Auth/Password/Reset',
        'GET /Users/Me/TwoStep',
        'POST /Auth/Account/Switch',
        'POST /Auth/Migrate',
        'POST /Auth/SignOut',
        'POST /Auth/refresh',
        'POST /Users/Me/TwoStep/Confirmation',
        'POST /Users/Me/TwoStep/Enrolment',
        'POST /Users/Me/TwoStep/TurnOff',
      ].sort(),
    );
  });
});
