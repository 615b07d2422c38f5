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

/** Applies, in order, every migration not yet recorded in `schema_migrations`; answers the versions applied now. */
export async function migrate(db: Database, migrations?: readonly Migration[]): Promise<number[]> {
  const all = migrations ?? (await loadMigrations());
  await db.exec(`CREATE TABLE IF NOT EXISTS schema_migrations (
    version integer PRIMARY KEY,
    name text NOT NULL,
    applied_at timestamptz NOT NULL DEFAULT now()
  )`);
  const rows = await db.query<{ version: number }>('SELECT version FROM schema_migrations');
  const applied = new Set(rows.map((row) => row.version));
  const now: number[] = [];
  for (const migration of all) {
    if (applied.has(migration.version)) continue;
    // Each file and its record commit together, so a failed file leaves no half-applied schema behind.
    await db.transaction(async (tx) => {
      await tx.exec(migration.sql);
      await tx.query('INSERT INTO schema_migrations (version, name) VALUES ($1, $2)', [migration.version, migration.name]);
    });
    now.push(migration.version);
  }
  return now;
}
