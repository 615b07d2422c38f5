import { Secret, TOTP } from 'otpauth';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { SessionUserSchema } from '../../src/model/auth/auth';
import {
  RecoveryCodesSchema,
  TwoStepChallengeSchema,
  TwoStepEnrolmentSchema,
  TwoStepStatusSchema,
  TwoStepText,
} from '../../src/model/auth/two-step';
import { SIGN_IN_FAILURES_PER_ACCOUNT_AND_ADDRESS } from '../../server/auth/sign-in-throttle';
import { readConfig, SettingError } from '../../server/config';
import { ServerText } from '../../server/messages';
import { decryptSecret, encryptSecret } from '../../server/routes/auth/two-step/codes';
import { DEMO_PASSWORD } from '../../server/seed/seed';
import { errorMessage, useTestServer } from './support/harness';

/** Issue 44 item 2: two-step sign-in with an authenticator app, on the reference server. */

const server = useTestServer('pglite');

const STEP_SECONDS = 30;

function codeAt(manualKey: string, offsetSeconds = 0): string {
  const totp = new TOTP({ secret: Secret.fromBase32(manualKey.replace(/\s/g, '')), period: STEP_SECONDS });
  return totp.generate({ timestamp: server().clock.now().getTime() + offsetSeconds * 1000 });
}

async function token(username = 'hcp.checkout'): Promise<string> {
  return (await server().signIn(username)).accessToken.token;
}

/** Turns two-step sign-in on for the person, and moves on a step so that the next code is a fresh one. */
async function turnOn(username = 'hcp.checkout') {
  const access = await token(username);
  const begun = await server().call('POST', '/Users/Me/TwoStep/Enrolment', { token: access });
  expect(begun.status).toBe(200);
  const enrolment = v.parse(TwoStepEnrolmentSchema, begun.body);
  const confirmed = await server().call('POST', '/Users/Me/TwoStep/Confirmation', {
    token: access,
    body: { code: codeAt(enrolment.manualKey) },
  });
  expect(confirmed.status).toBe(200);
  server().clock.advance(STEP_SECONDS);
  return { access, manualKey: enrolment.manualKey, uri: enrolment.uri, ...v.parse(RecoveryCodesSchema, confirmed.body) };
}

async function challengeFor(username = 'hcp.checkout', rememberMe = false): Promise<string> {
  const answer = await server().call('POST', '/Auth', { body: { username, password: DEMO_PASSWORD, rememberMe } });
  expect(answer.status).toBe(200);
  return v.parse(TwoStepChallengeSchema, answer.body).challenge;
}

function secondStep(challenge: string, code: string) {
  return server().call('POST', '/Auth/TwoStep', { body: { challenge, code } });
}

