import { PGlite } from '@electric-sql/pglite';
import { createPgConfig } from '@electric-sql/pglite/node-postgres';
import type { Hono } from 'hono';
import pg from 'pg';
import * as v from 'valibot';
import { afterAll, beforeAll, beforeEach } from 'vitest';
import { SessionUserSchema, type SessionUser } from '../../../src/model/auth/auth';
import { createApp } from '../../../server/app';
import { AnalysisUploads } from '../../../server/orders/analysis/uploads';
import type { Clock } from '../../../server/clock';
import { DEFAULT_CONFIG, type ServerConfig } from '../../../server/config';
import type { Database } from '../../../server/db/database';
import { pgDatabase } from '../../../server/db/pg';
import { PGLITE_EXTENSIONS, pgliteDatabase } from '../../../server/db/pglite';
import type { AppEnv } from '../../../server/http/env';
import type { LogFields, Logger } from '../../../server/logger';
import type { Cards } from '../../../server/payments/cards';
import { DEMO_PASSWORD, resetDatabase } from '../../../server/seed/seed';
import { openPostgresTestDatabase, TEST_DATABASE_URL } from './postgres';
import { templateDump } from './template';

/**
 * Both storage adapters run the same suites: PGlite directly, and node-postgres, which talks to the PostgreSQL
 * server `TEST_DATABASE_URL` names (CI starts one), or else to an in-process PGlite over its wire protocol.
 */
export type Adapter = 'pglite' | 'pg';

export const START = new Date('2026-03-02T09:00:00.000Z');

/** Time that moves only when a test says so, for token lifetimes without waiting. */
export class ManualClock {
  private current = START.getTime();

  readonly now: Clock = () => new Date(this.current);

  advance(seconds: number): void {
    this.current += seconds * 1000;
  }

  reset(): void {
    this.current = START.getTime();
  }
}

export interface LogEntry {
  readonly level: 'info' | 'error';
  readonly message: string;
  readonly fields: LogFields;
}

export class RecordingLogger implements Logger {
  readonly entries: LogEntry[] = [];

  info(message: string, fields: LogFields = {}): void {
    this.entries.push({ level: 'info', message, fields });
  }

  error(message: string, fields: LogFields = {}): void {
    this.entries.push({ level: 'error', message, fields });
  }
}

/**
 * node-postgres over the PGlite in this process: PGlite ships a connection that speaks the wire
 * protocol to it. Each pooled client gets its own connection object, since the pool ends a client
 * after a failed query and a shared one would carry that end over to the next client. One client at
 * a time, because PGlite is a single session.
 */
function pgOverPglite(pglite: PGlite): Database {
  class PgliteClient extends pg.Client {
    constructor() {
      super(createPgConfig(pglite));
    }
  }
  return pgDatabase({ Client: PgliteClient, max: 1 });
}

/** A migrated, seeded database of its own, from the shared template. */
export async function openTestDatabase(adapter: Adapter = 'pglite', poolSize?: number): Promise<Database> {
  if (adapter === 'pg' && TEST_DATABASE_URL) return openPostgresTestDatabase(TEST_DATABASE_URL, poolSize);
  const pglite = await PGlite.create({ dataDir: 'memory://', loadDataDir: await templateDump(), extensions: PGLITE_EXTENSIONS });
  const db = adapter === 'pg' ? pgOverPglite(pglite) : pgliteDatabase(pglite);
  if (adapter === 'pglite') return db;
  return {
    ...db,
    close: async () => {
      await db.close();
      await pglite.close();
    },
  };
}

export interface Answer {
  readonly status: number;
  readonly body: unknown;
  readonly headers: Headers;
}

export interface CallOptions {
  /** Sent as JSON. */
  readonly body?: unknown;
  /** Sent as it is, for bodies that are not valid JSON. */
  readonly raw?: string;
  readonly token?: string;
  readonly headers?: Record<string, string>;
}

export interface TestServer {
  readonly adapter: Adapter;
  readonly db: Database;
  readonly app: Hono<AppEnv>;
  readonly clock: ManualClock;
  readonly logger: RecordingLogger;
  readonly config: ServerConfig;
  /** Every wait the sign-in throttle asked for, in order; tests read them instead of spending them. */
  readonly sleeps: number[];
  /** The analysis uploads (issue 42): tests wait for their checks and run their sweep. */
  readonly analysis: AnalysisUploads;
  call(method: string, path: string, options?: CallOptions): Promise<Answer>;
  signIn(username: string, options?: { password?: string; rememberMe?: boolean }): Promise<SessionUser>;
}

/** The origin links start with in the suites: the one `app.request` gives requests, so a link can be followed. */
export const TEST_PUBLIC_URL = 'http://localhost';

export function testConfig(overrides: Partial<ServerConfig> = {}): ServerConfig {
  return { ...DEFAULT_CONFIG, publicUrl: TEST_PUBLIC_URL, testMode: false, ...overrides };
}

