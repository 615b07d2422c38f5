import { csvField } from '../orders/manifest-formulas';
import type { ActivityEntry } from './activity';
import { activityKindName, activityWhat, actorName } from './activity-texts';

/**
 * The trail as a CSV file (issue 44: "exportable as CSV (formula-safe)"). Labels, names and addresses come from
 * people and callers, so every field goes through csvField (issue 37 item 7's one rule): a cell starting with
 * = + - @ (or a tab or carriage return) gets a leading apostrophe, then quotes as RFC 4180 says.
 */
export const ACTIVITY_CSV_HEADER = [
  'When (UTC)',
  'Who',
  'Account id',
  'What',
  'Kind',
  'Object type',
  'Object id',
  'Object',
  'Detail',
  'Address',
  'Correlation id',
] as const;

export function activityCsvRow(entry: ActivityEntry): string {
  const fields = [
    entry.at,
    actorName(entry),
    entry.actor ? String(entry.actor.accountId) : '',
    activityWhat(entry),
    activityKindName(entry.kind),
    entry.object.type,
    entry.object.id,
    entry.object.label,
    entry.detail ?? '',
    entry.address ?? '',
    entry.correlationId ?? '',
  ];
  return fields.map(csvField).join(',');
}

export function activityCsv(entries: readonly ActivityEntry[]): string {
  return [ACTIVITY_CSV_HEADER.map(csvField).join(','), ...entries.map(activityCsvRow)].join('\r\n') + '\r\n';
}
