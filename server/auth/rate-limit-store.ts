import type { Env } from 'hono';
import type { ClientRateLimitInfo, HonoConfigType, Store } from 'hono-rate-limiter';
import type { Clock } from '../clock';
import type { Queryable } from '../db/database';
import { digest } from './secrets';

/** How often, at most, one store deletes the counters whose window has passed. */
export const PRUNE_INTERVAL_MS = 60_000;

interface CounterRow extends Record<string, unknown> {
  hits: number;
  reset_at: Date;
}

/**
 * hono-rate-limiter's counters in the `rate_limits` table, so that every server instance sharing the
 * database counts the same hits. Each change is one statement, which PostgreSQL applies atomically
 * however many instances send it at once. Time is the server's clock, so tests can move it.
 */
export class SqlRateLimitStore<E extends Env = Env> implements Store<E> {
  /** Hits counted by one instance limit the others too. */
  readonly localKeys = false;
  private windowMs: number;
  private prunedAt = Number.NEGATIVE_INFINITY;

  constructor(
    private readonly db: Queryable,
    private readonly clock: Clock,
    /** Names the limit, so that one username counted by two limits keeps two counters. */
    readonly prefix: string,
    /** The window, for a store used on its own; hono-rate-limiter's middleware sets it through init(). */
    windowMs = 0,
  ) {
    this.windowMs = windowMs;
  }

  init(options: HonoConfigType<E>): void {
    this.windowMs = options.windowMs;
  }

  async get(key: string): Promise<ClientRateLimitInfo | undefined> {
    const [row] = await this.db.query<CounterRow>('SELECT hits, reset_at FROM rate_limits WHERE key = $1 AND reset_at > $2', [
      this.rowKey(key),
      this.clock().toISOString(),
    ]);
    return row ? { totalHits: row.hits, resetTime: row.reset_at } : undefined;
  }

  /** Counts one hit; a counter whose window has passed starts a new one, in the same statement. */
  async increment(key: string): Promise<ClientRateLimitInfo> {
    const now = this.clock();
    const [row] = await this.db.query<CounterRow>(
      `INSERT INTO rate_limits (key, hits, reset_at) VALUES ($1, 1, $3)
       ON CONFLICT (key) DO UPDATE SET
         hits = CASE WHEN rate_limits.reset_at <= $2 THEN 1 ELSE rate_limits.hits + 1 END,
         reset_at = CASE WHEN rate_limits.reset_at <= $2 THEN excluded.reset_at ELSE rate_limits.reset_at END
       RETURNING hits, reset_at`,
      [this.rowKey(key), now.toISOString(), new Date(now.getTime() + this.windowMs).toISOString()],
    );
    if (!row) throw new Error('The rate limit counter was not written');
    await this.pruneExpired(now);
    return { totalHits: row.hits, resetTime: row.reset_at };
  }

  /**
   * Takes back a hit that turned out not to count. Never below zero, and never in a window that has
   * passed: that hit belonged to the old window, and the new one must not lose one of its own.
   */
  async decrement(key: string): Promise<void> {
    await this.db.query('UPDATE rate_limits SET hits = hits - 1 WHERE key = $1 AND hits > 0 AND reset_at > $2', [
      this.rowKey(key),
      this.clock().toISOString(),
    ]);
  }

  async resetKey(key: string): Promise<void> {
    await this.db.query('DELETE FROM rate_limits WHERE key = $1', [this.rowKey(key)]);
  }

  async resetAll(): Promise<void> {
    await this.db.query('DELETE FROM rate_limits WHERE starts_with(key, $1)', [`${this.prefix}:`]);
  }

  /** The table keeps a digest rather than the username or address, so it holds nobody's name. */
  private rowKey(key: string): string {
    return `${this.prefix}:${digest(key)}`;
  }

  /** Keys of usernames nobody has are never hit again, so their rows are deleted rather than reused. */
  private async pruneExpired(now: Date): Promise<void> {
    if (now.getTime() - this.prunedAt < PRUNE_INTERVAL_MS) return;
    this.prunedAt = now.getTime();
    await this.db.query('DELETE FROM rate_limits WHERE reset_at <= $1', [now.toISOString()]);
  }
}
