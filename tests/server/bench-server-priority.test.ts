import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { getPriority } from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startReferenceServer, type StartedServer } from '../../scripts/lib/reference-server';

/** The nice value of each thread of a process, from /proc (Linux), the 17th field after the command's name. */
function threadNiceness(pid: number): number[] {
  return readdirSync(`/proc/${pid}/task`).map((tid) => {
    const stat = readFileSync(`/proc/${pid}/task/${tid}/stat`, 'utf8');
    return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[16]);
  });
}

describe('the reference server a browser benchmark starts in the background', () => {
  let server: StartedServer;

  beforeAll(async () => {
    server = await startReferenceServer({ background: true });
  });
  afterAll(() => {
    server?.child.kill();
  });

  it('answers, at the lowest CPU priority, so that the measured page gets the cores first', async () => {
    const pid = server.child.pid ?? 0;
    expect((await fetch(`${server.origin}/portalApi/openapi.json`)).status).toBe(200);
    expect(getPriority(pid)).toBe(19);
    // Every thread of it (libuv's pool, V8's workers), not only the one that called nice.
    if (existsSync(`/proc/${pid}/task`)) expect(new Set(threadNiceness(pid))).toEqual(new Set([19]));
  });

  it('is the server itself, not a wrapper: stopping the child stops the server', async () => {
    const stopped = new Promise<number | null>((resolve) => server.child.once('exit', (code) => resolve(code)));
    server.child.kill();
    await stopped;
    await expect(fetch(`${server.origin}/portalApi/openapi.json`)).rejects.toThrow();
  });
});
