import { spawn, type ChildProcess } from 'node:child_process';
import { get } from 'node:https';
import { createServer } from 'node:net';
import { repoRoot } from './records';
import type { LocalCertificate } from './self-signed';

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

/** Whether the server answers its OpenAPI document yet; over HTTPS trusting only the certificate it was given. */
function answers(origin: string, tls: LocalCertificate | undefined): Promise<boolean> {
  const url = `${origin}/portalApi/openapi.json`;
  if (!tls) return fetch(url).then((answer) => answer.ok);
  return new Promise((resolve, reject) => {
    get(url, { ca: tls.cert }, (answer) => {
      answer.resume();
      resolve(answer.statusCode === 200);
    }).on('error', reject);
  });
}

/**
 * `server/main.ts` with these arguments and environment on a free port (or the one given). The server migrates and
 * seeds before it listens, so its first answer means the data are all there. By default a fresh in-memory PGlite;
 * pass `DATABASE_URL` in `env` for PostgreSQL. With `tls` it serves HTTPS (and HTTP/2) with that certificate.
 */
export async function startReferenceServer({
  port,
  args = [],
  env = {},
  tls,
  background = false,
}: {
  port?: number;
  args?: readonly string[];
  env?: NodeJS.ProcessEnv;
  tls?: LocalCertificate;
  /**
   * Run at the lowest CPU priority (`nice -n 19`, every thread of it): for the browser benchmarks, where the server
   * stands in for a remote API and must not take the two cores from the page whose work is measured.
   */
  background?: boolean;
} = {}): Promise<StartedServer> {
  const listen = port ?? (await freePort());
  const origin = `${tls ? 'https' : 'http'}://127.0.0.1:${listen}`;
  const tlsEnv = tls ? { TLS_CERT_FILE: tls.certFile, TLS_KEY_FILE: tls.keyFile } : {};
  let output = '';
  const server = [process.execPath, '--import', 'tsx', 'server/main.ts', ...args];
  // `nice` execs the server in its own process, so the child's pid and signals stay the server's.
  const [program = process.execPath, ...rest] = background ? ['nice', '-n', '19', ...server] : server;
  const child = spawn(program, rest, {
    cwd: repoRoot,
    env: { ...process.env, PGLITE_DATA_DIR: 'memory://', PUBLIC_URL: origin, ...env, ...tlsEnv, PORT: String(listen) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const deadline = Date.now() + SERVER_START_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`The server stopped with ${child.exitCode}:\n${output}`);
    try {
      if (await answers(origin, tls)) return { child, origin, log: () => output };
    } catch {
      // Not listening yet: still migrating and seeding.
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  child.kill();
  throw new Error(`The server did not answer within ${SERVER_START_TIMEOUT_MS / 1000} s:\n${output}`);
}
