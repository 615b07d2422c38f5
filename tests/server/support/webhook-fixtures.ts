import type { KitNoticeLinks } from '../../../server/mail/kit-notices';
import { randomBytes, randomUUID } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { KitStatus } from '../../../src/model/kits/kit-status';
import type { Queryable, Row } from '../../../server/db/database';
import type { DeliveryEventName } from '../../../server/developers/payload';
import { DeliveryHeader } from '../../../server/developers/sender';

/**
 * What the webhook delivery tests share: the rows a delivery needs, inserted in plain SQL as the webhook settings
 * would write them (so the tests depend on nothing but the 009 migration), the outbox read back, and a local
 * receiver that answers as a test scripts it.
 */

/** The two events (kits §3 "Webhook event"), unless the seed has them already. */
export async function ensureEvents(db: Queryable): Promise<void> {
  await db.query(
    `INSERT INTO webhook_events (id, name, type, full_name, description) VALUES
       (1, 'KitStatusChanged', 'Kit', 'Kit status changed', 'A kit moved to another status'),
       (2, 'ReportReady', 'Report', 'Report ready', 'A kit''s results are ready')
     ON CONFLICT DO NOTHING`,
  );
}

/** The practice's webhook secret, as GET /Webhooks/Secret answers it; a developer settings row is made when there is none. */
export async function webhookSecret(db: Queryable, practiceId: number): Promise<string> {
  await db.query(
    `INSERT INTO practice_developer_settings (practice_id, schema_name, api_key_salt, api_key_hash, api_key_last_four, webhook_secret, created_at)
     VALUES ($1, $2, $3, $4, 'test', $5, now())
     ON CONFLICT (practice_id) DO NOTHING`,
    [practiceId, `test_${randomUUID()}`, randomUUID(), randomUUID(), `whsec_${randomBytes(24).toString('hex')}`],
  );
  const [row] = await db.query<{ webhook_secret: string }>(
    'SELECT webhook_secret FROM practice_developer_settings WHERE practice_id = $1',
    [practiceId],
  );
  if (!row) throw new Error(`Practice ${practiceId} has no developer settings`);
  return row.webhook_secret;
}

/** A webhook of the practice at `endpoint`, subscribed to `events`; answers its row id. */
export async function addWebhook(
  db: Queryable,
  practiceId: number,
  endpoint: string,
  events: readonly DeliveryEventName[],
): Promise<number> {
  await ensureEvents(db);
  const [webhook] = await db.query<{ id: number }>(
    'INSERT INTO webhooks (uid, practice_id, endpoint, created_at) VALUES ($1, $2, $3, now()) RETURNING id',
    [randomUUID(), practiceId, endpoint],
  );
  if (!webhook) throw new Error('The webhook was not inserted');
  await db.query(
    `INSERT INTO webhook_subscriptions (webhook_id, event_id) SELECT $1, id FROM webhook_events WHERE name = ANY($2::text[])`,
    [webhook.id, events],
  );
  return webhook.id;
}

/** A kit of the practice that is not ResultReady, and a status it does not have that raises no ReportReady. */
export async function kitToMove(db: Queryable, practiceId: number, skip = 0): Promise<{ barcode: string; status: KitStatus }> {
  const [kit] = await db.query<{ barcode: string; status: number }>(
    'SELECT barcode, status FROM kits WHERE practice_id = $1 AND status <> $2 ORDER BY barcode OFFSET $3 LIMIT 1',
    [practiceId, KitStatus.ResultReady, skip],
  );
  if (!kit) throw new Error(`Practice ${practiceId} has no kit to move`);
  return { barcode: kit.barcode, status: kit.status === KitStatus.Disposed ? KitStatus.ReplacementRequested : KitStatus.Disposed };
}

export interface DeliveryRow extends Row {
  id: number;
  uid: string;
  event_name: string;
  state: string;
  attempts: number;
  next_attempt_at: Date;
  locked_until: Date | null;
  payload: unknown;
}

export async function deliveries(db: Queryable): Promise<DeliveryRow[]> {
  return db.query<DeliveryRow>('SELECT * FROM webhook_deliveries ORDER BY id');
}

export interface AttemptRow extends Row {
  attempt: number;
  status_code: number | null;
  error: string | null;
  duration_ms: number;
}

export async function attemptsOf(db: Queryable, deliveryId: number): Promise<AttemptRow[]> {
  return db.query<AttemptRow>(
    'SELECT attempt, status_code, error, duration_ms FROM webhook_delivery_attempts WHERE delivery_id = $1 ORDER BY attempt',
    [deliveryId],
  );
}

// ---------------------------------------------------------------------------------------------------------------
// A receiver on 127.0.0.1 that answers as scripted.

/** How the receiver answers one request: a status, a dropped connection, or a status after a wait. */
export type Answer = number | 'drop' | { readonly status: number; readonly afterMs: number };

export interface Hit {
  readonly headers: IncomingHttpHeaders;
  readonly body: string;
  /** When the receiver sent its answer (performance.now()). */
  readonly answeredAt: number;
}

export class Receiver {
  readonly hits: Hit[] = [];
  private readonly script: Answer[];
  private server: Server | undefined;

  /** Answers in `script` order, then `fallback` to every later request. */
  constructor(
    script: readonly Answer[] = [],
    private readonly fallback: Answer = 200,
  ) {
    this.script = [...script];
  }

  async start(): Promise<string> {
    this.server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        const answer = this.script.shift() ?? this.fallback;
        const body = Buffer.concat(chunks).toString('utf8');
        if (answer === 'drop') {
          this.hits.push({ headers: req.headers, body, answeredAt: performance.now() });
          req.socket.destroy();
          return;
        }
        const { status, afterMs } = typeof answer === 'number' ? { status: answer, afterMs: 0 } : answer;
        setTimeout(() => {
          this.hits.push({ headers: req.headers, body, answeredAt: performance.now() });
          res.writeHead(status, { 'Content-Type': 'text/plain' }).end('ok');
        }, afterMs);
      });
    });
    const server = this.server;
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return this.url('http');
  }

  url(protocol: 'http' | 'https'): string {
    const { port } = this.server?.address() as AddressInfo;
    return `${protocol}://127.0.0.1:${port}/hooks`;
  }

  /** Hits per delivery id. */
  countByDelivery(): Map<string, number> {
    const counts = new Map<string, number>();
    for (const hit of this.hits) {
      const id = String(hit.headers[DeliveryHeader.delivery.toLowerCase()]);
      counts.set(id, (counts.get(id) ?? 0) + 1);
    }
    return counts;
  }

  async close(): Promise<void> {
    const server = this.server;
    if (!server) return;
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
}

export function header(hit: Hit, name: string): string {
  const value = hit.headers[name.toLowerCase()];
  return Array.isArray(value) ? value.join(',') : (value ?? '');
}

/** The links a kit's notification e-mails carry, for status changes made directly through the store. */
export const NOTICE_LINKS: KitNoticeLinks = { publicUrl: 'http://localhost', signingKey: new Uint8Array(32).fill(7) };