describe('turning two-step sign-in on', () => {
  it('answers a new key as an otpauth URI and a manual key, and turns on only with a right code, answering ten recovery codes', async () => {
    const access = await token();
    const off = await server().call('GET', '/Users/Me/TwoStep', { token: access });
    expect(v.parse(TwoStepStatusSchema, off.body)).toEqual({ enabled: false, recoveryCodesLeft: 0, requiredByPractice: false });

    const begun = v.parse(TwoStepEnrolmentSchema, (await server().call('POST', '/Users/Me/TwoStep/Enrolment', { token: access })).body);
    expect(begun.uri).toMatch(/^otpauth:\/\/totp\/Diagnostics%20Portal:hcp\.checkout\?/);
    expect(begun.uri).toContain(`secret=${begun.manualKey.replace(/\s/g, '')}`);

    const wrong = await server().call('POST', '/Users/Me/TwoStep/Confirmation', { token: access, body: { code: '000000' } });
    expect(wrong.status).toBe(400);
    expect(errorMessage(wrong.body)).toBe(TwoStepText.wrongCode);
    expect(v.parse(TwoStepStatusSchema, (await server().call('GET', '/Users/Me/TwoStep', { token: access })).body).enabled).toBe(false);

    const right = await server().call('POST', '/Users/Me/TwoStep/Confirmation', { token: access, body: { code: codeAt(begun.manualKey) } });
    expect(right.status).toBe(200);
    const { recoveryCodes } = v.parse(RecoveryCodesSchema, right.body);
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);
    const on = await server().call('GET', '/Users/Me/TwoStep', { token: access });
    expect(v.parse(TwoStepStatusSchema, on.body)).toEqual({ enabled: true, recoveryCodesLeft: 10, requiredByPractice: false });

    const again = await server().call('POST', '/Users/Me/TwoStep/Enrolment', { token: access });
    expect(again.status).toBe(409);
  });

  it('keeps the secret encrypted: neither column holds the key, and the recovery codes only as digests', async () => {
    const access = await token();
    const begun = v.parse(TwoStepEnrolmentSchema, (await server().call('POST', '/Users/Me/TwoStep/Enrolment', { token: access })).body);
    const plain = begun.manualKey.replace(/\s/g, '');
    const [pending] = await server().db.query<{ two_step_pending_secret: string }>(
      `SELECT two_step_pending_secret FROM people WHERE username = 'hcp.checkout'`,
    );
    expect(pending?.two_step_pending_secret).toMatch(/^v1\./);
    expect(pending?.two_step_pending_secret).not.toContain(plain);
    const confirmed = await server().call('POST', '/Users/Me/TwoStep/Confirmation', { token: access, body: { code: codeAt(plain) } });
    const { recoveryCodes } = v.parse(RecoveryCodesSchema, confirmed.body);
    const [row] = await server().db.query<{ stored: string }>(
      `SELECT row_to_json(people)::text AS stored FROM people WHERE username = 'hcp.checkout'`,
    );
    expect(row?.stored).toContain('"two_step_secret":"v1.');
    expect(row?.stored).not.toContain(plain);
    expect(row?.stored.toLowerCase()).not.toContain(plain.toLowerCase());
    for (const code of recoveryCodes) expect(row?.stored).not.toContain(code.replace('-', ''));
  });
});

describe('signing in with two steps', () => {
  it('answers a challenge instead of a session for the right password, and the session for the right code', async () => {
    const { manualKey } = await turnOn();
    const answer = await server().call('POST', '/Auth', { body: { username: 'hcp.checkout', password: DEMO_PASSWORD, rememberMe: true } });
    expect(answer.body).not.toHaveProperty('accessToken');
    const { challenge } = v.parse(TwoStepChallengeSchema, answer.body);
    const done = await secondStep(challenge, codeAt(manualKey));
    expect(done.status).toBe(200);
    const user = v.parse(SessionUserSchema, done.body);
    expect((await server().call('GET', '/Users/Me', { token: user.accessToken.token })).status).toBe(200);
    // The challenge is single-use: it opened its session and is gone.
    server().clock.advance(STEP_SECONDS);
    const reusedChallenge = await secondStep(challenge, codeAt(manualKey));
    expect(reusedChallenge.status).toBe(400);
    expect(errorMessage(reusedChallenge.body)).toBe(TwoStepText.challengeExpired);
  });

  it('refuses a wrong password as before, with no challenge', async () => {
    await turnOn();
    const answer = await server().call('POST', '/Auth', {
      body: { username: 'hcp.checkout', password: 'Wrong-Password-1!', rememberMe: false },
    });
    expect(answer.status).toBe(401);
    expect(errorMessage(answer.body)).toBe(ServerText.invalidCredentials);
  });

  it('refuses a code used once already, even within its step and the drift window', async () => {
    const { manualKey } = await turnOn();
    const code = codeAt(manualKey);
    expect((await secondStep(await challengeFor(), code)).status).toBe(200);
    const reused = await secondStep(await challengeFor(), code);
    expect(reused.status).toBe(400);
    expect(errorMessage(reused.body)).toBe(TwoStepText.wrongCode);
  });

  it('accepts a code one step early or late, and refuses one two steps away', async () => {
    const { manualKey } = await turnOn();
    server().clock.advance(4 * STEP_SECONDS);
    const challenge = await challengeFor();
    for (const offset of [-2 * STEP_SECONDS, 2 * STEP_SECONDS]) {
      const far = await secondStep(challenge, codeAt(manualKey, offset));
      expect(far.status, `a code ${offset} s away`).toBe(400);
    }
    expect((await secondStep(challenge, codeAt(manualKey, -STEP_SECONDS))).status).toBe(200);
    expect((await secondStep(await challengeFor(), codeAt(manualKey, STEP_SECONDS))).status).toBe(200);
  });

  it('refuses an expired challenge', async () => {
    const { manualKey } = await turnOn();
    const challenge = await challengeFor();
    server().clock.advance(301);
    const late = await secondStep(challenge, codeAt(manualKey));
    expect(late.status).toBe(400);
    expect(errorMessage(late.body)).toBe(TwoStepText.challengeExpired);
  });

  it('takes a recovery code once, however it is typed', async () => {
    const { recoveryCodes, access } = await turnOn();
    const code = recoveryCodes[0] ?? '';
    expect((await secondStep(await challengeFor(), ` ${code.toUpperCase()} `)).status).toBe(200);
    const again = await secondStep(await challengeFor(), code);
    expect(again.status).toBe(400);
    expect(errorMessage(again.body)).toBe(TwoStepText.wrongCode);
    const status = v.parse(TwoStepStatusSchema, (await server().call('GET', '/Users/Me/TwoStep', { token: access })).body);
    expect(status.recoveryCodesLeft).toBe(9);
  });

  it('counts wrong codes in the sign-in throttle, refusing then even the right code', async () => {
    const { manualKey } = await turnOn();
    const challenge = await challengeFor();
    for (let i = 0; i < SIGN_IN_FAILURES_PER_ACCOUNT_AND_ADDRESS; i++) {
      expect((await secondStep(challenge, '111111')).status, `wrong code ${i + 1}`).toBe(400);
    }
    const throttled = await secondStep(challenge, codeAt(manualKey));
    expect(throttled.status).toBe(429);
    expect(errorMessage(throttled.body)).toBe(ServerText.tooManyAttempts);
    // The same counters as wrong passwords: the password step of the same account is refused too.
    const password = await server().call('POST', '/Auth', {
      body: { username: 'hcp.checkout', password: DEMO_PASSWORD, rememberMe: false },
    });
    expect(password.status).toBe(429);
  });

  it('leaves a right code uncounted, so that the owner is never slowed by signing in', async () => {
    const { manualKey } = await turnOn();
    for (let i = 0; i < SIGN_IN_FAILURES_PER_ACCOUNT_AND_ADDRESS + 2; i++) {
      expect((await secondStep(await challengeFor(), codeAt(manualKey))).status, `sign-in ${i + 1}`).toBe(200);
      server().clock.advance(STEP_SECONDS);
    }
  });
});

