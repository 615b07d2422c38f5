/**
 * The one storage interface the server knows. PGlite (embedded) and node-postgres (a PostgreSQL
 * server) both implement it with the same SQL, so routes never learn which one runs.
 */

export type Row = Record<string, unknown>;

/**
 * How many different statement texts an adapter keeps prepared (per connection on PostgreSQL). A list's SQL varies
 * with its filters, so the texts are many but not endless; past this many, a new text runs unnamed (parsed and
 * planned each time) rather than growing the database's memory.
 */
export const PREPARED_STATEMENTS = 500;

export interface Queryable {
  /** One statement with `$1`-style parameters; answers its rows. */
  query<T extends Row = Row>(sql: string, params?: readonly unknown[]): Promise<T[]>;
  /** Several statements without parameters, such as a migration file. */
  exec(sql: string): Promise<void>;
}

export interface Database extends Queryable {
  /** Runs `work` in one transaction: all of its writes happen, or none (it rolls back on a throw). */
  transaction<T>(work: (tx: Queryable) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}
