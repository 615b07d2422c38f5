import dayjs from 'dayjs';
import { DeliveryOutcome, type DeliveryLogEntry } from './webhook-console';
import { WebhookConsoleText as T } from './webhook-console-texts';

/** How the delivery log and the rotation's notice write a time: "Nov 30, 2026 6:30:05 PM", in the browser's zone. */
export const LOG_TIME_FORMAT = 'MMM D, YYYY h:mm:ss A';

export function logTime(iso: string | null | undefined): string {
  if (!iso) return '';
  const parsed = dayjs(iso);
  return parsed.isValid() ? parsed.format(LOG_TIME_FORMAT) : '';
}

/** The status column: waiting, the receiver's HTTP status, or why no answer came. */
export function logStatus(entry: Pick<DeliveryLogEntry, 'outcome' | 'statusCode' | 'error' | 'attempt'>): string {
  if (entry.outcome === DeliveryOutcome.waiting || entry.attempt === null) return T.waiting;
  if (entry.statusCode !== null) return T.httpStatus(entry.statusCode);
  return entry.error?.trim() || T.noAnswer;
}

/** Whether the entry went well (a 2xx), for its colour: a waiting entry is neither. */
export function logTone(entry: Pick<DeliveryLogEntry, 'outcome' | 'statusCode' | 'attempt'>): 'success' | 'danger' | 'secondary' {
  if (entry.outcome === DeliveryOutcome.waiting || entry.attempt === null) return 'secondary';
  return entry.statusCode !== null && entry.statusCode >= 200 && entry.statusCode < 300 ? 'success' : 'danger';
}

export function logDuration(entry: Pick<DeliveryLogEntry, 'durationMs'>): string {
  return entry.durationMs === null ? '' : T.durationMs(Math.round(entry.durationMs));
}

/** A body as people read it: pretty JSON when it is JSON, as sent otherwise. */
export function readableBody(body: string | null | undefined): string {
  if (!body) return '';
  try {
    return JSON.stringify(JSON.parse(body), null, 2);
  } catch {
    return body;
  }
}

/** A log entry's key: its delivery and attempt (the waiting attempt has none). */
export function logEntryKey(entry: Pick<DeliveryLogEntry, 'deliveryId' | 'attempt'>): string {
  return `${entry.deliveryId}:${entry.attempt ?? 'waiting'}`;
}
