import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { ensureSigningSecret } from '../../../server/auth/access-tokens';
import type { Database } from '../../../server/db/database';
import { migrate } from '../../../server/db/migrate';
import { pgDatabase } from '../../../server/db/pg';
import { seed } from '../../../server/seed/seed';
import { templateKey } from './template';

/**
 * The API suites' node-postgres pass against a real PostgreSQL server, when `TEST_DATABASE_URL` names one (`.ci/run`
 * starts a throwaway cluster and sets it). Each test file gets a database of its own, copied from a template that is
 * migrated and seeded once per key of the migrations and seed (as the PGlite dump is), so files run side by side.
 */
export const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL || undefined;

/** Where the pass goes, for the suites' titles: the CI log says which database each pass used. */
export function describePostgres(url: string | undefined = TEST_DATABASE_URL): string {
  if (!url) return 'the in-process PGlite over its wire protocol (no TEST_DATABASE_URL: no PostgreSQL server was given)';
  const parsed = new URL(url);
  return `the PostgreSQL server at ${parsed.hostname}:${parsed.port || '5432'}`;
}

/** The advisory lock that lets one test worker build the template while the others wait for it. */
const TEMPLATE_LOCK = 7_203_611_043;
const TEMPLATE_PREFIX = 'portal_template_';

function databaseUrl(base: string, name: string): string {
  const url = new URL(base);
  url.pathname = `/${name}`;
  return url.toString();
}

async function withAdmin<T>(base: string, work: (admin: pg.Client) => Promise<T>): Promise<T> {
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  try {
    return await work(admin);
  } finally {
    await admin.end();
  }
}

const quote = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** The template database of the current migrations and seed, built here unless another worker built it first. */
async function ensureTemplate(base: string, admin: pg.Client): Promise<string> {
  const name = `${TEMPLATE_PREFIX}${await templateKey()}`;
  await admin.query('SELECT pg_advisory_lock($1)', [TEMPLATE_LOCK]);
  try {
    const found = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (found.rowCount) return name;
    const building = `${name}_building`;
    await admin.query(`DROP DATABASE IF EXISTS ${quote(building)}`);
    await admin.query(`CREATE DATABASE ${quote(building)}`);
    const db = pgDatabase({ connectionString: databaseUrl(base, building), max: 2 });
    try {
      await migrate(db);
      await ensureSigningSecret(db);
      await seed(db);
    } finally {
      await db.close();
    }
    // Renamed only when whole, so a worker never copies a half-built template.
    await admin.query(`ALTER DATABASE ${quote(building)} RENAME TO ${quote(name)}`);
    const stale = await admin.query<{ datname: string }>(`SELECT datname FROM pg_database WHERE datname LIKE $1 AND datname <> $2`, [
      `${TEMPLATE_PREFIX}%`,
      name,
    ]);
    for (const { datname } of stale.rows) await admin.query(`DROP DATABASE IF EXISTS ${quote(datname)} WITH (FORCE)`);
    return name;
  } finally {
    await admin.query('SELECT pg_advisory_unlock($1)', [TEMPLATE_LOCK]);
  }
}

/** A migrated, seeded database of this test file's own on the PostgreSQL server, dropped when it is closed. */
export async function openPostgresTestDatabase(base: string, poolSize = 4): Promise<Database> {
  const name = `portal_test_${process.pid}_${randomBytes(4).toString('hex')}`;
  await withAdmin(base, async (admin) => {
    const template = await ensureTemplate(base, admin);
    await admin.query(`CREATE DATABASE ${quote(name)} TEMPLATE ${quote(template)}`);
  });
  const db = pgDatabase({ connectionString: databaseUrl(base, name), max: poolSize });
  return {
    ...db,
    close: async () => {
      await db.close();
      await withAdmin(base, (admin) => admin.query(`DROP DATABASE IF EXISTS ${quote(name)} WITH (FORCE)`));
    },
  };
}

/**
 * The address of the PostgreSQL server for the tests that need a real one. Without one the run fails, saying how to
 * get one, unless `PORTAL_TESTS_WITHOUT_POSTGRES=1` says this machine cannot have PostgreSQL: then those tests are
 * left out and the run says so.
 */
export function requirePostgres(what: string): string | undefined {
  if (TEST_DATABASE_URL) return TEST_DATABASE_URL;
  if (process.env.PORTAL_TESTS_WITHOUT_POSTGRES === '1') {
    console.warn(`No PostgreSQL on this machine (PORTAL_TESTS_WITHOUT_POSTGRES=1): ${what} did not run.`);
    return undefined;
  }
  throw new Error(
    `${what} needs PostgreSQL: install Debian's postgresql package (the tests start a throwaway cluster), set TEST_DATABASE_URL, or set PORTAL_TESTS_WITHOUT_POSTGRES=1 to leave these tests out`,
  );
}

/** An empty database of its own on the server, as on a first start, dropped by the returned function. */
export async function createEmptyDatabase(base: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `portal_empty_${process.pid}_${randomBytes(4).toString('hex')}`;
  await withAdmin(base, (admin) => admin.query(`CREATE DATABASE ${quote(name)} TEMPLATE template0`));
  return {
    url: databaseUrl(base, name),
    drop: () => withAdmin(base, (admin) => admin.query(`DROP DATABASE IF EXISTS ${quote(name)} WITH (FORCE)`)).then(() => undefined),
  };
}
