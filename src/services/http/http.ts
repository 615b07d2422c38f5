import { FetchError, ofetch, type $Fetch } from 'ofetch';
import type * as v from 'valibot';
import { API_BASE_PATH, REQUEST_TIMEOUT_MS } from '../../model/constants';
import { AnswerError, answerOutsideContract, readAnswer } from './answer';
import { ApiError, apiErrorFromResponse, errorMessageOf, networkError, timeoutError, type StatusMessages } from './api-error';
import { config } from './config';

/** What the HTTP client needs from the session, without knowing how the session is kept. */
export interface SessionBridge {
  accessToken(): string | null;
  /** Resolves once no page-load refresh is under way, so that no call goes out with a token about to be replaced. */
  whenSettled(): Promise<void>;
  /** One refresh for every caller waiting on it; the new access token, or null when the session has ended. */
  refresh(): Promise<string | null>;
  /** The access token, refreshed first if it has expired; null without a session. */
  liveAccessToken(): Promise<string | null>;
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  query?: Record<string, string | number | boolean | undefined>;
  /** Defaults to 30 s (access §9); placing orders and reports use longer ones. */
  timeout?: number;
  signal?: AbortSignal;
  /** Status-specific texts that override the server's message, e.g. sign-in's own 401 text. */
  messages?: StatusMessages;
  /**
   * An Auth call made for the signed-in user (password change, switch, migration). Auth calls are not
   * refreshed and retried after a 401 (access §4), so one whose token expired while the page sat idle
   * is sent with a refreshed token instead.
   */
  liveToken?: boolean;
  /** Extra request headers, e.g. the Idempotency-Key of a checkout attempt. */
  headers?: Record<string, string>;
}

export interface HttpClient {
  request(path: string, options?: RequestOptions): Promise<unknown>;
  /** A request whose answer is read through the model's schema; an answer that does not fit is logged and thrown. */
  read<TSchema extends v.GenericSchema>(schema: TSchema, path: string, options?: RequestOptions): Promise<v.InferOutput<TSchema>>;
  connectSession(bridge: SessionBridge | null): void;
}

/**
 * The client's bearer token lent to requests it does not send itself (the analysis upload's tus requests, which the
 * tus client sends), so that they follow the same session rules: the current token, one refresh after a 401.
 */
export interface BearerLender {
  /**
   * The bearer token for a request this client does not send itself: the current access token once no refresh is
   * under way; null without a session. With `live`, refreshed first when it is near its end, for a request whose 401
   * would cost more than a retry (tus starts an upload over when its HEAD is refused). Without it, not refreshed ahead
   * of its end: a long upload sends a request every few seconds, and a live token each time would refresh on every
   * request near the token's end, while a refresh cut off by a lost connection ends the session (access §4); a token
   * that expired meanwhile is answered 401, and `renewBearer` refreshes it once.
   */
  bearer(options?: { live?: boolean }): Promise<string | null>;
  /**
   * After such a request was answered 401 with `stale`: the newer token when another call has refreshed since, else
   * one refresh shared with every caller waiting on it; null when the session has ended. The caller retries once.
   */
  renewBearer(stale: string | null): Promise<string | null>;
}

interface Answer {
  readonly body: unknown;
  readonly correlationId?: string;
}

const CORRELATION_HEADER = 'x-correlation-id';

const isAbsolute = (path: string) => /^[a-z][a-z\d+.-]*:\/\//i.test(path);
/** Auth calls never wait for or trigger a refresh: the refresh itself is one of them. */
const isAuthCall = (path: string) => /^\/?Auth(\/|$)/i.test(path);

function hasErrorMessage(body: unknown): boolean {
  return Boolean(errorMessageOf(body).errorMessage);
}

/** A body that is not JSON, kept apart from every JSON value (a bare string included) so that it cannot pass for one. */
class UnreadableBody {
  constructor(readonly text: string) {}
}

