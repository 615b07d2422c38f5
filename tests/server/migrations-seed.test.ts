import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BillingType, UnitType, UserType } from '../../src/model/enums';
import { passwordStrength } from '../../src/model/password';
import type { Database } from '../../server/db/database';
import { loadMigrations, migrate } from '../../server/db/migrate';
import { pgliteDatabase } from '../../server/db/pglite';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, resetDatabase, seed } from '../../server/seed';
import { SEED_PEOPLE, SEED_PRACTICES } from '../../server/seed-data';
import { KIT_TABLES } from '../../server/seed-kits';
import { snapshot } from './support/harness';

/** A database that starts empty, as on a first start, rather than from the test template. */
let db: Database;
let scratch = '';

beforeAll(async () => {
  db = pgliteDatabase(await PGlite.create('memory://'));
  scratch = await mkdtemp(join(tmpdir(), 'portal-migrations-'));
});

afterAll(async () => {
  await db.close();
  await rm(scratch, { recursive: true, force: true });
});

describe('migrations', () => {
  it('applies every numbered file in order on an empty database and records each in schema_migrations', async () => {
    const files = await loadMigrations();
    expect(await migrate(db)).toEqual(files.map((file) => file.version));
    const recorded = await db.query<{ version: number; name: string }>('SELECT version, name FROM schema_migrations ORDER BY version');
    expect(recorded).toEqual(files.map(({ version, name }) => ({ version, name })));
  });

  it('applies nothing on the next start', async () => {
    expect(await migrate(db)).toEqual([]);
  });

  it('rolls a failing file back whole and records nothing for it', async () => {
    const broken = { version: 900, name: 'broken', sql: 'CREATE TABLE half_done (id integer); SELECT no_such_function();' };
    await expect(migrate(db, [broken])).rejects.toThrow();
    expect(await db.query(`SELECT 1 FROM information_schema.tables WHERE table_name = 'half_done'`)).toEqual([]);
    expect(await db.query('SELECT 1 FROM schema_migrations WHERE version = 900')).toEqual([]);
  });

  it('refuses a file not named <number>_<name>.sql, and two files with one number', async () => {
    await writeFile(join(scratch, 'initial.sql'), 'SELECT 1;');
    await expect(loadMigrations(scratch)).rejects.toThrow(/must be named/);
    await rm(join(scratch, 'initial.sql'));
    await writeFile(join(scratch, '001_a.sql'), 'SELECT 1;');
    await writeFile(join(scratch, '1_b.sql'), 'SELECT 1;');
    await expect(loadMigrations(scratch)).rejects.toThrow(/share a number/);
  });
});

