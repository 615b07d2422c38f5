import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { DeliveryHeader } from '../../../server/developers/sender';

/**
 * The practice's webhook endpoint in the test: answers every delivery 200 and counts each delivery id
 * (X-Portal-Delivery) it receives, so that a delivery sent twice by two servers, or twice by one, shows.
 */
export class WebhookReceiver {
  /** How many times each delivery id arrived. */
  readonly received = new Map<string, number>();
  private readonly server: Server = createServer((request, answer) => {
    const id = request.headers[DeliveryHeader.delivery.toLowerCase()];
    request.resume();
    request.on('end', () => {
      if (typeof id === 'string') this.received.set(id, (this.received.get(id) ?? 0) + 1);
      answer.writeHead(200, { 'Content-Type': 'text/plain' }).end('ok');
    });
  });

  async start(): Promise<this> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    return this;
  }

  get endpoint(): string {
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/hook`;
  }

  /** Deliveries that arrived more than once, with their counts. */
  duplicates(): [string, number][] {
    return [...this.received].filter(([, count]) => count > 1);
  }

  close(): Promise<void> {
    return new Promise((resolve) => {
      this.server.closeAllConnections();
      this.server.close(() => resolve());
    });
  }
}
