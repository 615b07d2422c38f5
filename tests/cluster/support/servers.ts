import { spawn, type ChildProcess } from 'node:child_process';
import { setTimeout as sleep } from 'node:timers/promises';

/**
 * Real server processes (`node --import tsx server/main.ts`, as `npm run serve` starts one) on ports of the test's
 * choosing, each of which can be stopped with SIGTERM and started again on its port.
 */

/**
 * What the proxy probes, every PROBE_MS, and the test polls to know a server answers: GET /readyz, 200 once the
 * database answers and the migrations are applied, 503 from the server's SIGTERM on. With SHUTDOWN_CLOSE_DELAY_MS
 * above the probe interval, the proxy has moved away before the listener closes, so SIGTERM alone drains a server.
 */
export const READY_PATH = '/readyz';
/**
 * Whether the test takes a server out of the proxy's rotation itself just before its SIGTERM, as an operator does
 * with a balancer that cannot see a server drain. Not needed with /readyz and a close delay; kept, off, so that a
 * run against servers without them can still be made (`true`), and the difference measured.
 */
export const DRAIN_BY_HAND = false;

const START_TIMEOUT_MS = 120_000;
/** Longer than the server's own grace period (3 s, or SHUTDOWN_GRACE_MS), with room for a loaded machine. */
const STOP_TIMEOUT_MS = 30_000;

export interface Exit {
  readonly code: number | null;
  readonly signal: NodeJS.Signals | null;
}

function exited(child: ChildProcess): Promise<Exit> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve({ code: child.exitCode, signal: child.signalCode });
  return new Promise((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
}

export class ServerProcess {
  private child: ChildProcess | undefined;
  private output = '';

  constructor(
    readonly name: string,
    readonly port: number,
    private readonly env: NodeJS.ProcessEnv,
  ) {}

  get origin(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  /** Everything every life of this server printed, for a failure's message. */
  log(): string {
    return this.output;
  }

  /** Starts the process and resolves once READY_PATH answers. */
  async start(): Promise<void> {
    const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
      env: { ...process.env, ...this.env, PORT: String(this.port) },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    this.child = child;
    this.output += `\n--- ${this.name} started (pid ${child.pid ?? '?'}) ---\n`;
    child.stdout?.on('data', (chunk: Buffer) => (this.output += chunk.toString()));
    child.stderr?.on('data', (chunk: Buffer) => (this.output += chunk.toString()));
    const deadline = Date.now() + START_TIMEOUT_MS;
    while (Date.now() < deadline) {
      if (child.exitCode !== null) throw new Error(`${this.name} stopped with ${child.exitCode} while starting:${this.output}`);
      try {
        const answer = await fetch(`${this.origin}${READY_PATH}`, { signal: AbortSignal.timeout(2_000) });
        await answer.arrayBuffer();
        if (answer.status === 200) return;
      } catch {
        // Not listening yet: still migrating, seeding or loading modules.
      }
      await sleep(100);
    }
    child.kill('SIGKILL');
    throw new Error(`${this.name} did not answer within ${START_TIMEOUT_MS / 1000} s:${this.output}`);
  }

  /** SIGTERM, and how the process ended; SIGKILL (and an error) when it outlives STOP_TIMEOUT_MS. */
  async stop(): Promise<Exit> {
    const child = this.child;
    if (!child) throw new Error(`${this.name} is not running`);
    const ended = exited(child);
    child.kill('SIGTERM');
    const outcome = await Promise.race([ended, sleep(STOP_TIMEOUT_MS).then(() => null)]);
    this.child = undefined;
    if (outcome) return outcome;
    child.kill('SIGKILL');
    await ended;
    throw new Error(`${this.name} did not stop within ${STOP_TIMEOUT_MS / 1000} s of SIGTERM:${this.output}`);
  }

  /** For the test's clean-up: ends the process whatever it is doing. */
  async kill(): Promise<void> {
    const child = this.child;
    this.child = undefined;
    if (!child) return;
    child.kill('SIGKILL');
    await exited(child);
  }
}
