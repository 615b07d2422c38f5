import { request as httpRequest, type OutgoingHttpHeaders } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { guardedLookup } from './url-policy';

/** One POST of a delivery to its endpoint, as node:http(s) sends it. */

export interface PostOptions {
  readonly headers: OutgoingHttpHeaders;
  /** The whole exchange (connecting, sending, the answer's status line and body) must end within this. */
  readonly timeoutMs: number;
  /** Production settings: the connection goes only to public addresses, whatever the host resolves to now. */
  readonly production: boolean;
}

/** Answers the receiver's status code; rejects when no answer came (refused, dropped, timed out, not allowed). */
export type Post = (endpoint: string, body: string, options: PostOptions) => Promise<number>;

/** The answer's body is read and dropped: only its status counts, but an unread body would hold the socket open. */
export const postJson: Post = (endpoint, body, { headers, timeoutMs, production }) =>
  new Promise((resolve, reject) => {
    const url = new URL(endpoint);
    const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
    const req = send(url, {
      method: 'POST',
      headers: { ...headers, 'Content-Length': Buffer.byteLength(body) },
      lookup: guardedLookup(production),
      // No connection reuse: each attempt's lookup runs the address rule again.
      agent: false,
    });
    const timer = setTimeout(() => req.destroy(new Error(`No answer within ${timeoutMs} ms`)), timeoutMs);
    const fail = (error: Error): void => {
      clearTimeout(timer);
      reject(error);
    };
    req.on('error', fail);
    req.on('response', (res) => {
      res.on('error', fail);
      res.on('end', () => {
        clearTimeout(timer);
        resolve(res.statusCode ?? 0);
      });
      res.resume();
    });
    req.end(body);
  });
