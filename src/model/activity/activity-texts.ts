import dayjs from 'dayjs';
import { ActivityKind, ActivityObjectType, type ActivityEntry } from './activity';

/**
 * The trail's words (issue 44): each entry as a sentence, "opened report TruAge of KT-1234", beside who and when.
 * Plain English: never a kind's code, which the server stores; a kind added later by another area and not named here
 * yet still reads as a sentence ("did something to …").
 */

const objectWords: Readonly<Record<string, string>> = {
  [ActivityObjectType.kit]: 'kit',
  [ActivityObjectType.patient]: 'patient',
  [ActivityObjectType.order]: 'order',
  [ActivityObjectType.account]: 'account',
  [ActivityObjectType.practice]: 'practice',
  [ActivityObjectType.webhook]: 'webhook',
  [ActivityObjectType.upload]: 'upload',
};

type Sentence = (entry: Pick<ActivityEntry, 'object' | 'detail'>) => string;

const reportOf = (entry: Pick<ActivityEntry, 'object' | 'detail'>) =>
  `report ${entry.detail ?? ''} of ${entry.object.label}`.replace('  ', ' ');

const sentences: Readonly<Record<string, Sentence>> = {
  [ActivityKind.reportLinkIssued]: (entry) => `asked for a link to ${reportOf(entry)}`,
  [ActivityKind.reportOpened]: (entry) => `opened ${reportOf(entry)}`,
  [ActivityKind.diagnosticsOpened]: (entry) =>
    `opened the diagnostics file ${entry.detail ?? ''} of ${entry.object.label}`.replace('  ', ' '),
  [ActivityKind.patientViewed]: (entry) => `viewed ${entry.object.label}`,
  [ActivityKind.patientCreated]: (entry) => `added ${entry.object.label}`,
  [ActivityKind.patientEdited]: (entry) => `edited ${entry.object.label}`,
  [ActivityKind.patientDeleted]: (entry) => `deleted ${entry.object.label}`,
  [ActivityKind.patientConsentsChanged]: (entry) => `changed the consents of ${entry.object.label}`,
  [ActivityKind.ownConsentsChanged]: () => 'changed their consents',
  [ActivityKind.orderPlaced]: (entry) => `placed order ${entry.object.label}`,
  [ActivityKind.orderCancelled]: (entry) => `cancelled order ${entry.object.label}`,
  [ActivityKind.manifestUploaded]: (entry) => `uploaded a manifest, order ${entry.object.label}`,
  [ActivityKind.analysisUploaded]: (entry) => `started uploading the analysis archive ${entry.object.label}`,
};

/** The kinds' names in the filter's choice and the CSV. */
export const ActivityKindText: Readonly<Record<string, string>> = {
  [ActivityKind.reportLinkIssued]: 'Report link issued',
  [ActivityKind.reportOpened]: 'Report opened',
  [ActivityKind.diagnosticsOpened]: 'Diagnostics file opened',
  [ActivityKind.patientViewed]: 'Patient viewed',
  [ActivityKind.patientCreated]: 'Patient added',
  [ActivityKind.patientEdited]: 'Patient edited',
  [ActivityKind.patientDeleted]: 'Patient deleted',
  [ActivityKind.patientConsentsChanged]: 'Patient consents changed',
  [ActivityKind.ownConsentsChanged]: 'Own consents changed',
  [ActivityKind.orderPlaced]: 'Order placed',
  [ActivityKind.orderCancelled]: 'Order cancelled',
  [ActivityKind.manifestUploaded]: 'Manifest uploaded',
  [ActivityKind.analysisUploaded]: 'Analysis uploaded',
};

export const ActivityText = {
  tab: 'Activity',
  title: 'Activity',
  section: 'Activity',
  intro: 'Who opened, changed or shared what in this practice, newest first.',
  unavailable: 'Activity is not available here.',
  loadFailed: 'The activity could not be loaded.',
  retry: 'Try again',
  empty: 'No activity yet.',
  loadMore: 'Show more',
  export: 'Export CSV',
  exporting: 'Exporting…',
  exportFailed: 'The activity could not be exported. Try again.',
  exportTooMany: (max: number) =>
    `The export holds the newest ${max.toLocaleString('en-US')} entries that match; narrow the filters for older ones.`,
  someone: 'Someone with a link',
  formerMember: 'A former member',
  you: 'You',
  columns: { at: 'When', actor: 'Who', kind: 'What', object: 'Object', objectType: 'Object type', objectId: 'Object id' },
  /** "Dr Ann Lee opened report TruAge of KT-1234". */
  sentence: (who: string, what: string) => `${who} ${what}`,
} as const;

/** The account's name, or who acted when no name is known. */
export function actorName(entry: Pick<ActivityEntry, 'actor'>): string {
  if (!entry.actor) return ActivityText.someone;
  return entry.actor.name?.trim() || ActivityText.formerMember;
}

/** What the entry says happened, without who: "opened report TruAge of KT-1234". */
export function activityWhat(entry: Pick<ActivityEntry, 'kind' | 'object' | 'detail'>): string {
  const sentence = sentences[entry.kind];
  if (sentence) return sentence(entry);
  return `did something to the ${objectWords[entry.object.type] ?? 'item'} ${entry.object.label}`;
}

export function activityKindName(kind: string): string {
  return ActivityKindText[kind] ?? 'Other';
}

/** "Nov 30, 2026 6:40 PM", the orders' date format. */
export function formatActivityTime(at: string): string {
  const parsed = dayjs(at);
  return parsed.isValid() ? parsed.format('MMM D, YYYY h:mm A') : '';
}
