import { Secret, TOTP } from 'otpauth';
import * as v from 'valibot';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ActivityKind } from '../../src/model/activity/activity';
import { actorName, activityWhat } from '../../src/model/activity/activity-texts';
import { TwoStepChallengeSchema, TwoStepEnrolmentSchema } from '../../src/model/auth/two-step';
import { digest } from '../../server/auth/secrets';
import { SIGN_IN_FAILURES_PER_ACCOUNT_AND_ADDRESS } from '../../server/auth/sign-in-throttle';
import { DEMO_PASSWORD, resetDatabase } from '../../server/seed/seed';
import { accountIdOf, PRACTICE_IDS } from '../../server/seed/seed-data';
import { purgeActivity } from '../../server/store/activity/purge';
import { verifyActivityChains } from '../../server/store/activity/verify';
import { activityPage, clearTrail, storedEntries, type StoredEntry } from './activity-support';
import { queuedLink } from './support/mail-outbox';
import { useTestServer } from './support/harness';

/**
 * Issue 44 item 1, the account's own events: sign-in (success, wrong password or code, throttled), password change and
 * restore, account switch, migration, two-step sign-in turned on and off, and a patient's deactivation. Each writes one
 * entry naming the account by id only, with the request's address and correlationId, in the transaction of its change:
 * a refused change writes none, and a change whose entry cannot be written is not made.
 */

const server = useTestServer('pglite');
const CORRELATION = 'activity-auth-0001';
const NEW_PASSWORD = 'Fresh-Start-2026?';
const OWNER = 'hcp.checkout';
const OWNER_ACCOUNT = accountIdOf('user-ava-morgan-riverside');
const PATIENT_ACCOUNT = accountIdOf('user-isla-jensen-riverside');

beforeEach(async () => {
  await clearTrail(server().db);
});

/** Every chain still verifies after whatever the test wrote. */
afterEach(async () => {
  const reports = await verifyActivityChains(server().db);
  expect(reports.filter((report) => report.broken !== null)).toEqual([]);
});

function signIn(username: string, password = DEMO_PASSWORD, headers: Record<string, string> = {}) {
  return server().call('POST', '/Auth', { body: { username, password, rememberMe: false }, headers });
}

async function tokenOf(username: string): Promise<string> {
  return (await server().signIn(username)).accessToken.token;
}

/** The account entry's fields that every event shares: by the account, about it, named by its id only. */
function expectOwnEntry(entry: StoredEntry | undefined, kind: string, accountId: number, practiceId: number): void {
  expect(entry).toMatchObject({ kind, object_type: 'account', object_id: String(accountId), object_label: 'own account', detail: null });
  expect(entry).toMatchObject({ address: 'local', correlation_id: CORRELATION });
  expect(Number(entry?.actor_account_id)).toBe(accountId);
  expect(Number(entry?.practice_id)).toBe(practiceId);
}

/** Makes the trail refuse entries of one kind while `run` runs, as a database failure would: the change must not be made. */
async function refusingEntries(kind: string, run: () => Promise<void>): Promise<void> {
  await server().db.exec(`
    CREATE FUNCTION refuse_kind() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN IF NEW.kind = '${kind}' THEN RAISE EXCEPTION 'no entry'; END IF; RETURN NEW; END; $$;
    CREATE TRIGGER refuse_kind BEFORE INSERT ON activity_entries FOR EACH ROW EXECUTE FUNCTION refuse_kind();`);
  try {
    await run();
  } finally {
    await server().db.exec('DROP TRIGGER refuse_kind ON activity_entries; DROP FUNCTION refuse_kind();');
  }
}

async function count(sql: string, params: unknown[] = []): Promise<number> {
  const [row] = await server().db.query<{ count: number }>(sql, params);
  return Number(row?.count);
}

const correlated = { 'X-Correlation-Id': CORRELATION };

