import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../server/db/database';
import { loadMigrations, migrate } from '../../server/db/migrate';
import { pgDatabase } from '../../server/db/pg';
import { createEmptyDatabase, describePostgres, requirePostgres } from './support/postgres';

/**
 * The migrations on a real PostgreSQL server, not only on PGlite: on a fresh database, again on one already
 * migrated, and by three servers starting at once on one database (`docs`: "run N servers on one PostgreSQL").
 */
const base = requirePostgres('The migrations on PostgreSQL');

if (base) {
  const server = base;
  describe(`migrations on ${describePostgres(server)}`, () => {
    const dropped: (() => Promise<void>)[] = [];
    const opened: Database[] = [];
    let versions: number[] = [];

    async function freshDatabases(count: number): Promise<Database[]> {
      const { url, drop } = await createEmptyDatabase(server);
      dropped.push(drop);
      const dbs = Array.from({ length: count }, () => pgDatabase({ connectionString: url, max: 2 }));
      opened.push(...dbs);
      return dbs;
    }

    beforeAll(async () => {
      versions = (await loadMigrations()).map((migration) => migration.version);
    });

    afterAll(async () => {
      await Promise.all(opened.map((db) => db.close()));
      for (const drop of dropped) await drop();
    });

    it('applies every file on a fresh database, then nothing on one already migrated', async () => {
      const [db] = await freshDatabases(1);
      if (!db) throw new Error('no database');
      expect(await migrate(db)).toEqual(versions);
      const [shown] = await db.query<{ server_version: string }>('SHOW server_version');
      expect(shown?.server_version).toMatch(/^\d+/);
      expect(await migrate(db)).toEqual([]);
      const recorded = await db.query<{ version: number }>('SELECT version FROM schema_migrations ORDER BY version');
      expect(recorded.map((row) => row.version)).toEqual(versions);
    });

    it('applies each file once when three servers start at once on one database', async () => {
      const dbs = await freshDatabases(3);
      const applied = await Promise.all(dbs.map((db) => migrate(db)));
      expect(applied.flat().sort((a, b) => a - b)).toEqual(versions);
      const [first] = dbs;
      if (!first) throw new Error('no database');
      const counts = await first.query<{ version: number; times: string }>(
        'SELECT version, count(*)::text AS times FROM schema_migrations GROUP BY version ORDER BY version',
      );
      expect(counts).toEqual(versions.map((version) => ({ version, times: '1' })));
    });
  });
}
