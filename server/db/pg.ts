import { createHash } from 'node:crypto';
import pg from 'pg';
import { PREPARED_STATEMENTS, type Database, type Queryable, type Row } from './database';

/**
 * Names each statement text once, so that node-postgres prepares it on a connection the first time and afterwards
 * only binds and executes it: parsing and planning are most of what a short read costs PostgreSQL (bench:load).
 * A name is a digest of the text, so one name never stands for two texts.
 */
function statementNames(limit: number): (sql: string) => string | undefined {
  const names = new Map<string, string>();
  return (sql) => {
    const known = names.get(sql);
    if (known !== undefined || names.size >= limit) return known;
    const name = `s${createHash('sha256').update(sql).digest('base64url').slice(0, 24)}`;
    names.set(sql, name);
    return name;
  };
}

function wrap(target: pg.Pool | pg.PoolClient, nameOf: (sql: string) => string | undefined): Queryable {
  return {
    async query<T extends Row>(sql: string, params: readonly unknown[] = []) {
      const result = await target.query<T>({ text: sql, values: [...params], name: nameOf(sql) });
      return result.rows;
    },
    async exec(sql: string) {
      // Without parameters node-postgres uses the simple query protocol, which accepts several statements.
      await target.query(sql);
    },
  };
}

/** A PostgreSQL server through a node-postgres pool, e.g. `{ connectionString: process.env.DATABASE_URL }`. */
export function pgDatabase(config: pg.PoolConfig): Database {
  const pool = new pg.Pool(config);
  const nameOf = statementNames(PREPARED_STATEMENTS);
  return {
    ...wrap(pool, nameOf),
    async transaction<T>(work: (tx: Queryable) => Promise<T>): Promise<T> {
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        const result = await work(wrap(client, nameOf));
        await client.query('COMMIT');
        return result;
      } catch (error) {
        await client.query('ROLLBACK').catch(() => undefined);
        throw error;
      } finally {
        client.release();
      }
    },
    close: () => pool.end(),
  };
}
