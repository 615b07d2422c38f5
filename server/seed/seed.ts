import { hashPassword } from '../auth/passwords';
import type { Database, Queryable } from '../db/database';
import { CARD_TABLES, seedCards } from '../payments/seed-cards';
import { PRICING_TIERS } from '../orders/pricing/tiers';
import { UserType } from '../../src/model/enums';
import { SEED_PEOPLE, SEED_PRACTICES, SEED_PRODUCTS, SHIPPABLE_COUNTRIES, type SeedAccount, type SeedPerson } from './seed-data';
import { seedDemoOrders } from './orders';
import { KIT_SEED_REFERENCE_DATE, KIT_TABLES, seedDemoKits } from './kits';
import { issueReadyReports } from '../reports/issue';
import { seedWebhooks, WEBHOOK_TABLES } from './webhooks';
import { syncCatalogue } from '../store/orders/catalogue';

/**
 * The demo data every fresh database gets. Seeding inserts only what is missing (fixed ids), so it
 * runs at every start without undoing what users changed, e.g. a password reset in the demo. The
 * catalogue, the volume tiers and the shippable countries are the server's data, which no user
 * changes: seeding makes their tables equal to it, so a changed price reaches a stored database.
 */

/** One password for every demo account; it passes the migration strength rules (5 of 5 checks). */
export const DEMO_PASSWORD = 'Portal-Demo-2026!';

export interface DemoAccount {
  readonly username: string;
  readonly email: string;
  /** What signing in with it shows. */
  readonly demonstrates: string;
}

/** The demo sign-ins, in the order main.ts prints them. All use DEMO_PASSWORD. */
export const DEMO_ACCOUNTS: readonly DemoAccount[] = SEED_PEOPLE.map(({ username, email, demonstrates }) => ({
  username,
  email,
  demonstrates,
}));

/** Data tables, each before the ones it refers to; the migrations record and the signing secret stay. */
const DATA_TABLES = [
  'mail_attempts',
  'mail_messages',
  'rate_limits',
  ...WEBHOOK_TABLES,
  ...CARD_TABLES,
  'patient_consent_agreements',
  'person_consent_agreements',
  ...KIT_TABLES,
  'practice_logos',
  'analysis_upload_locks',
  'analysis_uploads',
  'manifest_samples',
  'order_idempotency_keys',
  'order_status_history',
  'order_items',
  'orders',
  'products',
  'pricing_tiers',
  'shippable_countries',
  'refresh_tokens',
  'restore_tokens',
  'accounts',
  'people',
  'practices',
] as const;

/**
 * One multi-row INSERT per table: `columns` name the columns, each row gives their values, and a
 * `::jsonb` suffix on a column name casts that parameter. Rows that exist (by any unique key) stay.
 */
async function insertMissing(
  tx: Queryable,
  table: string,
  columns: readonly string[],
  rows: readonly (readonly unknown[])[],
): Promise<void> {
  if (!rows.length) return;
  const names = columns.map((column) => column.replace('::jsonb', ''));
  const tuples = rows.map(
    (_row, r) =>
      `(${columns.map((column, c) => `$${r * columns.length + c + 1}${column.endsWith('::jsonb') ? '::jsonb' : ''}`).join(', ')})`,
  );
  await tx.query(`INSERT INTO ${table} (${names.join(', ')}) VALUES ${tuples.join(', ')} ON CONFLICT DO NOTHING`, rows.flat());
}

async function insertDemoData(tx: Queryable): Promise<void> {
  await insertMissing(
    tx,
    'practices',
    [
      'id',
      'name',
      'unit_type',
      'billing_type',
      'fulfilment_type',
      'phone',
      'contact_person_first_name',
      'contact_person_last_name',
      'address::jsonb',
      'billing_address::jsonb',
      'invoice_contact::jsonb',
      'white_label::jsonb',
      'show_reports_to_patients',
    ],
    SEED_PRACTICES.map((p) => [
      p.id,
      p.name,
      p.unitType,
      p.billingType,
      p.fulfilmentType,
      p.phone,
      p.contactPersonFirstName,
      p.contactPersonLastName,
      json(p.address),
      json(p.billingAddress),
      json(p.invoiceContact),
      json(p.whiteLabel),
      p.showReportsToPatients,
    ]),
  );
  const present = await tx.query<{ id: string }>('SELECT id FROM people WHERE id = ANY($1::text[])', [SEED_PEOPLE.map((p) => p.id)]);
  const missing = SEED_PEOPLE.filter((person) => !present.some((row) => row.id === person.id));
  if (missing.length) {
    const passwordHash = await demoPasswordHash();
    await insertMissing(
      tx,
      'people',
      ['id', 'username', 'email', 'password_hash', 'force_identity_migration', 'first_name', 'last_name', 'phone', 'address::jsonb'],
      missing.map((person) => [
        person.id,
        person.username,
        person.email,
        passwordHash,
        person.forceIdentityMigration,
        person.firstName,
        person.lastName,
        person.phone,
        json(person.address),
      ]),
    );
  }
  await insertMissing(
    tx,
    'accounts',
    ['id', 'uid', 'person_id', 'practice_id', 'user_type', 'position', 'first_name', 'last_name', 'phone'],
    SEED_PEOPLE.flatMap((person) =>
      person.accounts.map((account, position) => [
        account.id,
        account.uid,
        person.id,
        account.practiceId,
        account.userType,
        position,
        ...practiceView(person, account),
      ]),
    ),
  );
  await syncCatalogue(tx, { products: SEED_PRODUCTS, tiers: PRICING_TIERS, countries: SHIPPABLE_COUNTRIES });
  await seedCards(tx);
  await seedDemoOrders(tx);
  await seedDemoKits(tx);
  // The ready kits' reports get their demo results, dated when each kit's results were ready; a database from before
  // migration 019 gets them at its next start.
  await issueReadyReports(tx, KIT_SEED_REFERENCE_DATE);
  await seedWebhooks(tx);
}

