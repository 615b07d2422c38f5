import { randomUUID } from 'node:crypto';
import { ERRORS, type Lock, type Locker, type RequestRelease } from '@tus/server';
import type { Queryable } from '../../db/database';

/**
 * @tus/server's Locker held in the database (table analysis_upload_locks, migration 023) instead of its in-process
 * MemoryLocker, which only keeps the requests of one server apart: behind one address, a client resuming an upload
 * may reach another server while the first still writes it. A lock is a row with a lease: taken when there is none
 * or its lease has lapsed, renewed by its holder while held, deleted on release. A request that finds the upload
 * locked asks the holder to release it (the row's flag, which the holder reads while it renews) and tries again
 * until it gets the lock or its time is up, as the MemoryLocker does within one process. Times are the database's
 * (clock_timestamp()), so the servers' clocks need not agree.
 */

export interface DatabaseLockerOptions {
  readonly db: Queryable;
  /** How long a lock holds without renewal: a server that dies holding one leaves it for this long at most. */
  readonly leaseMs?: number;
  /** How often a holder looks for a release request, and a waiting request tries again. */
  readonly pollMs?: number;
  /** How long a request waits for the lock before it fails (tus's own default). */
  readonly acquireTimeoutMs?: number;
}

export const DEFAULT_LOCK_LEASE_MS = 6_000;
export const DEFAULT_LOCK_POLL_MS = 100;
export const DEFAULT_LOCK_ACQUIRE_TIMEOUT_MS = 30_000;

/** Takes the lock when nobody holds it or its lease has lapsed; answers whether it was taken. */
async function take(db: Queryable, id: string, holder: string, leaseMs: number): Promise<boolean> {
  const taken = await db.query<{ holder: string }>(
    `INSERT INTO analysis_upload_locks (upload_id, holder, locked_until)
     VALUES ($1, $2, clock_timestamp() + $3 * interval '1 millisecond')
     ON CONFLICT (upload_id) DO UPDATE
       SET holder = EXCLUDED.holder, locked_until = EXCLUDED.locked_until, release_requested = false
       WHERE analysis_upload_locks.locked_until <= clock_timestamp()
     RETURNING holder`,
    [id, holder, leaseMs],
  );
  return taken.length === 1;
}

/** tus's own lock time-out (500, its body), as an Error: tus answers from the status_code and body it carries. */
function lockTimeout(): Error & { readonly status_code: number; readonly body: string } {
  return Object.assign(new Error(ERRORS.ERR_LOCK_TIMEOUT.body), ERRORS.ERR_LOCK_TIMEOUT);
}

const sleep = (ms: number, signal: AbortSignal): Promise<void> =>
  new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal.addEventListener('abort', done);
  });

class DatabaseLock implements Lock {
  private holder: string | undefined;
  private keeping: NodeJS.Timeout | undefined;

  constructor(
    private readonly id: string,
    private readonly db: Queryable,
    private readonly leaseMs: number,
    private readonly pollMs: number,
    private readonly acquireTimeoutMs: number,
  ) {}

  async lock(signal: AbortSignal, requestRelease: RequestRelease): Promise<void> {
    const holder = randomUUID();
    const deadline = Date.now() + this.acquireTimeoutMs;
    for (;;) {
      if (signal.aborted || Date.now() >= deadline) throw lockTimeout();
      if (await take(this.db, this.id, holder, this.leaseMs)) break;
      // Held by another request, here or on another server: it ends its request once it sees this.
      await this.db.query('UPDATE analysis_upload_locks SET release_requested = true WHERE upload_id = $1 AND NOT release_requested', [
        this.id,
      ]);
      await sleep(this.pollMs, signal);
    }
    this.holder = holder;
    this.keep(holder, requestRelease);
  }

  /**
   * While held: every poll, looks for a release request (and passes it on once); every third of the lease, renews
   * it. A lock found taken by another (its lease lapsed, say, while this server was stalled) is given up at once.
   */
  private keep(holder: string, requestRelease: RequestRelease): void {
    let renewedAt = Date.now();
    let released = false;
    const tick = async (): Promise<void> => {
      const renew = Date.now() - renewedAt >= this.leaseMs / 3;
      const rows = renew
        ? await this.db.query<{ release_requested: boolean }>(
            `UPDATE analysis_upload_locks SET locked_until = clock_timestamp() + $3 * interval '1 millisecond'
              WHERE upload_id = $1 AND holder = $2 RETURNING release_requested`,
            [this.id, holder, this.leaseMs],
          )
        : await this.db.query<{ release_requested: boolean }>(
            'SELECT release_requested FROM analysis_upload_locks WHERE upload_id = $1 AND holder = $2',
            [this.id, holder],
          );
      if (renew) renewedAt = Date.now();
      const [row] = rows;
      // Not once released here: the row is gone then because it was deleted, not taken.
      if (this.holder === holder && !released && (!row || row.release_requested)) {
        released = true;
        await requestRelease();
      }
    };
    const schedule = (): void => {
      this.keeping = setTimeout(() => {
        // A failed round (the database briefly away) is tried again on the next; the lease allows for a few.
        tick()
          .catch(() => undefined)
          .finally(() => {
            if (this.holder === holder) schedule();
          });
      }, this.pollMs);
      this.keeping.unref();
    };
    schedule();
  }

  async unlock(): Promise<void> {
    const holder = this.holder;
    if (!holder) throw new Error('Releasing an unlocked lock!');
    this.holder = undefined;
    clearTimeout(this.keeping);
    await this.db.query('DELETE FROM analysis_upload_locks WHERE upload_id = $1 AND holder = $2', [this.id, holder]);
  }
}

export class DatabaseLocker implements Locker {
  private readonly leaseMs: number;
  private readonly pollMs: number;
  private readonly acquireTimeoutMs: number;

  constructor(private readonly options: DatabaseLockerOptions) {
    this.leaseMs = options.leaseMs ?? DEFAULT_LOCK_LEASE_MS;
    this.pollMs = options.pollMs ?? DEFAULT_LOCK_POLL_MS;
    this.acquireTimeoutMs = options.acquireTimeoutMs ?? DEFAULT_LOCK_ACQUIRE_TIMEOUT_MS;
  }

  newLock(id: string): Lock {
    return new DatabaseLock(id, this.options.db, this.leaseMs, this.pollMs, this.acquireTimeoutMs);
  }
}
