import { PGlite, type PGliteOptions } from '@electric-sql/pglite';
import type { Database, Queryable, Row } from './database';

function wrap(target: Pick<PGlite, 'query' | 'exec'>): Queryable {
  return {
    async query<T extends Row>(sql: string, params: readonly unknown[] = []) {
      const result = await target.query<T>(sql, [...params]);
      return result.rows;
    },
    async exec(sql: string) {
      await target.exec(sql);
    },
  };
}

export function pgliteDatabase(pglite: PGlite): Database {
  return {
    ...wrap(pglite),
    // PGlite is one session: while a transaction runs, other queries wait for it, so `work` must use `tx`.
    transaction: (work) => pglite.transaction((tx) => work(wrap(tx))),
    close: () => pglite.close(),
  };
}

/** `dataDir` is a folder for a persisted database, or `memory://` for one that lives in memory. */
export async function openPglite(dataDir: string, options: PGliteOptions = {}): Promise<Database> {
  const pglite = await PGlite.create({ ...options, dataDir });
  return pgliteDatabase(pglite);
}
