import type { ActivityEntry } from './activity';
import { ActivityText, activityWhat, actorName } from './activity-texts';

/** Issue 44: the patient's own trail, in the security tab of their Account page. */
export const MyActivityText = {
  title: 'Recent activity',
  intro: 'Your latest sign-ins, consent changes and report openings, newest first.',
} as const;

type Entry = Pick<ActivityEntry, 'actor' | 'kind' | 'object' | 'detail'>;

/** Whether the reader did it. Ids may come as digits or as numbers. */
function isReaders(entry: Entry, readerAccountId: string | number | null | undefined): boolean {
  return Boolean(entry.actor) && readerAccountId != null && String(entry.actor?.accountId) === String(readerAccountId);
}

/**
 * The entry's sentence as its reader reads it: "You signed in", "You changed your consents" for their own (the trail's
 * sentences say "their" only of the one who acted), the trail's own sentence for anyone else's.
 */
export function sentenceForReader(entry: Entry, readerAccountId: string | number | null | undefined): string {
  if (!isReaders(entry, readerAccountId)) return ActivityText.sentence(actorName(entry), activityWhat(entry));
  return ActivityText.sentence(ActivityText.you, activityWhat(entry).replace(/\btheir\b/g, 'your'));
}