describe('sign-in', () => {
  it('a sign-in records the account that signed in, at its practice, with the address and correlationId', async () => {
    expect((await signIn(OWNER, DEMO_PASSWORD, correlated)).status).toBe(200);
    const [entry, ...rest] = await storedEntries(server().db);
    expectOwnEntry(entry, ActivityKind.signedIn, OWNER_ACCOUNT, PRACTICE_IDS.riverside);
    expect(rest).toEqual([]);
  });

  it('a wrong password of a known account records a failed sign-in, never the password; an unknown login records nothing', async () => {
    const typed = 'Not-The-Password-1';
    expect((await signIn(OWNER, typed, correlated)).status).toBe(401);
    expect((await signIn('nobody.at.all', typed)).status).toBe(401);
    const entries = await storedEntries(server().db);
    expect(entries).toHaveLength(1);
    expectOwnEntry(entries[0], ActivityKind.signInFailed, OWNER_ACCOUNT, PRACTICE_IDS.riverside);
    expect(JSON.stringify(entries)).not.toContain(typed);
  });

  it('a wrong password whose entry cannot be written is still refused with 401, and counted by the throttle', async () => {
    await refusingEntries(ActivityKind.signInFailed, async () => {
      expect((await signIn(OWNER, 'Wrong-Password-1')).status).toBe(401);
    });
    expect(server().logger.entries.map((entry) => entry.message)).toContain('A refused sign-in could not be written to the activity trail');
    const [counted] = await server().db.query<{ hits: number }>('SELECT hits FROM rate_limits WHERE key = $1', [
      `sign-in:account:${digest('person:person-ava-morgan')}`,
    ]);
    expect(counted?.hits).toBe(1);
  });

  it('a refusal by the throttle records a throttled sign-in for a known account only', async () => {
    for (let i = 0; i < SIGN_IN_FAILURES_PER_ACCOUNT_AND_ADDRESS; i += 1) {
      expect((await signIn(OWNER, 'Wrong-Password-1')).status).toBe(401);
      expect((await signIn('nobody.at.all', 'Wrong-Password-1')).status).toBe(401);
    }
    expect((await signIn(OWNER, DEMO_PASSWORD, correlated)).status).toBe(429);
    expect((await signIn('nobody.at.all', DEMO_PASSWORD)).status).toBe(429);
    const entries = await storedEntries(server().db);
    expect(entries.map((entry) => entry.kind)).toEqual([
      ...Array<string>(SIGN_IN_FAILURES_PER_ACCOUNT_AND_ADDRESS).fill(ActivityKind.signInFailed),
      ActivityKind.signInThrottled,
    ]);
    expectOwnEntry(entries.at(-1), ActivityKind.signInThrottled, OWNER_ACCOUNT, PRACTICE_IDS.riverside);
  });

  it('a sign-in whose entry cannot be written opens no session', async () => {
    const before = await count('SELECT count(*)::int AS count FROM refresh_tokens');
    await refusingEntries(ActivityKind.signedIn, async () => {
      expect((await signIn(OWNER)).status).toBe(500);
    });
    expect(await count('SELECT count(*)::int AS count FROM refresh_tokens')).toBe(before);
    expect(await storedEntries(server().db)).toEqual([]);
  });

  it('a patient’s own trail (GET /Activity/My) lists their sign-ins, and not another account’s', async () => {
    expect((await signIn(OWNER)).status).toBe(200);
    const patient = await tokenOf('patient');
    const mine = await activityPage(server(), patient, '', '/Activity/My');
    expect(mine.items.map((entry) => [entry.kind, entry.actor?.accountId, activityWhat(entry)])).toEqual([
      [ActivityKind.signedIn, PATIENT_ACCOUNT, 'signed in'],
    ]);
    // The practice's trail has both: the patient's sign-in goes into their practice's chain.
    const practice = await activityPage(server(), await tokenOf(OWNER));
    expect(practice.items.map((entry) => entry.actor?.accountId).sort()).toEqual([OWNER_ACCOUNT, OWNER_ACCOUNT, PATIENT_ACCOUNT].sort());
  });
});

