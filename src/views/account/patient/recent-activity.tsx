import { useQuery } from '@tanstack/react-query';
import { Alert, Typography } from 'antd';
import type { ActivityEntry } from '../../../model/activity/activity';
import { ActivityText } from '../../../model/activity/activity-texts';
import { MyActivityText, sentenceForReader } from '../../../model/activity/my-activity';
import { selectUser } from '../../../machines/auth/session.selectors';
import { isActivityUnavailable, myActivityQuery } from '../../../services/activity/queries';
import { messageOf } from '../../../services/http/api-error';
import { ActivityEntries } from '../../activity/activity-entries';
import { useSession } from '../../auth/session';
import { LoadingBlock } from '../../parts/loading-block';
import { Panel } from '../../parts/panel';
import '../../activity/activity.css';

/**
 * Issue 44: the patient's own trail (GET /Activity/My), their latest sign-ins, consent changes and report openings, in
 * the trail's own words, "You" for theirs. A portalApi without the call (404) gets a plain sentence here; the rest
 * of the page is untouched.
 */
export function RecentActivity() {
  const activity = useQuery(myActivityQuery());
  const readerAccountId = useSession((snapshot) => selectUser(snapshot)?.practice?.userId ?? null);
  const sentenceOf = (entry: ActivityEntry) => sentenceForReader(entry, readerAccountId);
  return (
    <Panel
      className="account-activity"
      aria-labelledby="my-activity-heading"
      title={
        <Typography.Title level={2} id="my-activity-heading" className="activity-section-title">
          {MyActivityText.title}
        </Typography.Title>
      }
    >
      {activity.isPending ? (
        <LoadingBlock label={MyActivityText.title} />
      ) : activity.isError ? (
        isActivityUnavailable(activity.error) ? (
          <Typography.Text type="secondary">{ActivityText.unavailable}</Typography.Text>
        ) : (
          <Alert type="error" showIcon title={ActivityText.loadFailed} description={messageOf(activity.error, ActivityText.loadFailed)} />
        )
      ) : activity.data.items.length === 0 ? (
        <Typography.Text type="secondary">{ActivityText.empty}</Typography.Text>
      ) : (
        <>
          <Typography.Paragraph type="secondary">{MyActivityText.intro}</Typography.Paragraph>
          <ActivityEntries entries={activity.data.items} label={MyActivityText.title} sentenceOf={sentenceOf} />
        </>
      )}
    </Panel>
  );
}
