import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findPostgresBinaries, freePort, startCluster, type PgCluster } from '../../scripts/lib/pg-cluster';
import { DatabaseUnavailableError, databaseUnavailable, isDatabaseOutage } from '../../server/db/pg';
import { ReadinessText } from '../../server/http/health';
import { ServerText } from '../../server/messages';
import { DEMO_PASSWORD } from '../../server/seed/seed';

/**
 * Issue 43, bad input: a database that goes away under load. `/readyz` answers 503, API calls answer 503 with the
 * project's error body, the process lives on, and once the database is back both recover without a restart.
 */

describe('what counts as the database being away', () => {
  const coded = (message: string, code: string) => Object.assign(new Error(message), { code });

  it.each([
    ['a refused connection', coded('connect ECONNREFUSED 127.0.0.1:5999', 'ECONNREFUSED'), 'connection refused'],
    [
      'a host with two addresses, both refusing',
      new AggregateError([coded('a', 'ECONNREFUSED'), coded('b', 'ECONNREFUSED')]),
      'connection refused',
    ],
    ['PostgreSQL shutting down', coded('terminating connection due to administrator command', '57P01'), 'it is shutting down'],
    ['PostgreSQL starting up', coded('the database system is starting up', '57P03'), 'it is starting up'],
    ['a broken connection', new Error('Connection terminated unexpectedly'), 'connection lost'],
    ['no connection in time', new Error('timeout exceeded when trying to connect'), 'timed out'],
    ['a wrapped refusal', new Error('Loading the key failed', { cause: coded('x', 'ECONNRESET') }), 'connection reset'],
  ])('recognises %s', (_, error, reason) => {
    expect(databaseUnavailable(error)).toBe(reason);
  });

  it('marks only what the PostgreSQL adapter marked as an outage for the 503, however deeply it is wrapped', () => {
    const outage = new DatabaseUnavailableError('connection refused', coded('connect ECONNREFUSED', 'ECONNREFUSED'));
    expect(isDatabaseOutage(outage)).toBe(true);
    expect(isDatabaseOutage(new Error('Loading the key failed', { cause: outage }))).toBe(true);
    expect(databaseUnavailable(outage)).toBe('connection refused');
    // Another service's refused connection (a webhook endpoint, the card provider) is not the database's.
    expect(isDatabaseOutage(coded('connect ECONNREFUSED 10.0.0.9:443', 'ECONNREFUSED'))).toBe(false);
  });

  it.each([
    ['a wrong statement', coded('syntax error at or near "SELEC"', '42601')],
    ['a broken constraint', coded('duplicate key value violates unique constraint', '23505')],
    ['a plain failure', new Error('Something else')],
    ['not an error at all', 'ECONNREFUSED'],
  ])('leaves %s to the generic 500', (_, error) => {
    expect(databaseUnavailable(error)).toBeUndefined();
  });
});

const binaries = findPostgresBinaries();

