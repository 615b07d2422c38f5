import { getConnInfo } from '@hono/node-server/conninfo';
import ipaddr from 'ipaddr.js';
import type { Context, MiddlewareHandler } from 'hono';
import { rateLimiter, type RateLimitInfo } from 'hono-rate-limiter';
import * as v from 'valibot';
import type { Clock } from '../clock';
import type { ServerConfig } from '../config';
import type { Queryable } from '../db/database';
import { errorResponse } from '../http/errors';
import type { AppEnv } from '../http/env';
import { ServerText } from '../messages';
import { findByLogin } from '../store/auth/people';
import { SqlRateLimitStore } from './rate-limit-store';

/**
 * Forgot-password throttling (issue 13 item 3), and what the sign-in throttle (./sign-in-throttle.ts) shares with
 * it: whose account a request names and which address it comes from. Each limit's counters live in the database
 * (SqlRateLimitStore), so the limits hold across server instances. A refusal is the same 429 for every username,
 * known or not.
 */

/** How long a window lasts: a limit met is lifted this long after the window's first counted hit. */
export const FORGOT_PASSWORD_WINDOW_MS = 60 * 60_000;

/** Forgot-password requests per account, and per address, in one window; each one sends a mail. */
export const FORGOT_PASSWORD_REQUESTS_PER_USERNAME = 5;
export const FORGOT_PASSWORD_REQUESTS_PER_ADDRESS = 20;

/** The address of a call with no connection behind it: `app.request` in the tests. */
export const LOCAL_ADDRESS = 'local';

export interface ThrottleEnv extends AppEnv {
  Variables: AppEnv['Variables'] & {
    /** The counter of the limit that ran last, which hono-rate-limiter sets before it refuses. */
    throttle?: RateLimitInfo;
  };
}

export interface ThrottleDeps {
  readonly db: Queryable;
  readonly clock: Clock;
  readonly config: Pick<ServerConfig, 'trustProxy'>;
}

/**
 * What a limit counts an address as. One IPv6 subscriber holds a whole /64 (and can pick any address in it), so an
 * IPv6 address counts by its /64; an IPv4-mapped IPv6 address is the IPv4 address it carries.
 */
export function addressKey(address: string): string {
  if (!ipaddr.isValid(address)) return address;
  const parsed = ipaddr.process(address);
  if (parsed.kind() === 'ipv4') return parsed.toString();
  const prefix = (parsed as ipaddr.IPv6).parts.slice(0, 4).map((part) => part.toString(16));
  return `${prefix.join(':')}::/64`;
}

/**
 * Whose account a login names: the person, so that the username and the e-mail of one account share one counter;
 * a login nobody has counts by itself (trimmed, any case), and is treated exactly alike, so that nothing tells them
 * apart.
 */
export async function accountKey(q: Queryable, login: string): Promise<string> {
  const person = await findByLogin(q, login);
  return person ? `person:${person.personId}` : `login:${login.trim().toLowerCase()}`;
}

/** The middlewares of one route, the address's limit first. */
export type Throttle = readonly [MiddlewareHandler<ThrottleEnv>, MiddlewareHandler<ThrottleEnv>];

/**
 * The caller's address: behind a trusted proxy, the one it appended to X-Forwarded-For (the entries
 * before it are whatever the caller sent); otherwise the socket's.
 */
export function clientAddress(c: Context, trustProxy: boolean): string {
  if (trustProxy) {
    const forwarded = c.req.header('X-Forwarded-For')?.split(',').at(-1)?.trim();
    if (forwarded) return forwarded;
  }
  return socketAddress(c) ?? LOCAL_ADDRESS;
}

function socketAddress(c: Context): string | undefined {
  const bindings: unknown = c.env;
  // @hono/node-server passes the Node request as the bindings; `app.request` passes none, so no socket.
  if (typeof bindings !== 'object' || bindings === null || !('incoming' in bindings || 'server' in bindings)) return undefined;
  return getConnInfo(c).remote.address;
}

type UsernameSchema = v.GenericSchema<unknown, { username: string }>;

/**
 * The username a body names, as the route will read it (trimmed), in lower case since sign-in ignores
 * case; undefined for a body the route refuses with 400 before it checks anything, which no limit counts.
 */
export function usernameReader(schema: UsernameSchema): (c: Context) => Promise<string | undefined> {
  const read = new WeakMap<Context, string | null>();
  return async (c) => {
    let username = read.get(c);
    if (username === undefined) {
      username = null;
      try {
        // Hono keeps the text, so the route's own readBody reads the same body again.
        const parsed = v.safeParse(schema, JSON.parse(await c.req.text()));
        if (parsed.success) username = parsed.output.username.toLowerCase();
      } catch {
        // Not JSON: the route answers 400.
      }
      read.set(c, username);
    }
    return username ?? undefined;
  };
}

interface Limit {
  /** Names the counters in the table. */
  readonly name: string;
  readonly limit: number;
  readonly windowMs: number;
  /** Only failed sign-ins count: a 401; anything else (success, refusal, server failure) is taken back. */
  readonly failuresOnly: boolean;
  readonly key: (c: Context, username: string) => string | Promise<string>;
}

function limiter({ db, clock }: ThrottleDeps, username: (c: Context) => Promise<string | undefined>, rule: Limit) {
  return rateLimiter<ThrottleEnv>({
    windowMs: rule.windowMs,
    limit: rule.limit,
    store: new SqlRateLimitStore<ThrottleEnv>(db, clock, rule.name),
    // Its RateLimit-* and Retry-After headers count from the system clock, not the server's; refuse() sets Retry-After.
    standardHeaders: false,
    requestPropertyName: 'throttle',
    skip: async (c) => (await username(c)) === undefined,
    keyGenerator: async (c) => rule.key(c, (await username(c)) ?? ''),
    skipSuccessfulRequests: rule.failuresOnly,
    requestWasSuccessful: (c) => c.res.status !== 401,
    handler: (c) => refuse(c, clock, rule.windowMs),
  });
}

/** 429 with the server's text and Retry-After in whole seconds until the window ends. */
function refuse(c: Context<ThrottleEnv>, clock: Clock, windowMs: number): Response {
  return refusal(c, clock, c.get('throttle')?.resetTime, windowMs);
}

/** The 429 of every limit: the same text whichever limit was met, and Retry-After until its window ends. */
export function refusal(c: Context<AppEnv>, clock: Clock, resetTime: Date | undefined, windowMs: number): Response {
  const waitMs = resetTime ? resetTime.getTime() - clock().getTime() : windowMs;
  c.header('Retry-After', String(Math.max(1, Math.ceil(waitMs / 1000))));
  return errorResponse(c, 429, ServerText.tooManyAttempts);
}

/** POST /Auth/Password/Forgot: every request, per address and per account, whether or not it names anyone. */
export function forgotPasswordThrottle(deps: ThrottleDeps, schema: UsernameSchema): Throttle {
  const username = usernameReader(schema);
  return [
    limiter(deps, username, {
      name: 'forgot-password:address',
      limit: FORGOT_PASSWORD_REQUESTS_PER_ADDRESS,
      windowMs: FORGOT_PASSWORD_WINDOW_MS,
      failuresOnly: false,
      key: (c) => addressKey(clientAddress(c, deps.config.trustProxy)),
    }),
    limiter(deps, username, {
      name: 'forgot-password:account',
      limit: FORGOT_PASSWORD_REQUESTS_PER_USERNAME,
      windowMs: FORGOT_PASSWORD_WINDOW_MS,
      failuresOnly: false,
      key: (_c, name) => accountKey(deps.db, name),
    }),
  ];
}
