import { useQuery } from '@tanstack/react-query';
import type { ActivityEntry } from '../../../model/activity/activity';
import { MyActivityText, sentenceForReader } from '../../../model/activity/my-activity';
import { selectUser } from '../../../machines/auth/session.selectors';
import { myActivityQuery } from '../../../services/activity/queries';
import { ActivitySection } from '../../activity/activity-section';
import { useSession } from '../../auth/session';

/**
 * Issue 44: the patient's own trail (GET /Activity/My), their latest sign-ins, consent changes and report openings, in
 * the trail's own words, "You" for theirs.
 */
export function RecentActivity() {
  const activity = useQuery(myActivityQuery());
  const readerAccountId = useSession((snapshot) => selectUser(snapshot)?.practice?.userId ?? null);
  const sentenceOf = (entry: ActivityEntry) => sentenceForReader(entry, readerAccountId);
  return (
    <ActivitySection
      activity={activity}
      title={MyActivityText.title}
      headingId="my-activity-heading"
      className="account-activity"
      intro={MyActivityText.intro}
      sentenceOf={sentenceOf}
    />
  );
}