export interface ServerOptions {
  /** Saved cards and charges in place of the server's own, e.g. a fake that records each charge. */
  readonly cards?: Cards;
  /** The free bytes the analysis uploads see on their disk; the real file system's by default. */
  readonly freeBytes?: (dir: string) => Promise<number>;
  /** Connections of the node-postgres pool on a PostgreSQL server (4 by default; PGlite has one session). */
  readonly poolSize?: number;
}

export function buildServer(db: Database, adapter: Adapter, config: ServerConfig, options: ServerOptions = {}): TestServer {
  const clock = new ManualClock();
  const logger = new RecordingLogger();
  const sleeps: number[] = [];
  const sleep = (ms: number): Promise<void> => {
    sleeps.push(ms);
    return Promise.resolve();
  };
  const analysis = new AnalysisUploads({ db, config, clock: clock.now, logger, freeBytes: options.freeBytes });
  const app = createApp({ db, config, clock: clock.now, logger, cards: options.cards, sleep, analysisUploads: analysis });

  async function call(method: string, path: string, options: CallOptions = {}): Promise<Answer> {
    const headers: Record<string, string> = { ...options.headers };
    let body: string | undefined;
    if (options.raw !== undefined) body = options.raw;
    else if (options.body !== undefined) body = JSON.stringify(options.body);
    if (body !== undefined) headers['Content-Type'] ??= 'application/json';
    if (options.token) headers.Authorization = `Bearer ${options.token}`;
    const response = await app.request(`/portalApi${path}`, { method, headers, body });
    const text = await response.text();
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : undefined;
    } catch {
      // Not JSON: the raw text is what the test looks at.
    }
    return { status: response.status, body: parsed, headers: response.headers };
  }

  async function signIn(username: string, options: { password?: string; rememberMe?: boolean } = {}): Promise<SessionUser> {
    const answer = await call('POST', '/Auth', {
      body: { username, password: options.password ?? DEMO_PASSWORD, rememberMe: options.rememberMe ?? false },
    });
    if (answer.status !== 200) throw new Error(`Sign-in of ${username} answered ${answer.status}: ${JSON.stringify(answer.body)}`);
    return v.parse(SessionUserSchema, answer.body);
  }

  return { adapter, db, app, clock, logger, config, sleeps, analysis, call, signIn };
}

/**
 * The next transaction id PostgreSQL will hand out. Only a transaction that writes takes one, so an
 * unchanged value means nothing was written since it was last read.
 */
async function nextTransactionId(db: Database): Promise<string> {
  const [row] = await db.query<{ next: string }>('SELECT pg_snapshot_xmax(pg_current_snapshot())::text AS next');
  return row?.next ?? '';
}

/**
 * One database per test file (or per adapter in the adapter file). Before every test the clock and
 * log start over and, when the previous test wrote anything, the demo data is seeded afresh.
 */
export function useTestServer(
  adapter: Adapter = 'pglite',
  overrides: Partial<ServerConfig> = {},
  options: ServerOptions = {},
): () => TestServer {
  let server: TestServer | undefined;
  let cleanAt = '';
  beforeAll(async () => {
    server = buildServer(await openTestDatabase(adapter, options.poolSize), adapter, testConfig(overrides), options);
    cleanAt = await nextTransactionId(server.db);
  });
  beforeEach(async () => {
    if (!server) return;
    server.clock.reset();
    server.logger.entries.length = 0;
    server.sleeps.length = 0;
    // Reseeding costs more than most tests, and the many that only read or are refused need none.
    if ((await nextTransactionId(server.db)) === cleanAt) return;
    await resetDatabase(server.db);
    cleanAt = await nextTransactionId(server.db);
  });
  afterAll(async () => {
    await server?.db.close();
  });
  return () => {
    if (!server) throw new Error('The test server is not ready yet: use it inside a test or hook');
    return server;
  };
}

/** Everything the data tables hold, in a stable order: equal before and after means nothing was written. */
export async function snapshot(db: Database): Promise<string> {
  const tables = [
    'practices',
    'people',
    'accounts',
    'refresh_tokens',
    'restore_tokens',
    'server_settings',
    'schema_migrations',
    'products',
    'pricing_tiers',
    'shippable_countries',
    'orders',
    'order_items',
    'order_status_history',
    'order_deliveries',
    'order_idempotency_keys',
    'manifest_samples',
    'analysis_uploads',
    'analysis_upload_locks',
    'card_provider_customers',
    'practice_cards',
    'card_charges',
    'practice_logos',
    'patients',
    'patient_consent_agreements',
    'person_consent_agreements',
    'kits',
    'kit_status_history',
    'kit_samples',
    'kit_reports',
    'kit_diagnostics',
    'webhook_events',
    'practice_developer_settings',
    'webhooks',
    'webhook_subscriptions',
    'webhook_deliveries',
    'webhook_delivery_attempts',
  ];
  const parts: Record<string, unknown[]> = {};
  for (const table of tables) {
    parts[table] = await db.query(`SELECT * FROM ${table} ORDER BY 1`);
  }
  return JSON.stringify(parts);
}

export function errorMessage(body: unknown): string | undefined {
  const parsed = v.safeParse(v.object({ error: v.object({ message: v.string() }) }), body);
  return parsed.success ? parsed.output.error.message : undefined;
}