describe('turning two-step sign-in off', () => {
  it('takes the password or a code, and then the password alone signs in again', async () => {
    const { access, manualKey } = await turnOn();
    const missing = await server().call('POST', '/Users/Me/TwoStep/TurnOff', { token: access, body: {} });
    expect(missing.status).toBe(400);
    expect(errorMessage(missing.body)).toBe(TwoStepText.turnOffProofRequired);
    const wrong = await server().call('POST', '/Users/Me/TwoStep/TurnOff', { token: access, body: { password: 'Wrong-Password-1!' } });
    expect(wrong.status).toBe(400);
    expect(errorMessage(wrong.body)).toBe(TwoStepText.wrongPassword);
    const wrongCode = await server().call('POST', '/Users/Me/TwoStep/TurnOff', { token: access, body: { code: '123456' } });
    expect(errorMessage(wrongCode.body)).toBe(TwoStepText.wrongCode);
    const off = await server().call('POST', '/Users/Me/TwoStep/TurnOff', { token: access, body: { code: codeAt(manualKey) } });
    expect(off.status).toBe(200);
    v.parse(
      SessionUserSchema,
      (await server().call('POST', '/Auth', { body: { username: 'hcp.checkout', password: DEMO_PASSWORD, rememberMe: false } })).body,
    );
    const [row] = await server().db.query<{ two_step_secret: string | null }>(
      `SELECT two_step_secret FROM people WHERE username = 'hcp.checkout'`,
    );
    expect(row?.two_step_secret).toBeNull();
  });

  it('turns off with the password', async () => {
    const { access } = await turnOn();
    const off = await server().call('POST', '/Users/Me/TwoStep/TurnOff', { token: access, body: { password: DEMO_PASSWORD } });
    expect(off.status).toBe(200);
    const status = v.parse(TwoStepStatusSchema, (await server().call('GET', '/Users/Me/TwoStep', { token: access })).body);
    expect(status).toMatchObject({ enabled: false, recoveryCodesLeft: 0 });
  });
});