/** Strict where ofetch's default is lenient: an empty body is none, anything else must be JSON (access §7 "JSON bodies"). */
function parseBody(text: string): unknown {
  if (text.trim() === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return new UnreadableBody(text);
  }
}

export function createHttpClient(options: { baseURL?: string; fetch?: typeof globalThis.fetch } = {}): HttpClient & BearerLender {
  const $fetch: $Fetch = ofetch.create(
    { baseURL: options.baseURL ?? config.apiBasePath ?? API_BASE_PATH, retry: 0, parseResponse: parseBody },
    options.fetch ? { fetch: options.fetch } : {},
  );
  let session: SessionBridge | null = null;

  async function send(path: string, options: RequestOptions, token: string | null): Promise<Answer> {
    // A plain timer rather than AbortSignal.timeout, so that tests with fake timers control it.
    const timeout = new AbortController();
    const timer = setTimeout(() => timeout.abort(), options.timeout ?? REQUEST_TIMEOUT_MS);
    const signal = options.signal ? AbortSignal.any([options.signal, timeout.signal]) : timeout.signal;
    const headers: Record<string, string> = { ...options.headers, accept: 'application/json' };
    if (token && !isAbsolute(path)) headers.authorization = `Bearer ${token}`;
    try {
      const response = await $fetch.raw(path, {
        method: options.method ?? 'GET',
        body: options.body as Record<string, unknown> | undefined,
        query: options.query,
        headers,
        signal,
      });
      const body: unknown = response._data;
      const correlationId = response.headers.get(CORRELATION_HEADER) ?? undefined;
      // Not a user-facing error: the action's own failure text is shown, and the console says what came back.
      if (body instanceof UnreadableBody) {
        const call = { method: options.method ?? 'GET', path, correlationId };
        throw answerOutsideContract(call, `the body is not JSON (${body.text.slice(0, 40)})`);
      }
      if (hasErrorMessage(body)) throw apiErrorFromResponse(response.status, body, options.messages);
      return { body, correlationId: correlationId ?? errorMessageOf(body).correlationId };
    } catch (error) {
      if (error instanceof ApiError || error instanceof AnswerError) throw error;
      if (options.signal?.aborted) throw options.signal.reason;
      if (timeout.signal.aborted) throw timeoutError();
      if (error instanceof FetchError && error.response) {
        const body: unknown = error.data instanceof UnreadableBody ? undefined : error.data;
        throw apiErrorFromResponse(error.response.status, body, options.messages);
      }
      throw networkError();
    } finally {
      clearTimeout(timer);
    }
  }

  async function exchange(path: string, options: RequestOptions): Promise<Answer> {
    const protectedCall = !isAuthCall(path) && !isAbsolute(path);
    if (protectedCall) await session?.whenSettled();
    const token = (options.liveToken ? await session?.liveAccessToken() : session?.accessToken()) ?? null;
    try {
      return await send(path, options, token);
    } catch (error) {
      if (!(protectedCall && session && error instanceof ApiError && error.status === 401)) throw error;
      // A call that left before another one's refresh finished only needs the newer token.
      const current = session.accessToken();
      const fresh = current && current !== token ? current : await session.refresh();
      if (!fresh) throw error;
      return send(path, options, fresh);
    }
  }

  return {
    connectSession(bridge) {
      session = bridge;
    },
    async bearer(options = {}) {
      if (!session) return null;
      await session.whenSettled();
      return options.live ? session.liveAccessToken() : session.accessToken();
    },
    async renewBearer(stale) {
      if (!session) return null;
      const current = session.accessToken();
      return current && current !== stale ? current : session.refresh();
    },
    async request(path, options = {}) {
      return (await exchange(path, options)).body;
    },
    async read(schema, path, options = {}) {
      const { body, correlationId } = await exchange(path, options);
      return readAnswer(schema, body, { method: options.method ?? 'GET', path, correlationId });
    },
  };
}

export const http = createHttpClient();
