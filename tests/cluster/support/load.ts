import { setTimeout as sleep } from 'node:timers/promises';
import { DEMO_PASSWORD } from '../../../server/seed/seed';
import { KitStatus } from '../../../src/model/kits/kit-status';
import { orderFor } from '../../server/support/crash-invariants';

/**
 * The steady load of the rolling-restart test: virtual users, each from an address of its own, sending mixed reads
 * and writes through the proxy back to back until told to stop. Every request is counted; any answer other than the
 * one expected (a 2xx), and any network error, is a failure. A user whose order request fails sends it again with
 * the same Idempotency-Key, as a client should, so that the database can show each order stored once.
 */

/** Every Idempotency-Key the load sends starts so (and rides in the order's address, see crash-invariants). */
export const CLUSTER_KEY_PREFIX = 'cluster-';
/** A kit moves between these two: the second asks for a replacement, which mails the practice's team. */
const KIT_STATUSES = [KitStatus.SampleReceived, KitStatus.ReplacementRequested] as const;
/** A failed order is sent again with its key this many times at most, a little apart. */
const ORDER_RETRIES = 20;
const ORDER_RETRY_PAUSE_MS = 200;
/** Between two requests of one user: a steady load, not a flood that would starve two shared cores. */
const THINK_MS = 15;
const REQUEST_TIMEOUT_MS = 30_000;

export type Action = 'signIn' | 'refresh' | 'kits' | 'orders' | 'placeOrder' | 'kitStatus' | 'forgotPassword';

export interface Failure {
  readonly action: Action;
  readonly at: number;
  readonly what: string;
}

export interface LoadOptions {
  readonly origin: string;
  readonly users: number;
  readonly username: string;
  readonly practiceId: number;
  /** One kit per user, each moved by its user only. */
  readonly barcodes: readonly string[];
  /** Accounts whose restore mails the load asks for, each at most `forgotPerUsername` times in all. */
  readonly forgotUsernames: readonly string[];
  readonly forgotPerUsername: number;
}

export interface LoadReport {
  readonly sent: number;
  readonly byAction: Readonly<Record<Action, number>>;
  readonly failures: readonly Failure[];
  /** Keys whose order was answered 2xx, with the order number answered. */
  readonly ordersAnswered: ReadonlyMap<string, string>;
  /** Keys sent, answered or not. */
  readonly keysSent: ReadonlySet<string>;
  /** Kit status changes answered, and the webhook deliveries and e-mails they said they queued. */
  readonly kitChanges: number;
  readonly kitDeliveries: number;
  readonly kitMessages: number;
  readonly restoreRequests: number;
}

const json = { 'Content-Type': 'application/json' };

export class Load {
  private stopped = false;
  private running: Promise<void>[] = [];
  private sent = 0;
  private readonly byAction: Record<Action, number> = {
    signIn: 0,
    refresh: 0,
    kits: 0,
    orders: 0,
    placeOrder: 0,
    kitStatus: 0,
    forgotPassword: 0,
  };
  private readonly failures: Failure[] = [];
  private readonly ordersAnswered = new Map<string, string>();
  private readonly keysSent = new Set<string>();
  private keys = 0;
  private kitChanges = 0;
  private kitDeliveries = 0;
  private kitMessages = 0;
  private readonly forgotQueue: string[];
  private readonly started = Date.now();

  constructor(private readonly options: LoadOptions) {
    this.forgotQueue = Array.from({ length: options.forgotPerUsername }, () => options.forgotUsernames).flat();
  }

  start(): void {
    this.running = Array.from({ length: this.options.users }, (_, index) => this.user(index));
  }

  async stop(): Promise<LoadReport> {
    this.stopped = true;
    await Promise.all(this.running);
    return {
      sent: this.sent,
      byAction: { ...this.byAction },
      failures: [...this.failures],
      ordersAnswered: new Map(this.ordersAnswered),
      keysSent: new Set(this.keysSent),
      kitChanges: this.kitChanges,
      kitDeliveries: this.kitDeliveries,
      kitMessages: this.kitMessages,
      restoreRequests: this.options.forgotUsernames.length * this.options.forgotPerUsername - this.forgotQueue.length,
    };
  }

