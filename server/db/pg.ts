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

/**
 * A statement that failed because the database could not be reached (not because the statement was wrong): the API
 * answers it with 503 and a message rather than a 500. Only the adapter makes one, so another service's refused
 * connection (a webhook endpoint, the card provider) is never taken for the database's.
 */
export class DatabaseUnavailableError extends Error {
  override readonly name = 'DatabaseUnavailableError';
  constructor(
    /** A few plain words, e.g. "connection refused". */
    readonly reason: string,
    cause: unknown,
  ) {
    super(`The database does not answer (${reason})`, { cause });
  }
}

/** The error to throw for `error`: marked as the database's absence when it is one, else as it is. */
function marked(error: unknown): unknown {
  if (error instanceof DatabaseUnavailableError) return error;
  const reason = databaseUnavailable(error);
  return reason ? new DatabaseUnavailableError(reason, error) : error;
}

/** Runs `work`, marking a failure that means the database could not be reached. */
async function reaching<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    throw marked(error);
  }
}

/** Whether `error`, or an error it wraps, is the database being away. */
export function isDatabaseOutage(error: unknown): boolean {
  for (let current = error; current instanceof Error; current = current.cause) {
    if (current instanceof DatabaseUnavailableError) return true;
  }
  return false;
}

function wrap(target: pg.Pool | pg.PoolClient, nameOf: (sql: string) => string | undefined): Queryable {
  return {
    async query<T extends Row>(sql: string, params: readonly unknown[] = []) {
      const result = await reaching(() => target.query<T>({ text: sql, values: [...params], name: nameOf(sql) }));
      return result.rows;
    },
    async exec(sql: string) {
      // Without parameters node-postgres uses the simple query protocol, which accepts several statements.
      await reaching(() => target.query(sql));
    },
  };
}

/** How many connections a pool holds and how many queries wait for one: the metrics' database pool gauges. */
export interface PoolUse {
  readonly total: number;
  readonly idle: number;
  readonly waiting: number;
}

/**
 * Where a database opened by pgDatabase keeps its pool's figures: a symbol key, which the Database interface does not
 * name and a copy of the object (`{ ...db, close }`, as tests wrap it) keeps.
 */
const POOL_USE = Symbol('poolUse');

/** The pool use of a database opened by pgDatabase; undefined for PGlite, which has no pool. */
export function poolUse(db: Database): PoolUse | undefined {
  if (!(POOL_USE in db)) return undefined;
  const read = db[POOL_USE];
  return typeof read === 'function' ? (read as () => PoolUse)() : undefined;
}

/**
 * A connection that cannot be made within this long fails the query, so a request waiting on a database that does not
 * answer is told so (503) instead of hanging until its caller gives up.
 */
export const CONNECT_TIMEOUT_MS = 5_000;

export interface PgOptions {
  /** Told when an idle connection breaks (the database restarted or went away); the pool replaces it by itself. */
  readonly onConnectionError?: (error: Error) => void;
}

/** A PostgreSQL server through a node-postgres pool, e.g. `{ connectionString: process.env.DATABASE_URL }`. */
export function pgDatabase(config: pg.PoolConfig, options: PgOptions = {}): Database {
  const pool = new pg.Pool({ connectionTimeoutMillis: CONNECT_TIMEOUT_MS, ...config });
  const onConnectionError = options.onConnectionError ?? (() => undefined);
  // Without a listener, an idle connection the database closed (a restart, a failover) would end the whole process.
  pool.on('error', onConnectionError);
  // So would a connection that breaks while no listener of the pool's or of a transaction's is on it: between the pool
  // handing it out and the transaction taking it, after a one-statement query's own listener has fired once, or when
  // the database's farewell comes with no statement under way. Every connection keeps one listener for its life; the
  // statement under way still fails, and the pool still drops the broken connection.
  pool.on('connect', (client) => client.on('error', onConnectionError));
  const nameOf = statementNames(PREPARED_STATEMENTS);
  const db: Database = {
    ...wrap(pool, nameOf),
    async transaction<T>(work: (tx: Queryable) => Promise<T>): Promise<T> {
      const client = await reaching(() => pool.connect());
      try {
        await client.query('BEGIN');
        const result = await work(wrap(client, nameOf));
        await client.query('COMMIT');
        return result;
      } catch (error) {
        await client.query('ROLLBACK').catch(() => undefined);
        throw marked(error);
      } finally {
        client.release();
      }
    },
    close: () => pool.end(),
  };
  const use = (): PoolUse => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount });
  return Object.assign(db, { [POOL_USE]: use });
}

/** Socket failures: the database's host does not take or keep the connection. */
const NETWORK_REASONS: Readonly<Record<string, string>> = {
  ECONNREFUSED: 'connection refused',
  ECONNRESET: 'connection reset',
  EPIPE: 'connection closed',
  ETIMEDOUT: 'timed out',
  EHOSTUNREACH: 'host unreachable',
  ENETUNREACH: 'network unreachable',
  ENOTFOUND: 'host not found',
  EAI_AGAIN: 'host name lookup failed',
};

/** PostgreSQL's own refusals of a session (SQLSTATE): it is stopping, starting, or full. */
const SERVER_REASONS: Readonly<Record<string, string>> = {
  '57P01': 'it is shutting down',
  '57P02': 'it is shutting down',
  '57P03': 'it is starting up',
  '53300': 'it has too many connections',
};

/** node-postgres's own texts for a connection that broke or could not be made in time. */
const CONNECTION_TEXTS = [
  'Connection terminated',
  'timeout exceeded when trying to connect',
  'Client has encountered a connection error',
  'Client was closed and is not queryable',
];

/**
 * Why the database could not be reached, in a few plain words, when `error` says it was not reachable (not when a
 * statement was wrong); undefined otherwise. Looks through a wrapped error's cause and an AggregateError's parts,
 * since Node reports a host with two addresses as one error per address.
 */
export function databaseUnavailable(error: unknown): string | undefined {
  if (error instanceof DatabaseUnavailableError) return error.reason;
  if (!(error instanceof Error)) return undefined;
  const code = 'code' in error && typeof error.code === 'string' ? error.code : undefined;
  if (code && NETWORK_REASONS[code]) return NETWORK_REASONS[code];
  if (code && SERVER_REASONS[code]) return SERVER_REASONS[code];
  // Class 08: connection exceptions.
  if (code?.startsWith('08')) return 'connection failed';
  if (CONNECTION_TEXTS.some((text) => error.message.includes(text))) {
    return error.message.includes('timeout') ? 'timed out' : 'connection lost';
  }
  const inner: readonly unknown[] = error instanceof AggregateError ? (error.errors as unknown[]) : [];
  for (const part of [...inner, error.cause]) {
    const reason = databaseUnavailable(part);
    if (reason) return reason;
  }
  return undefined;
}
