import { readFile } from 'node:fs/promises';
import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../../server/auth/passwords';
import { digest } from '../../server/auth/secrets';
import type { Database } from '../../server/db/database';
import { loadMigrations, migrate } from '../../server/db/migrate';
import { PGLITE_EXTENSIONS, pgliteDatabase } from '../../server/db/pglite';
import { DEMO_PASSWORD, seed } from '../../server/seed/seed';
import { accountIdOf, PRACTICE_IDS, SEED_PEOPLE } from '../../server/seed/seed-data';
import { buildServer, testConfig, type TestServer } from './support/harness';

/**
 * A database stored before identifiers became numbers: migration 001 with the demo rows as the seed
 * wrote them then, a practice and account a user could have added, a changed password and a
 * remembered sign-in. Migration 002 must keep all of it.
 */

const REMEMBERED = 'remembered-refresh-token';
/** Demo people the seed gained after migration 002 (the one-kit patient): a database stored before gets them from the seed. */
const LATER_DEMO_PEOPLE = ['person-henry-chen'];
const LATER_DEMO_ACCOUNTS = SEED_PEOPLE.filter((person) => LATER_DEMO_PEOPLE.includes(person.id)).flatMap((person) => person.accounts);
const CHANGED_PASSWORD = 'Changed-Before-2026!';

let db: Database;
let server: TestServer;
let accountsBefore = 0;

beforeAll(async () => {
  db = pgliteDatabase(await PGlite.create({ dataDir: 'memory://', extensions: PGLITE_EXTENSIONS }));
  const [initial] = await loadMigrations();
  if (!initial) throw new Error('Migration 001 is missing');
  await migrate(db, [initial]);
  await db.exec(await readFile(new URL('./fixtures/before-numeric-ids.sql', import.meta.url), 'utf8'));
  await db.exec(`
    INSERT INTO practices (id, name, unit_type, billing_type, fulfilment_type) VALUES ('practice-added-later', 'Added Later Clinic', 2, 4, 1);
    INSERT INTO accounts (id, person_id, practice_id, user_type) VALUES ('user-ben-carter-added-later', 'person-ben-carter', 'practice-added-later', 3);
    INSERT INTO refresh_tokens (id, token_hash, account_id, family_id, remember_me, created_at, expires_at)
      VALUES ('token-1', '${digest(REMEMBERED)}', 'user-grace-hall-summit-provider', 'family-1', true, now(), now() + interval '30 days');
  `);
  await db.query('UPDATE people SET password_hash = $1 WHERE username = $2', [await hashPassword(CHANGED_PASSWORD), 'hcp.net30']);
  const [counts] = await db.query<{ accounts: number }>('SELECT count(*)::int AS accounts FROM accounts');
  accountsBefore = counts?.accounts ?? 0;
  expect(await migrate(db)).toEqual((await loadMigrations()).slice(1).map((m) => m.version));
  server = buildServer(db, 'pglite', testConfig());
});

afterAll(async () => {
  await db.close();
});

describe('migration 002: numeric identifiers on a stored database', () => {
  it('numbers the demo practices and accounts as a fresh seed does, so seeding again changes none of them', async () => {
    const practices = await db.query<{ id: number; name: string }>('SELECT id, name FROM practices ORDER BY id');
    expect(practices.slice(0, 8).map((row) => row.id)).toEqual(Object.values(PRACTICE_IDS));
    const accounts = await db.query<{ id: number; uid: string }>('SELECT id, uid FROM accounts ORDER BY id');
    const stored = SEED_PEOPLE.filter((person) => !LATER_DEMO_PEOPLE.includes(person.id)).flatMap((person) => person.accounts);
    for (const account of stored) expect(accounts).toContainEqual({ id: account.id, uid: account.uid });
    // The people, practices and accounts migration 002 numbered; the seed also fills the catalogue and
    // demo cards of later migrations, which a stored database from before them does not have yet.
    const numbered = async () =>
      JSON.stringify(
        await Promise.all([
          db.query('SELECT * FROM practices ORDER BY 1'),
          db.query('SELECT * FROM people WHERE id <> ALL($1::text[]) ORDER BY 1', [LATER_DEMO_PEOPLE]),
          db.query('SELECT * FROM accounts WHERE person_id <> ALL($1::text[]) ORDER BY 1', [LATER_DEMO_PEOPLE]),
        ]),
      );
    const migrated = await numbered();
    await seed(db);
    expect(await numbered()).toBe(migrated);
    // Only the later demo people were added, under their own fixed ids.
    const added = await db.query<{ id: number; uid: string }>(
      'SELECT id, uid FROM accounts WHERE person_id = ANY($1::text[]) ORDER BY id',
      [LATER_DEMO_PEOPLE],
    );
    expect(added).toEqual(LATER_DEMO_ACCOUNTS.map((account) => ({ id: account.id, uid: account.uid })));
  });

  it('keeps every account, and numbers rows the seed does not know above the demo ones', async () => {
    const [counts] = await db.query<{ accounts: number }>('SELECT count(*)::int AS accounts FROM accounts');
    expect(counts?.accounts).toBe(accountsBefore + LATER_DEMO_ACCOUNTS.length);
    const [added] = await db.query<{ id: number; practice_id: number; name: string }>(
      `SELECT a.id, a.practice_id, p.name FROM accounts a JOIN practices p ON p.id = a.practice_id WHERE a.uid = 'user-ben-carter-added-later'`,
    );
    expect(added).toEqual({ id: 1001, practice_id: 1001, name: 'Added Later Clinic' });
  });

  it('signs demo accounts in with the passwords they had, answering numbers', async () => {
    const user = await server.signIn('hcp.checkout');
    expect(user.practice).toMatchObject({ practiceId: PRACTICE_IDS.riverside, userId: accountIdOf('user-ava-morgan-riverside') });
    const changed = await server.signIn('hcp.net30', { password: CHANGED_PASSWORD });
    expect(changed.practices.map((account) => account.practiceId)).toEqual([PRACTICE_IDS.lakeside, 1001]);
    expect(
      (await server.call('POST', '/Auth', { body: { username: 'hcp.net30', password: DEMO_PASSWORD, rememberMe: false } })).status,
    ).toBe(401);
  });

  it('keeps a remembered sign-in: its refresh token still refreshes the same account', async () => {
    const answer = await server.call('POST', '/Auth/refresh', { body: { refreshToken: REMEMBERED } });
    expect(answer.status).toBe(200);
    const refreshed = answer.body as { accessToken: { token: string } };
    const me = await server.call('GET', '/Users/Me', { token: refreshed.accessToken.token });
    expect(me.body).toMatchObject({ uid: 'user-grace-hall-summit-provider' });
    const practice = await server.call('GET', '/Practices', { token: refreshed.accessToken.token });
    expect(practice.body).toMatchObject({ id: PRACTICE_IDS.summit, name: 'Summit Wellness Clinic' });
  });

  it('gives a practice added after the migration the next free number', async () => {
    const [row] = await db.query<{ id: number }>(
      `INSERT INTO practices (name, unit_type, billing_type, fulfilment_type) VALUES ('Newest Clinic', 2, 4, 1) RETURNING id`,
    );
    expect(row?.id).toBe(1002);
  });
});
