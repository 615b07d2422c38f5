/** A scripted stand-in for the network: each call is answered by the test's handler and remembered. */

export interface RecordedCall {
  method: string;
  url: string;
  authorization: string | null;
  body: unknown;
}

export type Handler = (call: RecordedCall, signal: AbortSignal | undefined) => Response | Promise<Response>;

export function json(body: unknown, status = 200): Response {
  return new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });
}

export function fakeFetch(handler: Handler) {
  const calls: RecordedCall[] = [];
  const fetch: typeof globalThis.fetch = async (input, init = {}) => {
    const headers = new Headers(init.headers);
    const raw = typeof init.body === 'string' ? init.body : undefined;
    const call: RecordedCall = {
      method: init.method ?? 'GET',
      url: typeof input === 'string' ? input : input instanceof URL ? input.href : input.url,
      authorization: headers.get('authorization'),
      body: raw ? (JSON.parse(raw) as unknown) : undefined,
    };
    calls.push(call);
    return handler(call, init.signal ?? undefined);
  };
  return { fetch, calls };
}

/** A response that never comes, unless the request is aborted. */
export function never(signal: AbortSignal | undefined): Promise<Response> {
  return new Promise((_, reject) => {
    if (signal?.aborted) reject(signal.reason instanceof Error ? signal.reason : new Error('aborted'));
    signal?.addEventListener('abort', () => reject(signal.reason instanceof Error ? signal.reason : new Error('aborted')));
  });
}
