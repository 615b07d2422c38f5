import { randomBytes } from 'node:crypto';
import { mkdir, rename, rm, statfs } from 'node:fs/promises';
import { join } from 'node:path';
import { FileStore } from '@tus/file-store';
import { Server as TusServer } from '@tus/server';
import { API_BASE_PATH } from '../../../src/model/constants';
import {
  ANALYSIS_MAX_PROBLEMS,
  ANALYSIS_UPLOAD_MAX_BYTES,
  ANALYSIS_UPLOADS_PATH,
  AnalysisArchiveText,
  AnalysisFileText,
} from '../../../src/model/orders/analysis';
import type { AccountView } from '../../store/auth/accounts';
import type { Clock } from '../../clock';
import type { ServerConfig } from '../../config';
import type { Database } from '../../db/database';
import type { Logger } from '../../logger';
import {
  claimLapsedChecks,
  countUploadsUnderWay,
  insertUpload,
  lockPracticeUploads,
  markRefused,
  startCheck,
  takeExpiredUploads,
  uploadById,
} from '../../store/orders/analysis-uploads';
import { storeAnalysisOrder } from './analysis-order';
import { ActivityKind, ActivityObjectType } from '../../../src/model/activity/activity';
import { recordActivity, type ActivityContext } from '../../store/activity/record';
import { checkAnalysisArchive } from './archive-check';
import { DatabaseLocker } from './locker';

/**
 * Issue 42: the analysis uploads. The tus protocol's reference server (@tus/server with its file store) takes the
 * bytes, streamed to disk chunk by chunk and resumable from the last byte it holds, also after a restart, since the
 * file and its JSON record are all it needs. This module adds what the protocol leaves to the service: whose upload it
 * is (a row per upload, read by practice), the limits checked before a byte is accepted (size, uploads under way,
 * disk space), the archive check once the last byte is in, the order it becomes, and the sweep of what was left.
 */

/** Why a creation is refused before tus sees it; the route answers it as the usual failure body. */
export class UploadRefusal extends Error {
  constructor(
    readonly status: 429 | 507,
    message: string,
  ) {
    super(message);
  }
}

export interface AnalysisUploadsOptions {
  readonly db: Database;
  readonly config: ServerConfig;
  readonly clock: Clock;
  readonly logger: Logger;
  /** Free bytes of the upload folder's disk; the file system's by default (tests pretend a full disk). */
  readonly freeBytes?: (dir: string) => Promise<number>;
}

export interface NewUploadRequest {
  readonly account: AccountView;
  readonly fileName: string;
  readonly size: number;
  /** Who reserves it, for the trail's `analysis.uploaded` entry, written in the reservation's transaction (issue 44). */
  readonly activity: ActivityContext;
}

/** How often a server sweeps expired uploads and takes over checks whose server died. */
const SWEEP_INTERVAL_MS = 60_000;
/** The ids this server gives (16 random bytes in hex); anything else names no upload. */
const UPLOAD_ID = /^[0-9a-f]{32}$/;

export const isUploadId = (id: string): boolean => UPLOAD_ID.test(id);

/** The first problems of a long list, and how many more there are. */
export function keptProblems(problems: readonly string[]): string[] {
  if (problems.length <= ANALYSIS_MAX_PROBLEMS) return [...problems];
  return [...problems.slice(0, ANALYSIS_MAX_PROBLEMS), AnalysisArchiveText.more(problems.length - ANALYSIS_MAX_PROBLEMS)];
}

async function fileSystemFreeBytes(dir: string): Promise<number> {
  const stats = await statfs(dir);
  return stats.bavail * stats.bsize;
}

export class AnalysisUploads {
  private readonly db: Database;
  private readonly config: ServerConfig;
  private readonly clock: Clock;
  private readonly logger: Logger;
  private readonly freeBytes: (dir: string) => Promise<number>;
  /** Created on first use, so that a server nobody uploads to never makes the folder. */
  private tus: TusServer | undefined;
  private store: FileStore | undefined;
  /** The id each creation request was given, read back by tus's naming function for that same request. */
  private readonly ids = new WeakMap<Request, string>();
  private readonly checks = new Set<Promise<void>>();
  private timer: NodeJS.Timeout | undefined;

  constructor(options: AnalysisUploadsOptions) {
    this.db = options.db;
    this.config = options.config;
    this.clock = options.clock;
    this.logger = options.logger;
    this.freeBytes = options.freeBytes ?? fileSystemFreeBytes;
  }

  get directory(): string {
    return this.config.analysisUploadDir;
  }

  /** Where an accepted archive is kept for the laboratory: the folder's `accepted/{order number}.zip`. */
  acceptedPath(orderNumber: string): string {
    return join(this.directory, 'accepted', `${orderNumber}.zip`);
  }

  private server(): { tus: TusServer; store: FileStore } {
    if (this.tus && this.store) return { tus: this.tus, store: this.store };
    const store = new FileStore({ directory: this.directory });
    const tus = new TusServer({
      path: `${API_BASE_PATH}${ANALYSIS_UPLOADS_PATH}`,
      datastore: store,
      // In the database, not in this process: another server behind the same address may serve the same upload.
      locker: new DatabaseLocker({ db: this.db }),
      // "And again on the bytes": tus refuses a PATCH that would pass the declared length or this limit.
      maxSize: ANALYSIS_UPLOAD_MAX_BYTES,
      // A path, not a URL built from the request's Host header, which the caller chooses.
      relativeLocation: true,
      // Terminating an archive already checked would pull the data out from under its order.
      disableTerminationForFinishedUploads: true,
      namingFunction: (req) => {
        const id = this.ids.get(req);
        // The route gives every creation its id before tus runs; a creation without one never passed the route.
        if (!id) throw new Error('An analysis upload was created without its row');
        return id;
      },
      onUploadFinish: async (_req, upload) => {
        await this.finished(upload.id);
        return {};
      },
    });
    this.tus = tus;
    this.store = store;
    return { tus, store };
  }