  /**
   * One request through the proxy: the answer's body when its status is a 2xx, else undefined and a failure recorded.
   */
  private async call(action: Action, address: string, path: string, init: RequestInit = {}): Promise<unknown> {
    this.sent += 1;
    this.byAction[action] += 1;
    const at = Date.now() - this.started;
    try {
      const answer = await fetch(`${this.options.origin}/portalApi${path}`, {
        ...init,
        headers: { ...json, 'X-Forwarded-For': address, ...(init.headers as Record<string, string> | undefined) },
        signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
      });
      const text = await answer.text();
      if (answer.status >= 200 && answer.status < 300) return text ? (JSON.parse(text) as unknown) : null;
      this.failures.push({ action, at, what: `${init.method ?? 'GET'} ${path} answered ${answer.status}: ${text.slice(0, 200)}` });
    } catch (error) {
      this.failures.push({ action, at, what: `${init.method ?? 'GET'} ${path} failed: ${String(error)}` });
    }
    return undefined;
  }

  private async signIn(address: string): Promise<{ access: string; refresh: string } | undefined> {
    const body = { username: this.options.username, password: DEMO_PASSWORD, rememberMe: true };
    const session = (await this.call('signIn', address, '/Auth', { method: 'POST', body: JSON.stringify(body) })) as
      { accessToken: { token: string }; refreshToken?: { token: string } | null } | undefined;
    if (!session?.refreshToken) return undefined;
    return { access: session.accessToken.token, refresh: session.refreshToken.token };
  }

  /** Places the order under a new key, sending it again with the same key until it is answered 2xx. */
  private async placeOrder(address: string, access: string): Promise<void> {
    const key = `${CLUSTER_KEY_PREFIX}${++this.keys}`;
    this.keysSent.add(key);
    for (let attempt = 0; attempt < ORDER_RETRIES; attempt++) {
      const order = (await this.call('placeOrder', address, '/Orders/', {
        method: 'POST',
        headers: { Authorization: `Bearer ${access}`, 'Idempotency-Key': key },
        body: JSON.stringify(orderFor(key)),
      })) as { number: string } | undefined;
      if (order) {
        this.ordersAnswered.set(key, order.number);
        return;
      }
      await sleep(ORDER_RETRY_PAUSE_MS);
    }
  }

  private async user(index: number): Promise<void> {
    // A user's own address: the throttles count it as one person's, not the whole load's.
    const address = `10.43.0.${index + 1}`;
    const barcode = this.options.barcodes[index % this.options.barcodes.length] ?? '';
    let tokens = await this.signIn(address);
    let round = 0;
    while (!this.stopped) {
      round += 1;
      if (!tokens) {
        tokens = await this.signIn(address);
        await sleep(THINK_MS);
        continue;
      }
      const auth = { Authorization: `Bearer ${tokens.access}` };
      switch (round % 8) {
        case 0: {
          const renewed = (await this.call('refresh', address, '/Auth/refresh', {
            method: 'POST',
            body: JSON.stringify({ refreshToken: tokens.refresh }),
          })) as { accessToken: { token: string }; refreshToken: { token: string } } | undefined;
          // A refused refresh leaves the user signed out: it signs in again on its next round.
          tokens = renewed ? { access: renewed.accessToken.token, refresh: renewed.refreshToken.token } : undefined;
          break;
        }
        case 1:
        case 5:
          await this.call('kits', address, '/Kits?page=1&pageSize=10', { headers: auth });
          break;
        case 2:
        case 6:
          await this.call('orders', address, '/Orders?page=1&pageSize=10', { headers: auth });
          break;
        case 3:
          await this.placeOrder(address, tokens.access);
          break;
        case 4: {
          const status = KIT_STATUSES[Math.floor(round / 8) % KIT_STATUSES.length];
          const change = (await this.call('kitStatus', address, `/__test/kits/${encodeURIComponent(barcode)}/status`, {
            method: 'POST',
            body: JSON.stringify({ status, practiceId: this.options.practiceId }),
          })) as { deliveries: number; messages: number } | undefined;
          if (change) {
            this.kitChanges += 1;
            this.kitDeliveries += change.deliveries;
            this.kitMessages += change.messages;
          }
          break;
        }
        case 7: {
          const username = this.forgotQueue.shift();
          if (username)
            await this.call('forgotPassword', address, '/Auth/Password/Forgot', { method: 'POST', body: JSON.stringify({ username }) });
          else tokens = await this.signIn(address);
          break;
        }
      }
      await sleep(THINK_MS);
    }
  }
}
