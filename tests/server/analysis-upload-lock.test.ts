import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_CONFIG } from '../../server/config';
import type { Database } from '../../server/db/database';
import type { Logger } from '../../server/logger';
import { DatabaseLocker } from '../../server/orders/analysis/locker';
import { AnalysisUploads } from '../../server/orders/analysis/uploads';
import { PRACTICE_IDS } from '../../server/seed/seed-data';
import type { AccountView } from '../../server/store/auth/accounts';
import { API_BASE_PATH } from '../../src/model/constants';
import { ANALYSIS_UPLOADS_PATH } from '../../src/model/orders/analysis';
import { openTestDatabase } from './support/harness';
import { TUS_VERSION } from './support/tus';

/**
 * Issue 43: the lock tus takes on an analysis upload holds across servers. Two lockers on one database stand for two
 * servers behind one address: the second never gets an upload the first holds until the first has let it go, it asks
 * the first to let go (as a client resuming after a dropped connection needs), and a lock whose server died lapses.
 */

let db: Database;
beforeAll(async () => {
  db = await openTestDatabase('pglite');
});
afterAll(async () => {
  await db.close();
});

const OPTIONS = { leaseMs: 600, pollMs: 20 } as const;
const never = () => new AbortController().signal;
let uploads = 0;
const nextId = () => `${String(++uploads).padStart(32, '0')}`;

describe('the analysis uploads’ lock in the database (issue 43)', () => {
  it('keeps a second server out while the first holds the upload, and lets it in once the first has let go', async () => {
    const first = new DatabaseLocker({ db, ...OPTIONS });
    const second = new DatabaseLocker({ db, ...OPTIONS, acquireTimeoutMs: 5_000 });
    const id = nextId();
    const events: string[] = [];
    const held = first.newLock(id);
    await held.lock(never(), async () => {
      // The first server's request is asked to end: it finishes what it writes, then lets go.
      events.push('release asked');
      await sleep(100);
      events.push('first let go');
      await held.unlock();
    });
    const waiting = second.newLock(id);
    await waiting.lock(never(), () => undefined);
    events.push('second holds');
    expect(events).toEqual(['release asked', 'first let go', 'second holds']);
    await waiting.unlock();
    expect(await db.query('SELECT 1 FROM analysis_upload_locks WHERE upload_id = $1', [id])).toEqual([]);
  });

  it('fails a request that cannot get the lock in time with tus’s lock time-out, while the holder keeps it', async () => {
    const first = new DatabaseLocker({ db, ...OPTIONS });
    const impatient = new DatabaseLocker({ db, ...OPTIONS, acquireTimeoutMs: 300 });
    const id = nextId();
    const held = first.newLock(id);
    let asked = 0;
    // A holder that does not let go when asked (a request that is slow to end): the lease is renewed meanwhile.
    await held.lock(never(), () => {
      asked += 1;
    });
    await expect(impatient.newLock(id).lock(never(), () => undefined)).rejects.toMatchObject({
      status_code: 500,
      body: 'failed to acquire lock before timeout',
    });
    // Asked once, and still the holder well past its first lease: it renewed it.
    await sleep(OPTIONS.leaseMs);
    expect(asked).toBe(1);
    await expect(impatient.newLock(id).lock(never(), () => undefined)).rejects.toMatchObject({ status_code: 500 });
    await held.unlock();
    const after = impatient.newLock(id);
    await after.lock(never(), () => undefined);
    await after.unlock();
  });

  it('gives up waiting when the request is aborted', async () => {
    const first = new DatabaseLocker({ db, ...OPTIONS });
    const id = nextId();
    const held = first.newLock(id);
    await held.lock(never(), () => undefined);
    const abort = new AbortController();
    const waiting = first.newLock(id).lock(abort.signal, () => undefined);
    setTimeout(() => abort.abort(), 100);
    await expect(waiting).rejects.toMatchObject({ status_code: 500 });
    await held.unlock();
  });

  it('lets a lock whose server died lapse once its lease is over', async () => {
    const id = nextId();
    // What a server killed while holding the lock leaves: a row nobody renews, its lease running for 400 ms more.
    await db.query(
      `INSERT INTO analysis_upload_locks (upload_id, holder, locked_until) VALUES ($1, 'dead server', clock_timestamp() + interval '400 milliseconds')`,
      [id],
    );
    const started = performance.now();
    const lock = new DatabaseLocker({ db, ...OPTIONS, acquireTimeoutMs: 5_000 }).newLock(id);
    await lock.lock(never(), () => undefined);
    expect(performance.now() - started).toBeGreaterThanOrEqual(300);
    const [row] = await db.query<{ holder: string; release_requested: boolean }>(
      'SELECT holder, release_requested FROM analysis_upload_locks WHERE upload_id = $1',
      [id],
    );
    expect(row?.holder).not.toBe('dead server');
    expect(row?.release_requested).toBe(false);
    await lock.unlock();
  });

  it('refuses to release a lock that is not held', async () => {
    const lock = new DatabaseLocker({ db, ...OPTIONS }).newLock(nextId());
    await expect(lock.unlock()).rejects.toThrow('Releasing an unlocked lock!');
  });
});