describe('two-step sign-in', () => {
  const STEP_SECONDS = 30;
  const codeAt = (manualKey: string) =>
    new TOTP({ secret: Secret.fromBase32(manualKey.replace(/\s/g, '')), period: STEP_SECONDS }).generate({
      timestamp: server().clock.now().getTime(),
    });
  const turnOn = (token: string, code: string) =>
    server().call('POST', '/Users/Me/TwoStep/Confirmation', { token, body: { code }, headers: correlated });
  const turnOff = (token: string, password: string) =>
    server().call('POST', '/Users/Me/TwoStep/TurnOff', { token, body: { password }, headers: correlated });

  async function enrol(token: string): Promise<string> {
    const begun = await server().call('POST', '/Users/Me/TwoStep/Enrolment', { token });
    return v.parse(TwoStepEnrolmentSchema, begun.body).manualKey;
  }

  it('turning it on and off records each, and a wrong code or password records neither', async () => {
    const token = await tokenOf(OWNER);
    await clearTrail(server().db);
    const manualKey = await enrol(token);
    expect((await turnOn(token, '000000')).status).toBe(400);
    expect(await storedEntries(server().db)).toEqual([]);
    expect((await turnOn(token, codeAt(manualKey))).status).toBe(200);
    expect((await turnOff(token, 'Not-The-Password-1')).status).toBe(400);
    expect((await turnOff(token, DEMO_PASSWORD)).status).toBe(200);
    const [on, off, ...rest] = await storedEntries(server().db);
    expectOwnEntry(on, ActivityKind.twoStepTurnedOn, OWNER_ACCOUNT, PRACTICE_IDS.riverside);
    expectOwnEntry(off, ActivityKind.twoStepTurnedOff, OWNER_ACCOUNT, PRACTICE_IDS.riverside);
    expect(rest).toEqual([]);
  });

  it('turning it on or off is not done when its entry cannot be written', async () => {
    const token = await tokenOf(OWNER);
    const manualKey = await enrol(token);
    const enabled = () =>
      count(`SELECT count(*)::int AS count FROM people WHERE username = $1 AND two_step_enabled_at IS NOT NULL`, [OWNER]);
    await refusingEntries(ActivityKind.twoStepTurnedOn, async () => {
      expect((await turnOn(token, codeAt(manualKey))).status).toBe(500);
    });
    expect(await enabled()).toBe(0);
    server().clock.advance(STEP_SECONDS);
    expect((await turnOn(token, codeAt(manualKey))).status).toBe(200);
    await refusingEntries(ActivityKind.twoStepTurnedOff, async () => {
      expect((await turnOff(token, DEMO_PASSWORD)).status).toBe(500);
    });
    expect(await enabled()).toBe(1);
  });

  it('the password step records nothing; a wrong code records a failed sign-in, the right one the sign-in', async () => {
    const token = await tokenOf(OWNER);
    server().clock.advance(STEP_SECONDS);
    const manualKey = await enrol(token);
    expect((await turnOn(token, codeAt(manualKey))).status).toBe(200);
    server().clock.advance(STEP_SECONDS);
    await clearTrail(server().db);

    const first = await signIn(OWNER);
    expect(first.status).toBe(200);
    const { challenge } = v.parse(TwoStepChallengeSchema, first.body);
    expect(await storedEntries(server().db)).toEqual([]);
    const step = (code: string) => server().call('POST', '/Auth/TwoStep', { body: { challenge, code }, headers: correlated });
    expect((await step('000000')).status).toBe(400);
    expect((await step(codeAt(manualKey))).status).toBe(200);
    const [failed, signedIn, ...rest] = await storedEntries(server().db);
    expectOwnEntry(failed, ActivityKind.signInFailed, OWNER_ACCOUNT, PRACTICE_IDS.riverside);
    expectOwnEntry(signedIn, ActivityKind.signedIn, OWNER_ACCOUNT, PRACTICE_IDS.riverside);
    expect(rest).toEqual([]);
    expect(JSON.stringify([failed, signedIn])).not.toContain('000000');
  });

  it('wrong codes past the throttle’s limit record a throttled sign-in', async () => {
    const token = await tokenOf(OWNER);
    server().clock.advance(STEP_SECONDS);
    const manualKey = await enrol(token);
    expect((await turnOn(token, codeAt(manualKey))).status).toBe(200);
    server().clock.advance(STEP_SECONDS);
    const { challenge } = v.parse(TwoStepChallengeSchema, (await signIn(OWNER)).body);
    await clearTrail(server().db);
    for (let i = 0; i < SIGN_IN_FAILURES_PER_ACCOUNT_AND_ADDRESS; i += 1) {
      expect((await server().call('POST', '/Auth/TwoStep', { body: { challenge, code: '000000' } })).status).toBe(400);
    }
    const refused = await server().call('POST', '/Auth/TwoStep', { body: { challenge, code: codeAt(manualKey) }, headers: correlated });
    expect(refused.status).toBe(429);
    const entries = await storedEntries(server().db);
    expect(entries.map((entry) => entry.kind)).toEqual([
      ...Array<string>(SIGN_IN_FAILURES_PER_ACCOUNT_AND_ADDRESS).fill(ActivityKind.signInFailed),
      ActivityKind.signInThrottled,
    ]);
    expectOwnEntry(entries.at(-1), ActivityKind.signInThrottled, OWNER_ACCOUNT, PRACTICE_IDS.riverside);
  });
});

