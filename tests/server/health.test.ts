import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../server/app';
import type { Database } from '../../server/db/database';
import { Readiness, ReadinessText } from '../../server/http/health';
import { mountSpa } from '../../server/static';
import { openTestDatabase, RecordingLogger, testConfig, useTestServer } from './support/harness';

/** Issue 43 item 3: the liveness and readiness probes a balancer or Kubernetes asks, without sign-in. */

async function probe(app: ReturnType<typeof createApp>, path: string) {
  const answer = await app.request(path);
  return { status: answer.status, cache: answer.headers.get('Cache-Control'), body: (await answer.json()) as unknown };
}

describe('the probes of a server whose database answers', () => {
  const server = useTestServer('pglite');

  it('answers /healthz and /readyz at the root, without sign-in and never cached', async () => {
    expect(await probe(server().app, '/healthz')).toEqual({ status: 200, cache: 'no-store', body: { status: 'ok' } });
    expect(await probe(server().app, '/readyz')).toEqual({ status: 200, cache: 'no-store', body: { status: 'ready' } });
    // Not under the API's base path: a balancer asks the root.
    expect((await server().app.request('/portalApi/readyz')).status).toBe(404);
  });

  it('answers the probes itself when the built app is served, rather than the app’s page', async () => {
    const dist = await mkdtemp(join(tmpdir(), 'portal-dist-'));
    try {
      await writeFile(join(dist, 'index.html'), '<!doctype html><title>Portal</title>');
      const app = createApp({ db: server().db, config: testConfig(), logger: new RecordingLogger() });
      expect(mountSpa(app, dist)).toBe(true);
      expect(await probe(app, '/readyz')).toMatchObject({ status: 200, body: { status: 'ready' } });
      expect(await probe(app, '/healthz')).toMatchObject({ status: 200, body: { status: 'ok' } });
      // The fallback still serves the page for the app's own addresses.
      expect(await (await app.request('/orders')).text()).toContain('<title>Portal</title>');
    } finally {
      await rm(dist, { recursive: true, force: true });
    }
  });

  it('answers 503 from /readyz once the server drains (it is stopping), while /healthz stays 200', async () => {
    const readiness = new Readiness(server().db);
    const app = createApp({ db: server().db, config: testConfig(), logger: new RecordingLogger(), readiness });
    expect((await probe(app, '/readyz')).status).toBe(200);
    readiness.drain();
    expect(await probe(app, '/readyz')).toEqual({
      status: 503,
      cache: 'no-store',
      body: { status: 'unavailable', reason: ReadinessText.stopping },
    });
    expect((await probe(app, '/healthz')).status).toBe(200);
  });
});

describe('the readiness of a database a migration behind the code', () => {
  let db: Database | undefined;
  beforeAll(async () => {
    db = await openTestDatabase('pglite');
  });
  afterAll(async () => {
    await db?.close();
  });

  it('answers 503 naming the missing migration, and 200 once it is applied, without a restart', async () => {
    if (!db) throw new Error('no database');
    const [latest] = await db.query<{ version: number; name: string }>(
      'SELECT version, name FROM schema_migrations ORDER BY version DESC LIMIT 1',
    );
    if (!latest) throw new Error('the test database has no migrations');
    // As when new code is deployed before its migration ran: the database does not record the newest file.
    await db.query('DELETE FROM schema_migrations WHERE version = $1', [latest.version]);
    const app = createApp({ db, config: testConfig(), logger: new RecordingLogger() });
    expect(await probe(app, '/readyz')).toEqual({
      status: 503,
      cache: 'no-store',
      body: { status: 'unavailable', reason: ReadinessText.migrationsMissing([latest.version]) },
    });
    await db.query('INSERT INTO schema_migrations (version, name) VALUES ($1, $2)', [latest.version, latest.name]);
    expect(await probe(app, '/readyz')).toMatchObject({ status: 200, body: { status: 'ready' } });
  });
});

describe('the readiness of a database that does not answer', () => {
  const silent: Database = {
    // A database that takes the connection but never answers (a hung server, a dropped network path).
    query: () => new Promise<never>(() => undefined),
    exec: () => new Promise<never>(() => undefined),
    transaction: () => new Promise<never>(() => undefined),
    close: () => Promise.resolve(),
  };
  const refusing: Database = {
    query: () => Promise.reject(Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5999'), { code: 'ECONNREFUSED' })),
    exec: () => Promise.reject(new Error('unused')),
    transaction: () => Promise.reject(new Error('unused')),
    close: () => Promise.resolve(),
  };

  it.each([
    ['does not answer within the time-out', silent],
    ['refuses the connection', refusing],
  ])('answers 503 when the database %s, and /healthz still 200', async (_, db) => {
    const readiness = new Readiness(db, { timeoutMs: 50 });
    const app = createApp({ db, config: testConfig({ tokenSecret: 's'.repeat(32) }), logger: new RecordingLogger(), readiness });
    expect(await probe(app, '/readyz')).toEqual({
      status: 503,
      cache: 'no-store',
      body: { status: 'unavailable', reason: ReadinessText.noDatabase },
    });
    expect(await probe(app, '/healthz')).toEqual({ status: 200, cache: 'no-store', body: { status: 'ok' } });
  });
});
