import { createServer, type Server } from 'node:http';
import { connect, type AddressInfo, type Socket } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterEach, describe, expect, it } from 'vitest';
import type { Database } from '../../server/db/database';
import { gracefulStop } from '../../server/shutdown';

/**
 * server/shutdown.ts with a real listener: the close delay that lets a balancer move away before the listener closes,
 * and a database closed once however the grace period and the last connection's end fall.
 */

const cleanups: (() => void)[] = [];
afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup();
});

async function listening(): Promise<{ server: Server; port: number }> {
  const server = createServer((_request, answer) => answer.end('ok'));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  cleanups.push(() => server.closeAllConnections());
  return { server, port: (server.address() as AddressInfo).port };
}

/** A database whose close is counted, and fails when called twice, as node-postgres's pool.end() does. */
function countingDb(): { db: Database; closes: () => number } {
  let closes = 0;
  const db: Database = {
    query: () => Promise.reject(new Error('no queries here')),
    exec: () => Promise.reject(new Error('no statements here')),
    transaction: () => Promise.reject(new Error('no transactions here')),
    close: () => {
      closes += 1;
      return closes > 1 ? Promise.reject(new Error('Called end on pool more than once')) : sleep(20);
    },
  };
  return { db, closes: () => closes };
}

function exits(): { exit: (code: number) => void; codes: number[] } {
  const codes: number[] = [];
  return { exit: (code) => codes.push(code), codes };
}

const answers = (port: number) =>
  fetch(`http://127.0.0.1:${port}/`).then(
    (answer) => answer.status,
    () => 'refused',
  );

describe('gracefulStop', () => {
  it('reports not ready at once, keeps answering for the close delay, then closes the listener and exits 0', async () => {
    const { server, port } = await listening();
    const { db, closes } = countingDb();
    const { exit, codes } = exits();
    let notReady = false;
    const stop = gracefulStop({
      server,
      db,
      stopWorkers: () => Promise.resolve(),
      requestsIdle: () => Promise.resolve(),
      beforeClose: () => (notReady = true),
      closeDelayMs: 300,
      graceMs: 1_000,
      exit,
    });
    stop();
    expect(notReady).toBe(true);
    // Within the delay a new connection is still served.
    expect(await answers(port)).toBe(200);
    await expect.poll(() => codes, { timeout: 5_000 }).toEqual([0]);
    expect(await answers(port)).toBe('refused');
    expect(closes()).toBe(1);
  });

  it('without a close delay closes the listener at once', async () => {
    const { server, port } = await listening();
    const { db } = countingDb();
    const { exit, codes } = exits();
    gracefulStop({ server, db, stopWorkers: () => Promise.resolve(), requestsIdle: () => Promise.resolve(), graceMs: 1_000, exit })();
    expect(await answers(port)).toBe('refused');
    await expect.poll(() => codes, { timeout: 5_000 }).toEqual([0]);
  });

  it('closes the database once and exits 0 when a connection outlives the grace period and ends later', async () => {
    const { server, port } = await listening();
    // A connection that sends half a request and holds on: server.close() waits for it past the grace period.
    const lingering: Socket = connect(port, '127.0.0.1');
    cleanups.push(() => lingering.destroy());
    await new Promise<void>((resolve) => lingering.once('connect', () => resolve()));
    lingering.write('GET / HTTP/1.1\r\nHost: x\r\n');
    await sleep(50);
    const { db, closes } = countingDb();
    const { exit, codes } = exits();
    gracefulStop({ server, db, stopWorkers: () => Promise.resolve(), requestsIdle: () => Promise.resolve(), graceMs: 100, exit })();
    await expect.poll(() => codes, { timeout: 5_000 }).toEqual([0]);
    // The connection ends after the grace period, while the database is closing: the listener's callback comes now.
    lingering.end('\r\n');
    await sleep(200);
    expect(codes).toEqual([0]);
    expect(closes()).toBe(1);
  });
});
