import { readdir, readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import type { Database } from './database';

export const MIGRATIONS_DIR = fileURLToPath(new URL('../migrations/', import.meta.url));

export interface Migration {
  readonly version: number;
  readonly name: string;
  readonly sql: string;
}

const FILE_PATTERN = /^(\d+)_([\w-]+)\.sql$/;

export async function loadMigrations(dir: string = MIGRATIONS_DIR): Promise<Migration[]> {
  const files = (await readdir(dir)).filter((file) => file.endsWith('.sql'));
  const migrations: Migration[] = [];
  for (const file of files) {
    const match = FILE_PATTERN.exec(file);
    if (!match?.[1] || !match[2]) throw new Error(`Migration file ${file} must be named <number>_<name>.sql`);
    migrations.push({ version: Number(match[1]), name: match[2], sql: await readFile(`${dir}/${file}`, 'utf8') });
  }
  migrations.sort((a, b) => a.version - b.version);
  const versions = new Set(migrations.map((migration) => migration.version));
  if (versions.size !== migrations.length) throw new Error(`Two migration files in ${dir} share a number`);
  return migrations;
}

/**
 * One key for the advisory lock that migrating servers take: several servers started at once on one PostgreSQL
 * apply each file once, the others wait for it and find it recorded.
 */
const MIGRATION_LOCK = 7_203_611_042;

/** Applies, in order, every migration not yet recorded in `schema_migrations`; answers the versions applied now. */
export async function migrate(db: Database, migrations?: readonly Migration[]): Promise<number[]> {
  const all = migrations ?? (await loadMigrations());
  // Two servers creating the table at once would collide in PostgreSQL's catalogue, even with IF NOT EXISTS.
  await db.transaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK]);
    await tx.exec(`CREATE TABLE IF NOT EXISTS schema_migrations (
    version integer PRIMARY KEY,
    name text NOT NULL,
    applied_at timestamptz NOT NULL DEFAULT now()
  )`);
  });
  const rows = await db.query<{ version: number }>('SELECT version FROM schema_migrations');
  const applied = new Set(rows.map((row) => row.version));
  const now: number[] = [];
  for (const migration of all) {
    if (applied.has(migration.version)) continue;
    // Each file and its record commit together, so a failed file leaves no half-applied schema behind. The lock
    // is held to the commit; whoever waited for it looks again and finds the file applied by the server before it.
    const appliedHere = await db.transaction(async (tx) => {
      await tx.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK]);
      const done = await tx.query('SELECT 1 FROM schema_migrations WHERE version = $1', [migration.version]);
      if (done.length > 0) return false;
      await tx.exec(migration.sql);
      await tx.query('INSERT INTO schema_migrations (version, name) VALUES ($1, $2)', [migration.version, migration.name]);
      return true;
    });
    if (appliedHere) now.push(migration.version);
  }
  return now;
}
