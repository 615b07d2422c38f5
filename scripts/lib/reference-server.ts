import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { repoRoot } from './records';

/** How the benchmarks start the reference server: a child process on a free port, seeded before it listens. */

const SERVER_START_TIMEOUT_MS = 180_000;

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

export interface StartedServer {
  readonly child: ChildProcess;
  readonly origin: string;
  /** Everything the server printed, for a failure's message. */
  readonly log: () => string;
}

/**
 * `server/main.ts` with these arguments and environment on a free port (or the one given). The server migrates and
 * seeds before it listens, so its first answer means the data are all there. By default a fresh in-memory PGlite;
 * pass `DATABASE_URL` in `env` for PostgreSQL.
 */
export async function startReferenceServer({
  port,
  args = [],
  env = {},
}: { port?: number; args?: readonly string[]; env?: NodeJS.ProcessEnv } = {}): Promise<StartedServer> {
  const listen = port ?? (await freePort());
  const origin = `http://127.0.0.1:${listen}`;
  let output = '';
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts', ...args], {
    cwd: repoRoot,
    env: { ...process.env, PGLITE_DATA_DIR: 'memory://', ...env, PORT: String(listen) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const deadline = Date.now() + SERVER_START_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`The server stopped with ${child.exitCode}:\n${output}`);
    try {
      const answer = await fetch(`${origin}/portalApi/openapi.json`);
      if (answer.ok) return { child, origin, log: () => output };
    } catch {
      // Not listening yet: still migrating and seeding.
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  child.kill();
  throw new Error(`The server did not answer within ${SERVER_START_TIMEOUT_MS / 1000} s:\n${output}`);
}
