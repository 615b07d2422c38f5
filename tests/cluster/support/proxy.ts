import { createServer, get, request, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * The one address in front of the servers: a round-robin proxy written for the test, as small as a balancer gets.
 * - Each request opens its own upstream connection (`agent: false`), so no request rides a kept-alive socket into a
 *   server that is closing.
 * - A connection that fails before it is made (refused: the server is down or restarting) goes to the next server:
 *   no byte of the request left the proxy. Any later failure is answered 502 and never retried, since the request may
 *   have reached a server and a retry could do its work twice; that is the client's to decide, with its
 *   Idempotency-Key.
 * - Like any balancer it probes each server's readiness (`probePath`) every `probeMs` and sends nothing to a server
 *   whose probe fails, until one succeeds again; and an operator may take a server out by hand (`drain`) before
 *   stopping it.
 */

export interface ProxyOptions {
  readonly upstreamPorts: readonly number[];
  readonly probePath: string;
  readonly probeMs: number;
}

export interface ProxyFigures {
  /** Requests that went to another server because the connection to one could not be made. */
  readonly rerouted: number;
  /** Requests answered 502 because a server failed them after the connection was made. */
  readonly failedUpstream: number;
}

export interface RoundRobinProxy {
  readonly origin: string;
  readonly port: number;
  figures(): ProxyFigures;
  /** Requests sent to the server on `port` whose answer has not yet fully come back. */
  inFlight(port: number): number;
  /** Requests to the server on `port` whose connection is still being made (the request not yet written). */
  connecting(port: number): number;
  /** Sends no new request to the server on `port` until its readiness probe has succeeded after a failure. */
  drain(port: number): void;
  close(): Promise<void>;
}

function readBody(incoming: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
    incoming.on('end', () => resolve(Buffer.concat(chunks)));
    incoming.on('error', reject);
  });
}

/** Whether the server answers its readiness probe with a 200 (a refused connection or a 503 is not ready). */
function probe(port: number, path: string, timeoutMs: number): Promise<boolean> {
  return new Promise((resolve) => {
    const asking = get({ host: '127.0.0.1', port, path, agent: false, timeout: timeoutMs }, (answer) => {
      answer.resume();
      resolve(answer.statusCode === 200);
    });
    asking.on('timeout', () => asking.destroy());
    asking.on('error', () => resolve(false));
  });
}

export async function startProxy({ upstreamPorts, probePath, probeMs }: ProxyOptions): Promise<RoundRobinProxy> {
  let next = 0;
  let rerouted = 0;
  let failedUpstream = 0;
  const inFlight = new Map<number, number>();
  const count = (port: number, change: number) => inFlight.set(port, (inFlight.get(port) ?? 0) + change);
  const unconnected = new Map<number, number>();
  const countConnecting = (port: number, change: number) => unconnected.set(port, (unconnected.get(port) ?? 0) + change);
  /** Servers taken out of the rotation: by a failed probe, or by hand until a probe fails and a later one succeeds. */
  const out = new Set<number>();
  const drained = new Set<number>();
  let closing = false;

  async function probeAll(): Promise<void> {
    while (!closing) {
      await Promise.all(
        upstreamPorts.map(async (port) => {
          const ready = await probe(port, probePath, probeMs * 5);
          if (!ready) {
            out.add(port);
            drained.delete(port);
          } else if (!drained.has(port)) out.delete(port);
        }),
      );
      await new Promise((resolve) => setTimeout(resolve, probeMs));
    }
  }

  /** The servers in the rotation from the next one on; all of them when none is in (better a refusal than nothing). */
  function candidates(): number[] {
    const start = next;
    next = (next + 1) % upstreamPorts.length;
    const ordered = upstreamPorts.map((_, i) => upstreamPorts[(start + i) % upstreamPorts.length] ?? 0);
    const ready = ordered.filter((port) => !out.has(port));
    return ready.length ? ready : ordered;
  }

  function forward(incoming: IncomingMessage, body: Buffer, outgoing: ServerResponse, ports: readonly number[]): void {
    const [port = 0, ...rest] = ports;
    let connected = false;
    let settled = false;
    count(port, 1);
    countConnecting(port, 1);
    const settle = () => {
      if (settled) return;
      settled = true;
      count(port, -1);
      if (!connected) countConnecting(port, -1);
    };
    const upstream = request(
      {
        host: '127.0.0.1',
        port,
        method: incoming.method,
        path: incoming.url,
        headers: { ...incoming.headers, connection: 'close', 'content-length': String(body.length) },
        agent: false,
      },
      (answer) => {
        outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(outgoing);
        answer.on('end', settle);
        answer.on('error', () => {
          settle();
          outgoing.destroy();
        });
      },
    );
    upstream.on('socket', (socket) =>
      socket.once('connect', () => {
        connected = true;
        if (!settled) countConnecting(port, -1);
      }),
    );
    upstream.on('error', (error: NodeJS.ErrnoException) => {
      settle();
      // Not connected: the request was never written, so another server may take it.
      if (!connected && rest.length) {
        rerouted += 1;
        forward(incoming, body, outgoing, rest);
        return;
      }
      failedUpstream += 1;
      if (outgoing.headersSent) {
        outgoing.destroy();
        return;
      }
      outgoing.writeHead(502, { 'Content-Type': 'text/plain' });
      outgoing.end(
        `The proxy's upstream on port ${port} failed${connected ? ' after the request was sent' : ''}: ${error.code ?? error.message}`,
      );
    });
    upstream.end(body);
  }

  const server: Server = createServer((incoming, outgoing) => {
    readBody(incoming).then(
      (body) => forward(incoming, body, outgoing, candidates()),
      () => outgoing.destroy(),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const probing = probeAll();
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    port,
    figures: () => ({ rerouted, failedUpstream }),
    inFlight: (upstream) => inFlight.get(upstream) ?? 0,
    connecting: (upstream) => unconnected.get(upstream) ?? 0,
    drain: (upstream) => {
      out.add(upstream);
      drained.add(upstream);
    },
    close: async () => {
      closing = true;
      await probing;
      await new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      });
    },
  };
}
