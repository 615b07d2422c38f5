import { parse, PGlite, protocol, type PGliteOptions, type Transaction } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { PREPARED_STATEMENTS, type Database, type Queryable, type Row } from './database';

interface Prepared {
  readonly name: string;
  /** The parameters' type ids, which say how each value is written (a JavaScript array as a PostgreSQL array, say). */
  readonly paramTypes: readonly number[];
}

/** A value of a type PGlite has no serializer for, as PostgreSQL reads it in text. */
function asText(value: unknown): string {
  switch (typeof value) {
    case 'string':
      return value;
    case 'number':
    case 'boolean':
    case 'bigint':
      return String(value);
    default:
      return JSON.stringify(value) ?? '';
  }
}

function concat(parts: readonly Uint8Array[]): Uint8Array {
  const whole = new Uint8Array(parts.reduce((length, part) => length + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    whole.set(part, offset);
    offset += part.length;
  }
  return whole;
}

/**
 * PGlite's own `query` parses and plans its statement on every call, in the server's one thread: a GET /Kits spent
 * about 1 ms of its 2.4 ms on that for its two statements, the page's joins above all (bench:load). Here each
 * text is prepared once under a name, as node-postgres does on a PostgreSQL server, and later calls only bind and
 * execute it, in one exchange. The values are written and the rows read by PGlite's own serializers and parsers, so
 * answers are the same as `query`'s. Past PREPARED_STATEMENTS texts a new one runs through `query`, unnamed.
 */
function preparedStatements(pglite: PGlite) {
  const prepared = new Map<string, Prepared>();
  // Never reused: a Parse that failed half-way must not leave a name that a later one collides with.
  let made = 0;

  async function prepare(sql: string): Promise<Prepared> {
    made += 1;
    const name = `s${made}`;
    const { messages } = await pglite.execProtocol(
      concat([protocol.serialize.parse({ name, text: sql }), protocol.serialize.describe({ type: 'S', name }), protocol.serialize.sync()]),
      { syncToFs: false },
    );
    const statement = { name, paramTypes: parse.parseDescribeStatementResults(messages) };
    prepared.set(sql, statement);
    return statement;
  }

  /** Runs `sql` named; the caller holds PGlite's lock for one query (and, outside a transaction, the transaction's). */
  async function run<T extends Row>(sql: string, params: readonly unknown[], inTransaction: boolean): Promise<T[]> {
    const statement = prepared.get(sql) ?? (await prepare(sql));
    const values = params.map((value, index) => {
      if (value === null || value === undefined) return null;
      const serialize = pglite.serializers[statement.paramTypes[index] ?? 0];
      return serialize ? serialize(value) : asText(value);
    });
    const { messages } = await pglite.execProtocol(
      concat([
        protocol.serialize.bind({ statement: statement.name, values }),
        protocol.serialize.describe({ type: 'P' }),
        protocol.serialize.execute({}),
        protocol.serialize.sync(),
      ]),
      // Outside a transaction every statement is its own, and a persisted database writes it out at once, as `query` does.
      { syncToFs: !inTransaction },
    );
    const [result] = parse.parseResults(messages, pglite.parsers);
    return (result?.rows ?? []) as T[];
  }

  return {
    /** Whether `sql` runs named: it already is, or there is room for one more. */
    named: (sql: string) => prepared.has(sql) || prepared.size < PREPARED_STATEMENTS,
    run,
  };
}

type Statements = ReturnType<typeof preparedStatements>;

function wrap(
  target: Pick<PGlite, 'query' | 'exec'>,
  statements: Statements,
  lock: <T>(work: () => Promise<T>) => Promise<T>,
  inTransaction: boolean,
): Queryable {
  return {
    async query<T extends Row>(sql: string, params: readonly unknown[] = []) {
      if (statements.named(sql)) return lock(() => statements.run<T>(sql, params, inTransaction));
      const result = await target.query<T>(sql, [...params]);
      return result.rows;
    },
    async exec(sql: string) {
      await target.exec(sql);
    },
  };
}

export function pgliteDatabase(pglite: PGlite): Database {
  const statements = preparedStatements(pglite);
  // Outside a transaction a statement waits for any transaction to end, as PGlite's `query` does; inside one, the
  // transaction already holds that lock, and only the one for a single query is taken.
  const own = <T>(work: () => Promise<T>) => pglite._runExclusiveTransaction(() => pglite._runExclusiveQuery(work));
  const inside =
    (tx: Transaction) =>
    <T>(work: () => Promise<T>) => {
      // As PGlite's own `tx.query` does: a transaction's handle is dead once it has committed or rolled back.
      if (tx.closed) return Promise.reject(new Error('Transaction is closed'));
      return pglite._runExclusiveQuery(work);
    };
  return {
    ...wrap(pglite, statements, own, false),
    // PGlite is one session: while a transaction runs, other queries wait for it, so `work` must use `tx`.
    transaction: (work) => pglite.transaction((tx) => work(wrap(tx, statements, inside(tx), true))),
    close: () => pglite.close(),
  };
}

/**
 * The extensions the migrations create (pg_trgm, for the lists' text filters), for every PGlite: PGlite loads an
 * extension's code only when it is passed at creation, even to open a database that already has it.
 */
export const PGLITE_EXTENSIONS = { pg_trgm } as const;

/** `dataDir` is a folder for a persisted database, or `memory://` for one that lives in memory. */
export async function openPglite(dataDir: string, options: PGliteOptions = {}): Promise<Database> {
  const pglite = await PGlite.create({ ...options, dataDir, extensions: { ...PGLITE_EXTENSIONS, ...options.extensions } });
  return pgliteDatabase(pglite);
}