/** Waits for `ready` to hold, checking every 100 ms, up to `timeoutMs`. */
async function until(ready: () => boolean, timeoutMs: number, what: string): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!ready()) {
    if (Date.now() > end) throw new Error(`Gave up waiting: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

if (!binaries && process.env.PORTAL_TESTS_WITHOUT_POSTGRES === '1') {
  console.info('db-outage.test.ts: no PostgreSQL programs found and PORTAL_TESTS_WITHOUT_POSTGRES=1: the outage test is not run.');
} else if (!binaries) {
  it('stops and starts a real PostgreSQL under a running server', () => {
    throw new Error(
      "PostgreSQL's programs were not found (install Debian's postgresql package or set PG_BINDIR); " +
        'set PORTAL_TESTS_WITHOUT_POSTGRES=1 to leave this test out knowingly',
    );
  });
} else {
  describe('a real server whose PostgreSQL stops and starts again', () => {
    let dir = '';
    let cluster: PgCluster | undefined;
    let child: ChildProcess | undefined;
    let output = '';
    let base = '';

    beforeAll(async () => {
      dir = await mkdtemp(join(tmpdir(), 'portal-outage-'));
      cluster = await startCluster({ dir: join(dir, 'cluster'), bindir: binaries });
      const port = await freePort();
      base = `http://127.0.0.1:${port}`;
      child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
        env: {
          ...process.env,
          DATABASE_URL: cluster.url,
          PORT: String(port),
          PUBLIC_URL: base,
          LOG_FILE: '',
          MAIL_DIR: join(dir, 'mail'),
          ANALYSIS_UPLOAD_DIR: join(dir, 'uploads'),
          // The senders poll often, so they meet the outage too.
          MAIL_POLL_MS: '100',
          WEBHOOK_POLL_MS: '100',
        },
      });
      child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
      child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
      await until(() => output.includes('Portal listening on') || child?.exitCode !== null, 90_000, 'the server to start');
      if (!output.includes('Portal listening on')) throw new Error(`The server did not start:\n${output}`);
    }, 120_000);

    afterAll(async () => {
      if (child && child.exitCode === null) {
        const exited = new Promise((resolve) => child?.once('exit', resolve));
        child.kill('SIGTERM');
        await exited;
      }
      await cluster?.stop().catch(() => undefined);
      if (dir) await rm(dir, { recursive: true, force: true });
    });

    const signIn = () =>
      fetch(`${base}/portalApi/Auth`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ username: 'hcp.checkout', password: DEMO_PASSWORD, rememberMe: false }),
      });
    const readyz = async () => {
      const answer = await fetch(`${base}/readyz`);
      return { status: answer.status, body: (await answer.json()) as unknown };
    };

    it('answers 503 while the database is away, keeps running, and recovers by itself when it is back', async () => {
      if (!cluster || !child) throw new Error('The server did not start');
      expect(await readyz()).toEqual({ status: 200, body: { status: 'ready' } });
      expect((await signIn()).status).toBe(200);

      // A steady load of sign-ins and probes through the outage: every request must be answered (200 or 503),
      // none dropped by a crashed process.
      const statuses: number[] = [];
      const failures: string[] = [];
      let loading = true;
      const loop = async () => {
        while (loading) {
          for (const call of [signIn, () => fetch(`${base}/readyz`)]) {
            try {
              const answer = await call();
              await answer.arrayBuffer();
              statuses.push(answer.status);
            } catch (error) {
              failures.push(error instanceof Error ? error.message : String(error));
            }
          }
        }
      };
      const load = Promise.all([loop(), loop(), loop()]);

      await cluster.stop();
      await new Promise((resolve) => setTimeout(resolve, 300));
      if (child.exitCode !== null) throw new Error(`server exited ${child.exitCode}:\n${output.slice(-6000)}`);
      await expect.poll(readyz, { timeout: 15_000 }).toEqual({
        status: 503,
        body: { status: 'unavailable', reason: ReadinessText.noDatabase },
      });
      const refused = await signIn();
      expect(refused.status).toBe(503);
      expect(refused.headers.get('Retry-After')).toBe('5');
      const body = (await refused.json()) as { error: { message: string }; correlationId: string };
      expect(body.error.message).toBe(ServerText.databaseUnavailable);
      expect(body.correlationId).toBe(refused.headers.get('X-Correlation-Id'));
      expect((await fetch(`${base}/healthz`)).status).toBe(200);
      // Let the senders' rounds fail against the missing database for a while.
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      expect(child.exitCode).toBeNull();

      await cluster.start();
      await expect.poll(readyz, { timeout: 30_000, interval: 200 }).toEqual({ status: 200, body: { status: 'ready' } });
      await expect.poll(async () => (await signIn()).status, { timeout: 15_000 }).toBe(200);
      loading = false;
      await load;

      expect(child.exitCode).toBeNull();
      expect(failures).toEqual([]);
      // 429: sign-ins cut short by the outage stay counted by the throttle until the database takes them back, a
      // moment after it returns (server/auth/sign-in-throttle.ts); the poll for a 200 above shows that they are.
      expect(statuses.filter((status) => status !== 200 && status !== 503 && status !== 429)).toEqual([]);
      expect(statuses).toContain(503);
      expect(statuses.filter((status) => status === 200).length).toBeGreaterThan(0);
      // The outage is logged as such, not as unhandled errors with stacks.
      expect(output).toContain('The database does not answer');
      expect(output).not.toContain('Unhandled error');
      console.info(
        `db-outage: ${statuses.length} requests during the outage test, ${statuses.filter((s) => s === 503).length} answered 503`,
      );
    }, 120_000);
  });
}