const quiet: Logger = { info: () => undefined, error: () => undefined };

describe('two AnalysisUploads on one database and one folder, as two servers (issue 43)', () => {
  it('answers a HEAD on the second only once the first has ended the PATCH it was writing, with the offset it left', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'analysis-lock-'));
    try {
      const config = { ...DEFAULT_CONFIG, analysisUploadDir: dir };
      const server = () =>
        new AnalysisUploads({
          db,
          config,
          clock: () => new Date(),
          logger: quiet,
          freeBytes: () => Promise.resolve(Number.MAX_SAFE_INTEGER),
        });
      const [first, second] = [server(), server()];
      const account: AccountView = {
        accountId: 1,
        personId: 'person-lock-test',
        practiceId: PRACTICE_IDS.riverside,
        practiceName: 'Riverside',
        unitType: 0,
        userType: 0,
        forceIdentityMigration: false,
        tokenVersion: 0,
      };
      const size = 4 * 1024 * 1024;
      const url = (path: string) => `http://portal.test${path}`;
      const creation = new Request(url(`${API_BASE_PATH}${ANALYSIS_UPLOADS_PATH}`), {
        method: 'POST',
        headers: { 'Tus-Resumable': TUS_VERSION, 'Upload-Length': String(size) },
      });
      const activity = { practiceId: account.practiceId, accountId: null, address: null, correlationId: null, at: new Date() };
      await first.reserve(creation, { account, fileName: 'run.zip', size, activity });
      const created = await first.handle(creation);
      expect(created.status).toBe(201);
      const location = url(created.headers.get('Location') ?? '');
      const id = location.split('/').pop() ?? '';

      // A PATCH on the first server whose client sent 64 KiB and then stalls, its connection still open.
      let client!: ReadableStreamDefaultController<Uint8Array>;
      const body = new ReadableStream<Uint8Array>({ start: (controller) => (client = controller) });
      client.enqueue(new Uint8Array(64 * 1024).fill(7));
      let patchEnded = false;
      const patch = first
        .handle(
          new Request(location, {
            method: 'PATCH',
            headers: { 'Tus-Resumable': TUS_VERSION, 'Upload-Offset': '0', 'Content-Type': 'application/offset+octet-stream' },
            body,
            duplex: 'half',
          } as RequestInit),
        )
        .finally(() => (patchEnded = true));
      await expect.poll(async () => (await stat(join(dir, id)).catch(() => null))?.size ?? 0, { timeout: 10_000 }).toBe(64 * 1024);
      expect(patchEnded).toBe(false);

      // The client resumes on the second server: the first is asked to let go, and only then is the offset told.
      const head = await second.handle(new Request(location, { method: 'HEAD', headers: { 'Tus-Resumable': TUS_VERSION } }));
      expect(patchEnded).toBe(true);
      expect(head.status).toBe(200);
      expect(head.headers.get('Upload-Offset')).toBe(String((await stat(join(dir, id))).size));
      await patch.catch(() => undefined);
      client.close();
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