/**
 * What the account's practice sees of the person (migration 015): the person's names and phone, as every practice
 * saw them before; a patient account keeps none (server/store/team/users.ts shows the person's own there).
 */
function practiceView(person: SeedPerson, account: SeedAccount): readonly (string | null)[] {
  return account.userType === UserType.Patient ? [null, null, null] : [person.firstName, person.lastName, person.phone];
}

let demoHash: Promise<string> | undefined;

/**
 * Every demo person shares one hash, made once per process and only when someone is missing: the
 * password is published, so a salt per person would protect nothing, and a restart over a seeded
 * database hashes nothing at all. Any later password change gets a fresh salt.
 */
function demoPasswordHash(): Promise<string> {
  demoHash ??= hashPassword(DEMO_PASSWORD);
  return demoHash;
}

/**
 * For test suites that sign the demo people in thousands of times (tests/server/support/template.ts): the demo
 * hash they seed with, of the same password at a lower cost. The server verifies whatever cost a hash names.
 */
export function useDemoPasswordHash(hash: Promise<string>): void {
  demoHash = hash;
}

/** Inserts whatever demo rows are missing and leaves every existing row as it is. */
export async function seed(db: Database): Promise<void> {
  await db.transaction((tx) => insertDemoData(tx));
}

/** The seeded rows as the first reset left them, in tables of their own, so later resets copy rather than rebuild. */
const SEED_COPY = 'seed_copy';
const seedCopied = new WeakSet<Database>();

/**
 * The activity trail (issue 44) is no seed table, and its append-only trigger refuses a DELETE; a reset empties it the
 * one way the trigger allows, as the retention purge does (server/store/activity/purge.ts): in a transaction that says
 * it purges, the setting ending with the transaction. Journeys and tests then start from an empty trail.
 */
const CLEAR_ACTIVITY_TRAIL = [
  `SELECT set_config('activity.purge', 'on', true);`,
  'DELETE FROM activity_entries;',
  'DELETE FROM activity_chain_anchors;',
].join('\n');

const deleteEveryRow = () => [CLEAR_ACTIVITY_TRAIL, ...DATA_TABLES.map((table) => `DELETE FROM ${table};`)].join('\n');

/**
 * Wipes every data table and seeds again, in one transaction (the test-only reset). The first reset in a process
 * builds the demo data and keeps a copy of it in the database; every later one copies those rows back, several times
 * faster than building them again, which a test suite that resets before most tests feels. Identity sequences go on
 * counting from where they were, so a row made after a reset never takes a seeded row's id.
 */
export async function resetDatabase(db: Database): Promise<void> {
  if (seedCopied.has(db)) {
    const copyBack = [...DATA_TABLES]
      .reverse()
      .map((table) => `INSERT INTO ${table} OVERRIDING SYSTEM VALUE SELECT * FROM ${SEED_COPY}.${table};`);
    await db.transaction(async (tx) => {
      // The copy is whole and consistent, so checking every foreign key row by row (most of a reset's time) proves
      // nothing; a superuser may switch those checks off for this transaction, anyone else pays for them.
      const [role] = await tx.query<{ superuser: string }>(`SELECT current_setting('is_superuser') AS superuser`);
      if (role?.superuser === 'on') await tx.exec('SET LOCAL session_replication_role = replica;');
      await tx.exec([deleteEveryRow(), ...copyBack].join('\n'));
    });
    return;
  }
  await db.transaction(async (tx) => {
    // DELETE rather than TRUNCATE: on tables this small it is several times faster, which tests feel.
    await tx.exec(deleteEveryRow());
    await insertDemoData(tx);
    const copies = DATA_TABLES.map((table) => `CREATE TABLE ${SEED_COPY}.${table} AS TABLE ${table};`);
    await tx.exec([`DROP SCHEMA IF EXISTS ${SEED_COPY} CASCADE;`, `CREATE SCHEMA ${SEED_COPY};`, ...copies].join('\n'));
  });
  seedCopied.add(db);
}

function json(value: unknown): string | null {
  return value === null || value === undefined ? null : JSON.stringify(value);
}
