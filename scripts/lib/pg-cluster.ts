import { execFile, execFileSync, spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { freePort } from './reference-server';

export { freePort };

/**
 * A throwaway PostgreSQL cluster from Debian's `postgresql` package, for CI, the cluster test and the benchmarks:
 * initdb into a folder of the project's, started on a free loopback port, stopped (and started again) on request.
 *
 * PostgreSQL refuses to run as root, so under root the cluster belongs to the package's `postgres` user, and the
 * folders above it are opened for traversal (not reading) so that user can reach it.
 */

export interface PgCluster {
  /** `postgres://portal@127.0.0.1:PORT/postgres`: trust authentication on loopback, no password. */
  readonly url: string;
  readonly port: number;
  readonly dataDir: string;
  /** Stops the server, keeping its files (a test of a database that goes away starts it again). */
  stop(): Promise<void>;
  /** Starts it again on the same port. */
  start(): Promise<void>;
}

export const CLUSTER_USER = 'portal';

/** The folder of PostgreSQL's programs: `PG_BINDIR`, else the newest `/usr/lib/postgresql/N/bin`, else `initdb` on PATH. */
export function findPostgresBinaries(env: NodeJS.ProcessEnv = process.env): string | undefined {
  if (env.PG_BINDIR) return existsSync(join(env.PG_BINDIR, 'initdb')) ? env.PG_BINDIR : undefined;
  const root = '/usr/lib/postgresql';
  if (existsSync(root)) {
    const versions = readdirSync(root)
      .filter((entry) => /^\d+$/.test(entry) && existsSync(join(root, entry, 'bin', 'initdb')))
      .sort((a, b) => Number(b) - Number(a));
    if (versions[0]) return join(root, versions[0], 'bin');
  }
  const found = spawnSync('sh', ['-c', 'command -v initdb'], { encoding: 'utf8' });
  return found.status === 0 && found.stdout.trim() ? dirname(found.stdout.trim()) : undefined;
}

const isRoot = () => process.getuid?.() === 0;

/** Runs a PostgreSQL program as the cluster's owner: this user, or `postgres` under root. Never blocks the event loop. */
function asOwner(program: string, args: readonly string[]): Promise<void> {
  const [command, commandArgs] = isRoot() ? ['runuser', ['-u', 'postgres', '--', program, ...args]] : [program, [...args]];
  return new Promise((resolveRun, reject) => {
    execFile(command, commandArgs, { encoding: 'utf8' }, (error, stdout, stderr) => {
      if (!error) return resolveRun();
      const name = program.split('/').pop() ?? program;
      reject(new Error(`${name} failed (${error.code ?? error.signal}): ${(stderr || stdout).trim()}`));
    });
  });
}

/** Lets the `postgres` user pass through every folder above `dir` (x only), and own `dir` itself. */
function openForOwner(dir: string): void {
  for (let current = dirname(dir); current !== dirname(current); current = dirname(current)) {
    const mode = statSync(current).mode;
    if ((mode & 0o001) === 0) chmodSync(current, mode | 0o001);
  }
  execFileSync('chown', ['-R', 'postgres:postgres', dir]);
}

/**
 * Creates a cluster in `dir` (which must not hold one yet) and starts it. Durability is switched off: the data is
 * thrown away after the run, and fsync is most of what a test's writes would cost.
 */
export async function startCluster(options: { dir: string; port?: number; bindir?: string }): Promise<PgCluster> {
  const bindir = options.bindir ?? findPostgresBinaries();
  if (!bindir) throw new Error("PostgreSQL's programs were not found: install Debian's postgresql package or set PG_BINDIR");
  const dir = resolve(options.dir);
  const dataDir = join(dir, 'data');
  const socketDir = join(dir, 'socket');
  mkdirSync(socketDir, { recursive: true });
  if (isRoot()) openForOwner(dir);
  await asOwner(join(bindir, 'initdb'), ['-D', dataDir, '-U', CLUSTER_USER, '--auth=trust', '-E', 'UTF8', '--locale=C', '--no-sync']);
  const port = options.port ?? (await freePort());
  const settings = [
    `-p ${port}`,
    "-c listen_addresses='127.0.0.1'",
    `-c unix_socket_directories='${socketDir}'`,
    '-c fsync=off',
    '-c synchronous_commit=off',
    '-c full_page_writes=off',
    '-c max_connections=300',
  ].join(' ');
  const start = () =>
    asOwner(join(bindir, 'pg_ctl'), ['start', '-w', '-t', '60', '-D', dataDir, '-l', join(dir, 'server.log'), '-o', settings]);
  const stop = () => asOwner(join(bindir, 'pg_ctl'), ['stop', '-w', '-m', 'fast', '-D', dataDir]);
  await start();
  return { url: `postgres://${CLUSTER_USER}@127.0.0.1:${port}/postgres`, port, dataDir, start, stop };
}

/** `node --import tsx scripts/lib/pg-cluster.ts start DIR` prints the URL; `stop DIR` stops it (for `.ci/run`). */
async function cli(argv: readonly string[]): Promise<void> {
  const [command, dir] = argv;
  if (command === 'find') {
    const bindir = findPostgresBinaries();
    if (!bindir) process.exit(1);
    console.log(bindir);
    return;
  }
  if (!dir || (command !== 'start' && command !== 'stop')) {
    console.error('usage: pg-cluster.ts start|stop DIR, or pg-cluster.ts find');
    process.exit(2);
  }
  if (command === 'start') {
    const cluster = await startCluster({ dir });
    console.log(cluster.url);
    return;
  }
  const bindir = findPostgresBinaries();
  if (bindir) await asOwner(join(bindir, 'pg_ctl'), ['stop', '-w', '-m', 'fast', '-D', join(resolve(dir), 'data')]);
}

if (process.argv[1] && resolve(process.argv[1]) === resolve(import.meta.filename)) {
  cli(process.argv.slice(2)).catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
}
