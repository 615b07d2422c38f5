/**
 * `npm run bench:upload` (issue 42): uploads a generated IDAT archive (default 2 GB, `--gb N`) to the reference server
 * over tus in the browser's chunk size, then waits for the archive check and the order, and reports the throughput and
 * the server's resident memory: idle before the upload, the peak during it and during the check (sampled from
 * /proc every 100 ms). The goal is memory flat, under 200 MB above idle, whatever the archive's size. A benchmark
 * that prints figures, not a test.
 */
import { open, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import * as v from 'valibot';
import { DEMO_PASSWORD } from '../server/seed/seed';
import { SessionUserSchema } from '../src/model/auth/auth';
import { ANALYSIS_CHUNK_BYTES, AnalysisOutcomeSchema } from '../src/model/orders/analysis';
import { writeIdatArchive } from '../tests/support/idat-archive';
import { TusClient } from '../tests/server/support/tus';
import { textOption } from './lib/cli';
import { startReferenceServer } from './lib/reference-server';
import { runMain } from './lib/run-main';

const MB = 1024 * 1024;

/** The server process's resident set in bytes (Linux). */
async function residentBytes(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  const kb = /VmRSS:\s+(\d+) kB/.exec(status)?.[1];
  return Number(kb ?? 0) * 1024;
}

class MemoryWatch {
  peak = 0;
  private timer: NodeJS.Timeout | undefined;
  constructor(private readonly pid: number) {}
  start(): void {
    this.peak = 0;
    this.timer = setInterval(() => {
      void residentBytes(this.pid).then((rss) => (this.peak = Math.max(this.peak, rss)));
    }, 100);
  }
  stop(): number {
    clearInterval(this.timer);
    return this.peak;
  }
}

async function main(): Promise<number> {
  const gb = Number(textOption('gb') ?? 2);
  const dir = await mkdtemp(join(tmpdir(), 'bench-upload-'));
  const archive = join(dir, 'run.zip');
  try {
    // ~16 MiB per IDAT file, as an EPIC array's are; enough samples to reach the size asked for.
    const idatBytes = 16 * MB;
    const samples = Math.max(1, Math.round((gb * 1024 * MB) / (2 * idatBytes)));
    const generated = performance.now();
    const written = await writeIdatArchive(archive, { samples, idatBytes });
    console.info(
      `Archive: ${(written.bytes / 1024 ** 3).toFixed(2)} GiB, ${written.samples.length} samples (${((performance.now() - generated) / 1000).toFixed(1)} s to write)`,
    );

    const server = await startReferenceServer({ env: { ANALYSIS_UPLOAD_DIR: join(dir, 'uploads'), SEED_ORDERS: '', SEED_KITS: '' } });
    const pid = server.child.pid ?? 0;
    try {
      const answer = await fetch(`${server.origin}/portalApi/Auth`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ username: 'irc.user', password: DEMO_PASSWORD, rememberMe: false }),
      });
      const token = v.parse(SessionUserSchema, await answer.json()).accessToken.token;
      const tus = new TusClient((path, init) => fetch(`${server.origin}${path}`, init), token);
      // Idle after a first request, so that what the first request loads is not counted as the upload's.
      await tus.create(1, 'warm.zip');
      const idle = await residentBytes(pid);

      const watch = new MemoryWatch(pid);
      watch.start();
      const started = performance.now();
      const location = await tus.start(written.bytes, 'run.zip');
      const file = await open(archive, 'r');
      const buffer = Buffer.alloc(ANALYSIS_CHUNK_BYTES);
      try {
        for (let offset = 0; offset < written.bytes;) {
          const { bytesRead } = await file.read(buffer, 0, buffer.length, offset);
          const sent = await tus.patch(location, offset, buffer.subarray(0, bytesRead));
          if (sent.status !== 204) throw new Error(`PATCH at ${offset} answered ${sent.status}: ${await sent.text()}`);
          offset += bytesRead;
        }
      } finally {
        await file.close();
      }
      const uploaded = performance.now();
      const uploadPeak = watch.stop();
      watch.start();
      let outcome = v.parse(AnalysisOutcomeSchema, await (await tus.outcome(location)).json());
      while (outcome.state === 'checking' || outcome.state === 'uploading') {
        await new Promise((resolve) => setTimeout(resolve, 200));
        outcome = v.parse(AnalysisOutcomeSchema, await (await tus.outcome(location)).json());
      }
      const checked = performance.now();
      const checkPeak = watch.stop();

      const seconds = (uploaded - started) / 1000;
      const above = (peak: number) => `${((peak - idle) / MB).toFixed(0)} MB above idle`;
      console.info(
        `Upload: ${(written.bytes / MB / seconds).toFixed(0)} MB/s (${seconds.toFixed(1)} s in ${Math.ceil(written.bytes / ANALYSIS_CHUNK_BYTES)} PATCHes of ${ANALYSIS_CHUNK_BYTES / MB} MiB)`,
      );
      console.info(
        `Check: ${((checked - uploaded) / 1000).toFixed(1)} s, ${outcome.state}${outcome.orderNumber ? ` as order ${outcome.orderNumber}` : ''}${outcome.problems?.length ? `: ${outcome.problems.join(' ')}` : ''}`,
      );
      console.info(
        `Server memory: idle ${(idle / MB).toFixed(0)} MB; peak while uploading ${(uploadPeak / MB).toFixed(0)} MB (${above(uploadPeak)}); peak while checking ${(checkPeak / MB).toFixed(0)} MB (${above(checkPeak)})`,
      );
      const flat = Math.max(uploadPeak, checkPeak) - idle < 200 * MB;
      console.info(flat ? 'Memory stayed under 200 MB above idle.' : 'Memory grew past 200 MB above idle.');
      return outcome.state === 'accepted' && flat ? 0 : 1;
    } finally {
      server.child.kill('SIGTERM');
    }
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

runMain(main);
