import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BillingType, UnitType, UserType } from '../../src/model/enums';
import { passwordStrength } from '../../src/model/auth/password';
import type { Database } from '../../server/db/database';
import { loadMigrations, migrate } from '../../server/db/migrate';
import { PGLITE_EXTENSIONS, pgliteDatabase } from '../../server/db/pglite';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, resetDatabase, seed } from '../../server/seed/seed';
import { SEED_PEOPLE, SEED_PRACTICES } from '../../server/seed/seed-data';
import { KIT_TABLES } from '../../server/seed/kits';
import { snapshot } from './support/harness';

/** A database that starts empty, as on a first start, rather than from the test template. */
let db: Database;
let scratch = '';

beforeAll(async () => {
  db = pgliteDatabase(await PGlite.create({ dataDir: 'memory://', extensions: PGLITE_EXTENSIONS }));
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

describe('migration 015: the names and phone a practice sees live on its accounts', () => {
  /** A database stored before 015, with a person who holds accounts at two practices and is a patient at a third. */
  let stored: Database;

  beforeAll(async () => {
    stored = pgliteDatabase(await PGlite.create({ dataDir: 'memory://', extensions: PGLITE_EXTENSIONS }));
    const before015 = (await loadMigrations()).filter((migration) => migration.version < 15);
    await migrate(stored, before015);
    await stored.exec(`
      INSERT INTO practices (id, name, unit_type, billing_type, fulfilment_type) VALUES
        (1, 'North Clinic', 2, 1, 1), (2, 'South Clinic', 2, 4, 1), (3, 'East Clinic', 2, 1, 1);
      INSERT INTO people (id, username, email, password_hash, first_name, last_name, phone) VALUES
        ('person-mara', 'mara.ito', 'mara.ito@north.example', 'x', 'Mara', 'Ito', '(206) 555-0100'),
        ('person-noor', 'noor.vale', 'noor.vale@south.example', 'x', 'Noor', 'Vale', NULL);
      INSERT INTO accounts (id, uid, person_id, practice_id, user_type, position) VALUES
        (1, 'mara-north-provider', 'person-mara', 1, ${UserType.Provider}, 0),
        (2, 'mara-north-manager', 'person-mara', 1, ${UserType.OfficeManager}, 1),
        (3, 'mara-south-nurse', 'person-mara', 2, ${UserType.Nurse}, 2),
        (4, 'mara-east-patient', 'person-mara', 3, ${UserType.Patient}, 3),
        (5, 'noor-south-provider', 'person-noor', 2, ${UserType.Provider}, 0);
    `);
    const applied = await migrate(stored);
    expect(applied).toContain(15);
    expect(applied.every((version) => version >= 15)).toBe(true);
  });

  afterAll(async () => {
    await stored.close();
  });

  it('gives every team account its person’s names and phone, a missing phone staying missing', async () => {
    const rows = await stored.query('SELECT uid, first_name, last_name, phone FROM accounts WHERE user_type <> $1 ORDER BY id', [
      UserType.Patient,
    ]);
    expect(rows).toEqual([
      { uid: 'mara-north-provider', first_name: 'Mara', last_name: 'Ito', phone: '(206) 555-0100' },
      { uid: 'mara-north-manager', first_name: 'Mara', last_name: 'Ito', phone: '(206) 555-0100' },
      { uid: 'mara-south-nurse', first_name: 'Mara', last_name: 'Ito', phone: '(206) 555-0100' },
      { uid: 'noor-south-provider', first_name: 'Noor', last_name: 'Vale', phone: null },
    ]);
  });

  it('leaves a patient account without names of its own (the patient portal keeps them on the person) and the people as they were', async () => {
    expect(await stored.query(`SELECT first_name, last_name, phone FROM accounts WHERE uid = 'mara-east-patient'`)).toEqual([
      { first_name: null, last_name: null, phone: null },
    ]);
    expect(await stored.query('SELECT id, first_name, last_name, phone FROM people ORDER BY id')).toEqual([
      { id: 'person-mara', first_name: 'Mara', last_name: 'Ito', phone: '(206) 555-0100' },
      { id: 'person-noor', first_name: 'Noor', last_name: 'Vale', phone: null },
    ]);
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
