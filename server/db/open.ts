import { pgDatabase, type PgOptions } from './pg';
import { openPglite } from './pglite';
import type { Database } from './database';

export interface StorageSettings {
  /** When set, a PostgreSQL server is used and `pgliteDataDir` is ignored. */
  readonly databaseUrl: string | undefined;
  readonly pgliteDataDir: string;
}

export function describeStorage(settings: StorageSettings): string {
  if (settings.databaseUrl) return `PostgreSQL at ${redactPassword(settings.databaseUrl)}`;
  return settings.pgliteDataDir === 'memory://' ? 'PGlite in memory' : `PGlite in ${settings.pgliteDataDir}`;
}

export async function openDatabase(settings: StorageSettings, options: PgOptions = {}): Promise<Database> {
  if (settings.databaseUrl) return pgDatabase({ connectionString: settings.databaseUrl }, options);
  return openPglite(settings.pgliteDataDir);
}

/** A database URL fit to print: its password replaced by `***`. */
export function redactPassword(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return 'the configured DATABASE_URL';
  }
}