describe('seed data', () => {
  it('seeding twice changes nothing', async () => {
    await seed(db);
    const once = await snapshot(db);
    await seed(db);
    expect(await snapshot(db)).toBe(once);
  });

  it('keeps what users changed and puts back only what is missing', async () => {
    await db.query(`UPDATE people SET password_hash = 'changed' WHERE username = 'hcp.checkout'`);
    await db.query(`DELETE FROM accounts WHERE uid = 'user-grace-hall-summit-provider'`);
    await seed(db);
    const [person] = await db.query<{ password_hash: string }>(`SELECT password_hash FROM people WHERE username = 'hcp.checkout'`);
    expect(person?.password_hash).toBe('changed');
    expect(await db.query(`SELECT 1 FROM accounts WHERE uid = 'user-grace-hall-summit-provider'`)).toHaveLength(1);
  });

  it('keeps a seeded order a user canceled, and adds back a seeded order that is missing', async () => {
    const [first, second] = await db.query<{ uid: string }>(`SELECT uid FROM orders WHERE uid LIKE 'seed-order-%' ORDER BY uid LIMIT 2`);
    await db.query('UPDATE orders SET status = 5 WHERE uid = $1', [first?.uid]);
    await db.query('DELETE FROM orders WHERE uid = $1', [second?.uid]);
    await seed(db);
    const rows = await db.query<{ uid: string; status: number }>(
      'SELECT uid, status FROM orders WHERE uid = ANY($1::text[]) ORDER BY uid',
      [[first?.uid, second?.uid]],
    );
    expect(rows.map((row) => row.uid)).toEqual([first?.uid, second?.uid]);
    expect(rows[0]?.status).toBe(5);
  });

  it('seeding twice changes none of the kits’ and patients’ rows; a deleted seeded kit comes back, a changed one stays', async () => {
    const kitTables = async () => {
      const parts: unknown[] = [];
      for (const table of KIT_TABLES) parts.push(await db.query(`SELECT * FROM ${table} ORDER BY 1`));
      return JSON.stringify(parts);
    };
    await seed(db);
    const once = await kitTables();
    await seed(db);
    expect(await kitTables()).toBe(once);
    await db.query(`UPDATE kits SET status = 26 WHERE uid = 'seed-kit-11-0016'`);
    await db.query(`DELETE FROM kits WHERE uid = 'seed-kit-11-0003'`);
    await seed(db);
    const rows = await db.query<{ uid: string; status: number; source: string | null }>(
      `SELECT k.uid, k.status, s.uid AS source FROM kits k LEFT JOIN kits s ON s.id = k.source_kit_id
       WHERE k.uid IN ('seed-kit-11-0003', 'seed-kit-11-0004', 'seed-kit-11-0016') ORDER BY k.uid`,
    );
    expect(rows.map((row) => [row.uid, row.status])).toEqual([
      ['seed-kit-11-0003', 24],
      ['seed-kit-11-0004', 3],
      ['seed-kit-11-0016', 26],
    ]);
    const [history] = await db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM kit_status_history h JOIN kits k ON k.id = h.kit_id WHERE k.uid = 'seed-kit-11-0003'`,
    );
    expect(history?.n).toBeGreaterThan(3);
  });

  it('a reset wipes the data tables and seeds them again', async () => {
    await resetDatabase(db);
    const [person] = await db.query<{ password_hash: string }>(`SELECT password_hash FROM people WHERE username = 'hcp.checkout'`);
    expect(person?.password_hash).toMatch(/^scrypt\$/);
  });

  it('lists every demo person in DEMO_ACCOUNTS, each saying what it shows', () => {
    expect(DEMO_ACCOUNTS.map((account) => account.username)).toEqual(SEED_PEOPLE.map((person) => person.username));
    expect(DEMO_ACCOUNTS.every((account) => account.demonstrates.length > 10)).toBe(true);
  });

  it('uses a demo password that passes all five strength checks, so it also passes migration', () => {
    expect(passwordStrength(DEMO_PASSWORD).score).toBe(5);
  });

  it('covers each case the portal treats differently', () => {
    const accounts = SEED_PEOPLE.flatMap((person) =>
      person.accounts.map((account) => {
        const practice = SEED_PRACTICES.find((candidate) => candidate.id === account.practiceId);
        return { userType: account.userType, unitType: practice?.unitType, billingType: practice?.billingType };
      }),
    );
    const provider = { userType: UserType.Provider, unitType: UnitType.HCP };
    expect(accounts).toContainEqual({ ...provider, billingType: BillingType.PerOrder });
    expect(accounts).toContainEqual({ ...provider, billingType: BillingType.Net30 });
    const unitTypes = new Set(accounts.map((account) => account.unitType));
    for (const unitType of [UnitType.CPS, UnitType.IRC, UnitType.DTC, UnitType.Unknown]) expect(unitTypes).toContain(unitType);
    expect(accounts).toContainEqual(expect.objectContaining({ userType: UserType.Patient, unitType: UnitType.HCP }));
    expect(accounts).toContainEqual(expect.objectContaining({ userType: UserType.LabUser }));
    expect(SEED_PEOPLE.some((person) => person.forceIdentityMigration)).toBe(true);
    const several = SEED_PEOPLE.find((person) => person.accounts.length >= 3);
    const practiceIds = several?.accounts.map((account) => account.practiceId) ?? [];
    // One practice appears twice, under two roles.
    expect(new Set(practiceIds).size).toBeLessThan(practiceIds.length);
  });
});