describe('passwords', () => {
  const change = (token: string, currentPassword: string) =>
    server().call('POST', '/Auth/Password/Reset', {
      token,
      body: { currentPassword, newPassword: NEW_PASSWORD, repeatNewPassword: NEW_PASSWORD },
      headers: correlated,
    });

  it('a signed-in change records the change; a wrong current password records nothing', async () => {
    const token = await tokenOf(OWNER);
    await clearTrail(server().db);
    expect((await change(token, 'Not-The-Password-1')).status).toBe(400);
    expect(await storedEntries(server().db)).toEqual([]);
    expect((await change(token, DEMO_PASSWORD)).status).toBe(200);
    const [entry, ...rest] = await storedEntries(server().db);
    expectOwnEntry(entry, ActivityKind.passwordChanged, OWNER_ACCOUNT, PRACTICE_IDS.riverside);
    expect(rest).toEqual([]);
  });

  it('a change whose entry cannot be written keeps the old password', async () => {
    const token = await tokenOf(OWNER);
    await refusingEntries(ActivityKind.passwordChanged, async () => {
      expect((await change(token, DEMO_PASSWORD)).status).toBe(500);
    });
    expect((await signIn(OWNER, DEMO_PASSWORD)).status).toBe(200);
  });

  async function restoreToken(): Promise<string> {
    expect((await server().call('POST', '/Auth/Password/Forgot', { body: { username: OWNER } })).status).toBe(200);
    return (await queuedLink(server().db, 'passwordRestore')).searchParams.get('token') ?? '';
  }
  const restore = (token: string) =>
    server().call('POST', '/Auth/Password/Restore', {
      body: { restorePasswordToken: token, newPassword: NEW_PASSWORD, repeatNewPassword: NEW_PASSWORD },
      headers: correlated,
    });

  it('a password set from the e-mailed link records it for the account sign-in opens; a bad link records nothing', async () => {
    const token = await restoreToken();
    expect((await restore('not-a-token')).status).toBe(400);
    expect(await storedEntries(server().db)).toEqual([]);
    expect((await restore(token)).status).toBe(200);
    const [entry, ...rest] = await storedEntries(server().db);
    expectOwnEntry(entry, ActivityKind.passwordRestored, OWNER_ACCOUNT, PRACTICE_IDS.riverside);
    expect(rest).toEqual([]);
  });

  it('a restore whose entry cannot be written sets no password and leaves the link usable', async () => {
    const token = await restoreToken();
    await refusingEntries(ActivityKind.passwordRestored, async () => {
      expect((await restore(token)).status).toBe(500);
    });
    expect((await signIn(OWNER, DEMO_PASSWORD)).status).toBe(200);
    expect((await restore(token)).status).toBe(200);
  });
});