describe('a practice that requires two-step sign-in', () => {
  it('flags the sign-in of a member without it, not of its patients, and asks a member with it for the code', async () => {
    const admin = await token('hcp.checkout');
    expect((await server().call('GET', '/Practices/TwoStep', { token: admin })).body).toEqual({ required: false });
    const set = await server().call('PUT', '/Practices/TwoStep', { token: admin, body: { required: true } });
    expect(set.status).toBe(200);
    expect(set.body).toEqual({ required: true });
    // The admin has not turned it on either: the practice's calls now hold them back (two-step-enforcement.test.ts).
    expect((await server().call('GET', '/Practices/TwoStep', { token: admin })).status).toBe(403);

    const member = await server().signIn('hcp.checkout');
    expect(member.twoStepSetupRequired).toBe(true);
    const patient = await server().call('POST', '/Auth', { body: { username: 'patient', password: DEMO_PASSWORD, rememberMe: false } });
    expect(patient.body).not.toHaveProperty('twoStepSetupRequired');
    const status = v.parse(
      TwoStepStatusSchema,
      (await server().call('GET', '/Users/Me/TwoStep', { token: member.accessToken.token })).body,
    );
    expect(status.requiredByPractice).toBe(true);

    await turnOn('hcp.checkout');
    const answer = await server().call('POST', '/Auth', { body: { username: 'hcp.checkout', password: DEMO_PASSWORD, rememberMe: false } });
    v.parse(TwoStepChallengeSchema, answer.body);
  });

  it('is the signed-in practice’s own: another practice’s setting is untouched, and a patient may not set it', async () => {
    await server().call('PUT', '/Practices/TwoStep', { token: await token('hcp.checkout'), body: { required: true } });
    expect((await server().call('GET', '/Practices/TwoStep', { token: await token('hcp.net30') })).body).toEqual({ required: false });
    expect((await server().signIn('hcp.net30')).twoStepSetupRequired).toBeUndefined();
    const patient = await server().call('PUT', '/Practices/TwoStep', { token: await token('patient'), body: { required: false } });
    expect(patient.status).toBe(403);
  });

  it('refuses a body that is not a yes or no', async () => {
    const answer = await server().call('PUT', '/Practices/TwoStep', { token: await token('hcp.checkout'), body: { required: 'yes' } });
    expect(answer.status).toBe(400);
  });
});

describe('an account without two-step sign-in', () => {
  it('signs in exactly as the documents say: the user object, with no flag of the extension', async () => {
    const answer = await server().call('POST', '/Auth', { body: { username: 'hcp.net30', password: DEMO_PASSWORD, rememberMe: false } });
    expect(answer.status).toBe(200);
    expect(answer.body).not.toHaveProperty('twoStepRequired');
    expect(answer.body).not.toHaveProperty('twoStepSetupRequired');
    v.parse(SessionUserSchema, answer.body);
  });
});

describe('the key of the secrets at rest (TWO_STEP_KEY)', () => {
  it('takes 32 bytes in base64 and refuses anything else without echoing it', () => {
    const key = Buffer.alloc(32, 7).toString('base64');
    expect(readConfig({ TWO_STEP_KEY: key }).twoStepKey).toBe(key);
    expect(readConfig({}).twoStepKey).toBeUndefined();
    for (const wrong of ['too-short', Buffer.alloc(16, 1).toString('base64'), 'not base64 at all!!']) {
      expect(() => readConfig({ TWO_STEP_KEY: wrong })).toThrow(SettingError);
      expect(() => readConfig({ TWO_STEP_KEY: wrong })).not.toThrow(wrong);
    }
  });

  it('decrypts only with the key and for the person it was written for', () => {
    const key = Buffer.alloc(32, 7);
    const stored = encryptSecret(key, 'person-a', 'JBSWY3DPEHPK3PXP');
    expect(decryptSecret(key, 'person-a', stored)).toBe('JBSWY3DPEHPK3PXP');
    expect(() => decryptSecret(key, 'person-b', stored)).toThrow();
    expect(() => decryptSecret(Buffer.alloc(32, 8), 'person-a', stored)).toThrow();
  });
});
