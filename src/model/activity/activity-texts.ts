import dayjs from 'dayjs';
import { ActivityKind, ActivityObjectType, type ActivityEntry } from './activity';
import { formatCount } from '../number-format';

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
  [ActivityObjectType.member]: 'team member',
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
  [ActivityKind.signedIn]: () => 'signed in',
  [ActivityKind.signInFailed]: () => 'tried to sign in with a wrong password or code',
  [ActivityKind.signInThrottled]: () => 'reached the limit of sign-in attempts',
  [ActivityKind.passwordChanged]: () => 'changed their password',
  [ActivityKind.passwordRestored]: () => 'set a new password from an e-mailed link',
  [ActivityKind.accountSwitched]: (entry) => `switched to ${entry.object.label}`,
  [ActivityKind.migrated]: () => 'moved their account to the new portal',
  [ActivityKind.twoStepTurnedOn]: () => 'turned on two-step sign-in',
  [ActivityKind.twoStepTurnedOff]: () => 'turned off two-step sign-in',
  [ActivityKind.deactivated]: () => 'deactivated their account',
  [ActivityKind.memberAdded]: (entry) => `added ${entry.object.label} to the team`,
  [ActivityKind.memberEdited]: (entry) => `edited the team member ${entry.object.label}`,
  [ActivityKind.memberDeleted]: (entry) => `removed ${entry.object.label} from the team`,
  [ActivityKind.notificationsChanged]: (entry) => `changed the notifications of ${entry.object.label}`,
  [ActivityKind.practiceChanged]: (entry) => (entry.detail ? `changed the ${entry.detail} of the practice` : 'changed the practice'),
  [ActivityKind.billingChanged]: (entry) => (entry.detail ? `changed the ${entry.detail}` : 'changed the billing settings'),
  [ActivityKind.whiteLabelChanged]: () => 'changed the white-label settings',
  [ActivityKind.twoStepRequirementChanged]: (entry) =>
    entry.detail ? `${entry.detail} two-step sign-in for every member` : 'changed the two-step sign-in requirement',
  // GET /Webhooks/TokenSchema and /Webhooks/Secret answer the whole value and the browser masks it, so the server
  // knows the page loaded it, not that the person revealed it: the sentence says only that.
  [ActivityKind.apiKeyShown]: () => 'opened the API key',
  [ActivityKind.apiKeyRegenerated]: () => 'regenerated the API key',
  [ActivityKind.webhookSecretShown]: () => 'opened the webhook secret',
  [ActivityKind.webhookSecretRotated]: () => 'rotated the webhook secret',
  [ActivityKind.webhookAdded]: (entry) => `added the webhook ${entry.object.label}`,
  [ActivityKind.webhookEdited]: (entry) => `edited the webhook ${entry.object.label}`,
  [ActivityKind.webhookDeleted]: (entry) => `deleted the webhook ${entry.object.label}`,
  [ActivityKind.webhookTestSent]: (entry) => `sent a test event to ${entry.object.label}`,
  [ActivityKind.webhookDeliveryResent]: (entry) => `resent a delivery to ${entry.object.label}`,
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
  [ActivityKind.signedIn]: 'Signed in',
  [ActivityKind.signInFailed]: 'Sign-in failed',
  [ActivityKind.signInThrottled]: 'Sign-in stopped after too many attempts',
  [ActivityKind.passwordChanged]: 'Password changed',
  [ActivityKind.passwordRestored]: 'Password set from a link',
  [ActivityKind.accountSwitched]: 'Account switched',
  [ActivityKind.migrated]: 'Account moved to the new portal',
  [ActivityKind.twoStepTurnedOn]: 'Two-step sign-in turned on',
  [ActivityKind.twoStepTurnedOff]: 'Two-step sign-in turned off',
  [ActivityKind.deactivated]: 'Account deactivated',
  [ActivityKind.memberAdded]: 'Team member added',
  [ActivityKind.memberEdited]: 'Team member edited',
  [ActivityKind.memberDeleted]: 'Team member removed',
  [ActivityKind.notificationsChanged]: 'Notifications changed',
  [ActivityKind.practiceChanged]: 'Practice settings changed',
  [ActivityKind.billingChanged]: 'Billing settings changed',
  [ActivityKind.whiteLabelChanged]: 'White-label settings changed',
  [ActivityKind.twoStepRequirementChanged]: 'Two-step requirement changed',
  [ActivityKind.apiKeyShown]: 'API key opened',
  [ActivityKind.apiKeyRegenerated]: 'API key regenerated',
  [ActivityKind.webhookSecretShown]: 'Webhook secret opened',
  [ActivityKind.webhookSecretRotated]: 'Webhook secret rotated',
  [ActivityKind.webhookAdded]: 'Webhook added',
  [ActivityKind.webhookEdited]: 'Webhook edited',
  [ActivityKind.webhookDeleted]: 'Webhook deleted',
  [ActivityKind.webhookTestSent]: 'Webhook test event sent',
  [ActivityKind.webhookDeliveryResent]: 'Webhook delivery resent',
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
  exportTooMany: (max: number) => `The export holds the newest ${formatCount(max)} entries that match; narrow the filters for older ones.`,
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