describe('switching and migration', () => {
  const HARBOR_PROVIDER = accountIdOf('user-grace-hall-harbor-provider');
  const SUMMIT_PROVIDER = accountIdOf('user-grace-hall-summit-provider');
  const MIGRATING = accountIdOf('user-henry-irving-lakeside');
  const switchTo = (token: string, userId: number, practiceId: number) =>
    server().call('POST', '/Auth/Account/Switch', { token, body: { userId, practiceId, rememberMe: false }, headers: correlated });

  it('a switch is recorded in the practice switched to, naming it; a refused switch records nothing', async () => {
    const token = await tokenOf('multi.practice');
    await clearTrail(server().db);
    expect((await switchTo(token, OWNER_ACCOUNT, PRACTICE_IDS.riverside)).status).toBe(403);
    expect(await storedEntries(server().db)).toEqual([]);
    expect((await switchTo(token, SUMMIT_PROVIDER, PRACTICE_IDS.summit)).status).toBe(200);
    const [entry, ...rest] = await storedEntries(server().db);
    expect(entry).toMatchObject({
      kind: ActivityKind.accountSwitched,
      object_type: 'practice',
      object_id: String(PRACTICE_IDS.summit),
      object_label: 'Summit Wellness Clinic',
      address: 'local',
      correlation_id: CORRELATION,
    });
    expect([Number(entry?.actor_account_id), Number(entry?.practice_id)]).toEqual([SUMMIT_PROVIDER, PRACTICE_IDS.summit]);
    expect(rest).toEqual([]);
    expect(HARBOR_PROVIDER).not.toBe(SUMMIT_PROVIDER);
  });

  it('a switch whose entry cannot be written opens no session at the other practice', async () => {
    const token = await tokenOf('multi.practice');
    const sessions = () => count('SELECT count(*)::int AS count FROM refresh_tokens WHERE account_id = $1', [SUMMIT_PROVIDER]);
    const before = await sessions();
    await refusingEntries(ActivityKind.accountSwitched, async () => {
      expect((await switchTo(token, SUMMIT_PROVIDER, PRACTICE_IDS.summit)).status).toBe(500);
    });
    expect(await sessions()).toBe(before);
  });

  const migrate = (token: string, newPassword: string) =>
    server().call('POST', '/Auth/Migrate', { token, body: { newPassword, rememberMe: false }, headers: correlated });
  const mustMigrate = () => count(`SELECT count(*)::int AS count FROM people WHERE username = 'must.migrate' AND force_identity_migration`);

  it('a migration is recorded; one refused (the same password again) records nothing', async () => {
    const token = await tokenOf('must.migrate');
    await clearTrail(server().db);
    expect((await migrate(token, DEMO_PASSWORD)).status).toBe(400);
    expect(await storedEntries(server().db)).toEqual([]);
    expect((await migrate(token, NEW_PASSWORD)).status).toBe(200);
    const [entry, ...rest] = await storedEntries(server().db);
    expectOwnEntry(entry, ActivityKind.migrated, MIGRATING, PRACTICE_IDS.lakeside);
    expect(rest).toEqual([]);
    expect(await mustMigrate()).toBe(0);
  });

  it('a migration whose entry cannot be written is not made', async () => {
    const token = await tokenOf('must.migrate');
    await refusingEntries(ActivityKind.migrated, async () => {
      expect((await migrate(token, NEW_PASSWORD)).status).toBe(500);
    });
    expect(await mustMigrate()).toBe(1);
  });
});

describe('a patient’s deactivation', () => {
  const accountLeft = () => count('SELECT count(*)::int AS count FROM accounts WHERE id = $1', [PATIENT_ACCOUNT]);

  it('is recorded by id only and stays once the person is gone, its actor then a former member; a refused one records nothing', async () => {
    const patient = await tokenOf('patient');
    await clearTrail(server().db);
    // A provider may not deactivate through the patient's call: refused, nothing recorded.
    expect((await server().call('DELETE', '/Patients/Me', { token: await tokenOf(OWNER) })).status).toBe(403);
    await clearTrail(server().db);
    expect((await server().call('DELETE', '/Patients/Me', { token: patient, headers: correlated })).status).toBe(204);
    expect(await accountLeft()).toBe(0);
    const [entry, ...rest] = await storedEntries(server().db);
    expectOwnEntry(entry, ActivityKind.deactivated, PATIENT_ACCOUNT, PRACTICE_IDS.riverside);
    expect(rest).toEqual([]);
    const stored = JSON.stringify(entry);
    for (const personal of ['Isla', 'Jensen', 'isla.jensen', 'patient']) expect(stored).not.toContain(personal);

    const practice = await activityPage(server(), await tokenOf(OWNER), `?filter_kind_contains=deactivated`);
    expect(practice.items.map((item) => `${actorName(item)} ${activityWhat(item)}`)).toEqual(['A former member deactivated their account']);
  });

  it('is not done when its entry cannot be written', async () => {
    const patient = await tokenOf('patient');
    await refusingEntries(ActivityKind.deactivated, async () => {
      expect((await server().call('DELETE', '/Patients/Me', { token: patient })).status).toBe(500);
    });
    expect(await accountLeft()).toBe(1);
  });
});

describe('the test-only reset', () => {
  it('empties the trail and its chain anchors, the way the trigger allows, so journeys start from an empty trail', async () => {
    expect((await signIn(OWNER)).status).toBe(200);
    // A purge leaves an anchor; a later sign-in writes after it.
    expect(await purgeActivity(server().db, new Date(server().clock.now().getTime() + 60_000), 0)).toBe(1);
    expect((await signIn(OWNER)).status).toBe(200);
    expect(await count('SELECT count(*)::int AS count FROM activity_chain_anchors')).toBe(1);
    await resetDatabase(server().db);
    expect(await storedEntries(server().db)).toEqual([]);
    expect(await count('SELECT count(*)::int AS count FROM activity_chain_anchors')).toBe(0);
    // Outside the reset the trail is still append-only.
    expect((await signIn(OWNER)).status).toBe(200);
    await expect(server().db.exec('DELETE FROM activity_entries')).rejects.toThrow(/append-only/);
  });
});