  /**
   * Checks a creation against the practice's uploads under way and the disk, and records the upload and its activity
   * entry, in one transaction; its id is then the one tus creates it under (`handle`). Throws UploadRefusal.
   */
  async reserve(request: Request, upload: NewUploadRequest): Promise<string> {
    const id = randomBytes(16).toString('hex');
    const now = this.clock();
    await mkdir(this.directory, { recursive: true });
    await this.db.transaction(async (tx) => {
      await lockPracticeUploads(tx, upload.account.practiceId);
      const underWay = await countUploadsUnderWay(tx, upload.account.practiceId, now);
      const limit = this.config.analysisMaxUploadsPerPractice;
      if (underWay >= limit) throw new UploadRefusal(429, AnalysisFileText.tooManyUploads(limit));
      const [row] = await tx.query<{ bytes: string | number | null }>(
        `SELECT sum(size) AS bytes FROM analysis_uploads WHERE state IN ('uploading', 'checking') AND expires_at > $1`,
        [now],
      );
      // Every upload under way may still send all its bytes: the room they may take is kept for them.
      const promised = Number(row?.bytes ?? 0);
      const free = await this.freeBytes(this.directory);
      if (free < upload.size + promised + this.config.analysisDiskReserveBytes) throw new UploadRefusal(507, AnalysisFileText.noSpace);
      await insertUpload(tx, {
        id,
        practiceId: upload.account.practiceId,
        accountId: upload.account.accountId,
        fileName: upload.fileName,
        size: upload.size,
        createdAt: now,
        expiresAt: new Date(now.getTime() + this.config.analysisUploadTtlMs),
      });
      const object = { type: ActivityObjectType.upload, id, label: upload.fileName };
      await recordActivity(tx, upload.activity, { kind: ActivityKind.analysisUploaded, object });
    });
    this.ids.set(request, id);
    return id;
  }

  /** Hands a request to tus: the route has checked whose upload it is (or reserved the new one). */
  handle(request: Request): Promise<Response> {
    return this.server().tus.handleWeb(request);
  }

  /** The bytes and record of an upload, where they are; gone already is fine. */
  async removeBytes(id: string): Promise<void> {
    await rm(join(this.directory, id), { force: true });
    await rm(join(this.directory, `${id}.json`), { force: true });
  }

  /** The last byte is in: the archive is checked once, by this server, in the background. */
  private async finished(id: string): Promise<void> {
    const leaseUntil = new Date(this.clock().getTime() + this.config.analysisCheckLeaseMs);
    if (await startCheck(this.db, id, leaseUntil)) this.track(this.check(id));
  }

  private track(work: Promise<void>): void {
    const tracked = work.catch((error: unknown) => {
      // The lease lapses and the check runs again; the log says why this one stopped.
      this.logger.error('Checking an analysis upload failed', { error: error instanceof Error ? error.message : String(error) });
    });
    this.checks.add(tracked);
    void tracked.finally(() => this.checks.delete(tracked));
  }

  /** Resolves once no check is running: tests wait on it, and a stopping server lets checks finish. */
  async settled(): Promise<void> {
    while (this.checks.size) await Promise.all([...this.checks]);
  }

  /** Reads the archive, then stores its order or says what is wrong; a refused archive's bytes are deleted. */
  async check(id: string): Promise<void> {
    const upload = await uploadById(this.db, id);
    if (!upload || upload.state !== 'checking') return;
    const keepUntil = new Date(this.clock().getTime() + this.config.analysisUploadTtlMs);
    const archive = join(this.directory, id);
    const result = await checkAnalysisArchive(archive);
    const stored = result.ok
      ? await storeAnalysisOrder(this.db, {
          uploadId: id,
          practiceId: upload.practiceId,
          customer: await this.customer(upload.practiceId),
          samples: result.samples,
          now: this.clock(),
          keepUntil,
        })
      : result;
    if (!stored.ok) {
      await markRefused(this.db, id, { message: AnalysisArchiveText.refused, problems: keptProblems(stored.problems), keepUntil });
      await this.removeBytes(id);
      return;
    }
    await mkdir(join(this.directory, 'accepted'), { recursive: true });
    await rename(archive, this.acceptedPath(stored.orderNumber));
    await rm(join(this.directory, `${id}.json`), { force: true });
  }

  private async customer(practiceId: number): Promise<string> {
    const [row] = await this.db.query<{ name: string }>('SELECT name FROM practices WHERE id = $1', [practiceId]);
    return row?.name ?? '';
  }

  /** Expired uploads go, bytes and all; checks whose server died are taken over. */
  async sweep(): Promise<void> {
    const now = this.clock();
    for (const { id, state } of await takeExpiredUploads(this.db, now)) {
      if (state === 'uploading') await this.removeBytes(id);
    }
    const leaseUntil = new Date(now.getTime() + this.config.analysisCheckLeaseMs);
    for (const id of await claimLapsedChecks(this.db, now, leaseUntil)) this.track(this.check(id));
  }

  start(): void {
    const run = (): void => {
      void this.sweep().catch((error: unknown) => {
        this.logger.error('Sweeping the analysis uploads failed', { error: error instanceof Error ? error.message : String(error) });
      });
    };
    // At start too: a check this server was running when it stopped may be waiting for it.
    run();
    this.timer = setInterval(run, SWEEP_INTERVAL_MS);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
    await this.settled();
  }
}
