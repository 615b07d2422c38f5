import type { ChildProcess } from 'node:child_process';
import { request } from 'node:http';
import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import * as v from 'valibot';
import { afterAll, describe, expect, it } from 'vitest';
import { startReferenceServer, type StartedServer } from '../../scripts/lib/reference-server';
import { DEMO_PASSWORD } from '../../server/seed/seed';
import { SessionUserSchema } from '../../src/model/auth/auth';
import { AnalysisOutcomeSchema } from '../../src/model/orders/analysis';
import { writeIdatArchive } from '../support/idat-archive';
import { TUS_VERSION, TusClient, uploadId } from './support/tus';

/**
 * Issue 42: an upload survives its server being killed (SIGKILL) in the middle of a PATCH. The server restarts on the
 * same database directory and upload folder; HEAD tells the offset it holds (the bytes that reached the disk before
 * the kill), the client sends the rest from there, and the archive becomes an order as if nothing had happened.
 */

let running: StartedServer | undefined;
let dir = '';

afterAll(async () => {
  running?.child.kill('SIGKILL');
  if (dir) await rm(dir, { recursive: true, force: true });
});

function exited(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => child.once('exit', () => resolve()));
}

async function signIn(origin: string): Promise<TusClient> {
  const answer = await fetch(`${origin}/portalApi/Auth`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ username: 'irc.user', password: DEMO_PASSWORD, rememberMe: false }),
  });
  if (answer.status !== 200) throw new Error(`Sign-in answered ${answer.status}`);
  const token = v.parse(SessionUserSchema, await answer.json()).accessToken.token;
  return new TusClient((path, init) => fetch(`${origin}${path}`, init), token);
}

/**
 * One PATCH of everything from `offset` on, written 1 MiB at a time as the socket drains, until the server dies:
 * resolves with the bytes handed to the socket by then.
 */
function patchUntilKilled(server: StartedServer, token: string, location: string, data: Buffer, killAt: number): Promise<number> {
  return new Promise((resolve) => {
    const url = new URL(`${server.origin}${location}`);
    const req = request(url, {
      method: 'PATCH',
      headers: {
        'Tus-Resumable': TUS_VERSION,
        Authorization: `Bearer ${token}`,
        'Upload-Offset': '0',
        'Content-Type': 'application/offset+octet-stream',
        'Content-Length': String(data.length),
      },
    });
    let sent = 0;
    req.on('error', () => resolve(sent));
    req.on('response', () => resolve(sent));
    const chunk = 1024 * 1024;
    const write = (): void => {
      while (sent < data.length) {
        if (sent >= killAt) {
          server.child.kill('SIGKILL');
          return;
        }
        const piece = data.subarray(sent, sent + chunk);
        sent += piece.length;
        if (!req.write(piece)) {
          req.once('drain', write);
          return;
        }
      }
      req.end();
    };
    write();
  });
}

describe('an analysis upload whose server is killed mid-upload (issue 42)', () => {
  it('resumes from the offset the restarted server holds and becomes an order', { timeout: 240_000 }, async () => {
    dir = await mkdtemp(join(tmpdir(), 'analysis-restart-'));
    const archive = join(dir, 'run.zip');
    const written = await writeIdatArchive(archive, { samples: 4, idatBytes: 4 * 1024 * 1024 });
    const data = await readFile(archive);
    const env = {
      PGLITE_DATA_DIR: join(dir, 'pglite'),
      ANALYSIS_UPLOAD_DIR: join(dir, 'uploads'),
      DATABASE_URL: '',
      SEED_ORDERS: '',
      SEED_KITS: '',
    };

    running = await startReferenceServer({ env });
    const first = await signIn(running.origin);
    const location = await first.start(data.length, 'run.zip');
    const token = first.token;
    const handed = await patchUntilKilled(running, token, location, data, Math.floor(data.length / 2));
    await exited(running.child);
    expect(handed).toBeLessThan(data.length);

    running = await startReferenceServer({ env, port: Number(new URL(running.origin).port) });
    const again = await signIn(running.origin);
    const offset = await again.offset(location);
    // What reached the disk before the kill, no more than was sent and (with a 1 MiB chunk in flight) most of it.
    expect(offset).toBeGreaterThan(0);
    expect(offset).toBeLessThanOrEqual(handed);
    expect((await stat(join(env.ANALYSIS_UPLOAD_DIR, uploadId(location)))).size).toBe(offset);

    await again.upload(location, data, 8 * 1024 * 1024, offset);
    let outcome = v.parse(AnalysisOutcomeSchema, await (await again.outcome(location)).json());
    for (let tries = 0; tries < 120 && (outcome.state === 'uploading' || outcome.state === 'checking'); tries++) {
      await sleep(250);
      outcome = v.parse(AnalysisOutcomeSchema, await (await again.outcome(location)).json());
    }
    expect(outcome).toMatchObject({ state: 'accepted' });
    const order = await fetch(`${running.origin}/portalApi/Orders/${outcome.orderNumber ?? ''}`, {
      headers: { Authorization: `Bearer ${again.token}` },
    });
    expect(order.status).toBe(200);
    expect(JSON.stringify(await order.json())).toContain(written.samples[0] ?? 'no sample');
  });
});
