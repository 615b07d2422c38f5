import * as v from 'valibot';
import { IdSchema } from '../id';
import { isoDateTime, optionalText } from '../schema';
import { pagedAnswer, SortDirection, type ListQuery, type ListSort } from '../lists/paging';

/**
 * Issue 44 item 1: the activity trail. An entry says who did what to which object, when, from which address and in
 * which request (its correlationId). Shared by the server (which writes and lists it) and the app (which shows it).
 */

/**
 * What happened. Each area adds its own kinds here; the trail stores the text, so a kind is never renamed (old rows
 * keep it), and a kind this app does not know yet is still shown (activityTexts names it plainly).
 */
export const ActivityKind = {
  reportLinkIssued: 'report.linkIssued',
  reportOpened: 'report.opened',
  diagnosticsOpened: 'diagnostics.opened',
  patientViewed: 'patient.viewed',
  patientCreated: 'patient.created',
  patientEdited: 'patient.edited',
  patientDeleted: 'patient.deleted',
  patientConsentsChanged: 'patient.consentsChanged',
  ownConsentsChanged: 'account.consentsChanged',
  orderPlaced: 'order.placed',
  orderCancelled: 'order.cancelled',
  manifestUploaded: 'manifest.uploaded',
  analysisUploaded: 'analysis.uploaded',
  signedIn: 'account.signedIn',
  signInFailed: 'account.signInFailed',
  signInThrottled: 'account.signInThrottled',
  passwordChanged: 'account.passwordChanged',
  passwordRestored: 'account.passwordRestored',
  accountSwitched: 'account.switched',
  migrated: 'account.migrated',
  twoStepTurnedOn: 'account.twoStepTurnedOn',
  twoStepTurnedOff: 'account.twoStepTurnedOff',
  deactivated: 'account.deactivated',
  memberAdded: 'team.memberAdded',
  memberEdited: 'team.memberEdited',
  memberDeleted: 'team.memberDeleted',
  notificationsChanged: 'team.notificationsChanged',
  practiceChanged: 'practice.changed',
  billingChanged: 'practice.billingChanged',
  whiteLabelChanged: 'practice.whiteLabelChanged',
  twoStepRequirementChanged: 'practice.twoStepRequirementChanged',
  apiKeyShown: 'developers.apiKeyShown',
  apiKeyRegenerated: 'developers.apiKeyRegenerated',
  webhookSecretShown: 'developers.webhookSecretShown',
  webhookSecretRotated: 'developers.webhookSecretRotated',
  webhookAdded: 'webhook.added',
  webhookEdited: 'webhook.edited',
  webhookDeleted: 'webhook.deleted',
  webhookTestSent: 'webhook.testSent',
  webhookDeliveryResent: 'webhook.deliveryResent',
} as const;
export type ActivityKind = (typeof ActivityKind)[keyof typeof ActivityKind];
export const ACTIVITY_KINDS: readonly ActivityKind[] = Object.values(ActivityKind);

/** The kinds of object an entry names; a kit's, a patient's and an order's page show the entries naming them. */
export const ActivityObjectType = {
  kit: 'kit',
  patient: 'patient',
  order: 'order',
  account: 'account',
  practice: 'practice',
  webhook: 'webhook',
  upload: 'upload',
  /** A member of the practice's team (not the signed-in person's own account, which is `account`). */
  member: 'member',
} as const;
export type ActivityObjectType = (typeof ActivityObjectType)[keyof typeof ActivityObjectType];

/** How long the trail keeps an entry unless ACTIVITY_RETENTION_DAYS says otherwise: six years (HIPAA's documents). */
export const DEFAULT_ACTIVITY_RETENTION_DAYS = 6 * 365 + 2;

/** One entry as GET /Activity answers it; read leniently, as every answer is. */
export const ActivityEntrySchema = v.object({
  id: IdSchema,
  at: isoDateTime,
  kind: v.pipe(v.string(), v.description('What happened, e.g. report.opened')),
  actor: v.nullish(
    v.object({
      accountId: IdSchema,
      /** The account's name now; null once the person is gone (the trail keeps no copy of it). */
      name: optionalText,
    }),
    null,
  ),
  object: v.object({
    type: v.string(),
    id: v.string(),
    label: v.string(),
  }),
  detail: optionalText,
  address: optionalText,
  correlationId: optionalText,
});
export type ActivityEntry = v.InferOutput<typeof ActivityEntrySchema>;

export const ActivityPageSchema = pagedAnswer(ActivityEntrySchema);
export type ActivityPage = v.InferOutput<typeof ActivityPageSchema>;

/** The trail's columns as the list query names them (sort and filters). */
export const ActivityColumn = {
  at: 'at',
  actor: 'actor',
  kind: 'kind',
  objectType: 'objectType',
  objectId: 'objectId',
  object: 'object',
} as const;
export type ActivityColumn = (typeof ActivityColumn)[keyof typeof ActivityColumn];
export const ACTIVITY_COLUMNS: readonly ActivityColumn[] = Object.values(ActivityColumn);

export const ACTIVITY_PAGE_SIZE = 20;
/** An object's section on its page shows its latest entries. */
export const OBJECT_ACTIVITY_PAGE_SIZE = 10;
/** The CSV export holds at most this many entries (the newest that match); a narrower filter gets the rest. */
export const ACTIVITY_EXPORT_MAX_ROWS = 10_000;
export const DEFAULT_ACTIVITY_SORT: ListSort<ActivityColumn> = { column: ActivityColumn.at, direction: SortDirection.desc };

export type ActivityListQuery = ListQuery<ActivityColumn>;

/** The filters that pick one object's entries (the kit's, patient's or order's page). */
export function objectFilters(type: ActivityObjectType, id: string) {
  return [
    { column: ActivityColumn.objectType, operator: 'equals', value: type },
    { column: ActivityColumn.objectId, operator: 'equals', value: id },
  ] as const;
}
