import { randomUUID } from 'node:crypto';
import { KitStatus } from '../../../src/model/kits/kit-status';
import type { Database, Queryable } from '../../db/database';
import { DeliveryEventName, type DeliveryPayload } from '../../developers/payload';
import { queueKitNotices, type KitNoticeLinks } from '../../mail/kit-notices';
import { issueKitReports } from '../../reports/issue';

/**
 * A kit's status change, and the webhook events and notification e-mails it causes (issue 11 item 4, issue 39). The
 * kit, its history and the outbox rows are written in one transaction, so a delivery is never lost for a change that happened nor sent
 * for one that rolled back. Sending is the webhook sender's work, on its own timer: the caller never waits for it.
 */

export interface KitStatusChangeRequest {
  /** When given, a kit of another practice is as absent as none. */
  readonly practiceId?: number;
  readonly barcode: string;
  readonly status: KitStatus;
  readonly date: Date;
  /** For the notification e-mails the change may cause (result ready, replacement requested). */
  readonly links: KitNoticeLinks;
}

export interface KitStatusChange {
  readonly barcode: string;
  readonly status: number;
  readonly previousStatus: number;
  /** False when the kit already had this status: nothing was written and no event raised. */
  readonly changed: boolean;
  /** The outbox rows written, one per subscribed webhook and event. */
  readonly deliveries: number;
  /** The notification e-mails queued, one per recipient. */
  readonly messages: number;
}

interface KitRow extends Record<string, unknown> {
  id: number;
  uid: string;
  barcode: string;
  practice_id: number;
  product_id: number;
  status: number;
  status_date: Date;
}

interface ReportRow extends Record<string, unknown> {
  type: number;
  name: string;
}

interface SubscriberRow extends Record<string, unknown> {
  webhook_id: number;
  event_name: string;
}

/**
 * The kit to change, locked. A barcode is unique within its practice only (a manifest's Unique ID is the practice's
 * own name for its sample), so a change that names no practice is refused when two practices use the barcode,
 * rather than changing whichever kit came first.
 */
async function lockKit(tx: Queryable, barcode: string, practiceId: number | undefined): Promise<KitRow | undefined> {
  const kits = await tx.query<KitRow>(
    `SELECT id, uid, barcode, practice_id, product_id, status, status_date FROM kits
      WHERE barcode = $1 AND ($2::integer IS NULL OR practice_id = $2)
      FOR UPDATE`,
    [barcode, practiceId ?? null],
  );
  if (kits.length > 1) throw new Error(`Kit ${barcode} is registered by ${kits.length} practices: name the practice whose kit to change`);
  return kits[0];
}

/** The events this change raises: always KitStatusChanged, and ReportReady when the kit's results are ready. */
function eventsFor(status: number): DeliveryEventName[] {
  return status === KitStatus.ResultReady
    ? [DeliveryEventName.KitStatusChanged, DeliveryEventName.ReportReady]
    : [DeliveryEventName.KitStatusChanged];
}

function payload(
  event: DeliveryEventName,
  uid: string,
  kit: KitRow,
  status: number,
  date: Date,
  reports: readonly ReportRow[],
): DeliveryPayload {
  return {
    id: uid,
    type: event,
    createdAt: date.toISOString(),
    data: {
      kit: {
        uid: kit.uid,
        barcode: kit.barcode,
        status: { status, date: date.toISOString() },
        previousStatus: { status: kit.status, date: new Date(kit.status_date).toISOString() },
      },
      ...(event === DeliveryEventName.ReportReady ? { reports: reports.map(({ type, name }) => ({ type, name })) } : {}),
    },
  };
}

/** One pending delivery per webhook of the kit's practice subscribed to each event; answers how many. */
async function enqueue(tx: Queryable, kit: KitRow, status: number, date: Date): Promise<number> {
  const events = eventsFor(status);
  const subscribers = await tx.query<SubscriberRow>(
    `SELECT w.id AS webhook_id, e.name AS event_name
       FROM webhooks w
       JOIN webhook_subscriptions s ON s.webhook_id = w.id
       JOIN webhook_events e ON e.id = s.event_id
      WHERE w.practice_id = $1 AND e.name = ANY($2::text[])
      ORDER BY w.id, e.id`,
    [kit.practice_id, events],
  );
  if (!subscribers.length) return 0;
  const reports = events.includes(DeliveryEventName.ReportReady)
    ? await tx.query<ReportRow>('SELECT type, name FROM kit_reports WHERE kit_id = $1 ORDER BY type', [kit.id])
    : [];
  for (const { webhook_id, event_name } of subscribers) {
    const uid = randomUUID();
    const body = payload(event_name as DeliveryEventName, uid, kit, status, date, reports);
    await tx.query(
      `INSERT INTO webhook_deliveries (uid, webhook_id, practice_id, event_name, payload, next_attempt_at, created_at)
       VALUES ($1, $2, $3, $4, $5::jsonb, $6, $6)`,
      [uid, webhook_id, kit.practice_id, event_name, JSON.stringify(body), date],
    );
  }
  return subscribers.length;
}

/**
 * Sets the kit's status and status date, appends its history and writes the outbox rows of the events the change
 * raises, all in one transaction. Answers undefined when there is no such kit (in the practice, when one is given).
 */
export async function changeKitStatus(db: Database, request: KitStatusChangeRequest): Promise<KitStatusChange | undefined> {
  const { barcode, status, date, practiceId, links } = request;
  return db.transaction(async (tx) => {
    const kit = await lockKit(tx, barcode, practiceId);
    if (!kit) return undefined;
    const unchanged = { barcode: kit.barcode, status, previousStatus: kit.status, changed: false, deliveries: 0, messages: 0 };
    if (kit.status === status) return unchanged;
    await tx.query('UPDATE kits SET status = $2, status_date = $3 WHERE id = $1', [kit.id, status, date]);
    await tx.query('INSERT INTO kit_status_history (kit_id, status, date) VALUES ($1, $2, $3)', [kit.id, status, date]);
    // Results ready: the kit's reports are issued now, with the practice's logo of this moment (issue 41 item 3).
    if (status === KitStatus.ResultReady) await issueKitReports(tx, { id: kit.id, productId: kit.product_id }, date);
    const deliveries = await enqueue(tx, kit, status, date);
    const messages = await queueKitNotices(tx, { id: kit.id, practiceId: kit.practice_id, barcode: kit.barcode }, status, date, links);
    return { ...unchanged, changed: true, deliveries, messages };
  });
}
