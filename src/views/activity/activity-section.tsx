import type { UseQueryResult } from '@tanstack/react-query';
import { Alert, Typography } from 'antd';
import type { ActivityEntry, ActivityPage } from '../../model/activity/activity';
import { ActivityText } from '../../model/activity/activity-texts';
import { isActivityUnavailable } from '../../services/activity/queries';
import { messageOf } from '../../services/http/api-error';
import { LoadingBlock } from '../parts/loading-block';
import { Panel } from '../parts/panel';
import { ActivityEntries } from './activity-entries';
import './activity.css';

interface ActivitySectionProps {
  readonly activity: UseQueryResult<ActivityPage>;
  readonly title: string;
  readonly headingId: string;
  readonly className: string;
  /** A line above the entries, once there are some. */
  readonly intro?: string;
  readonly sentenceOf?: (entry: ActivityEntry) => string;
}

/**
 * A titled section of the trail's latest entries (issue 44): an object's on its page, a patient's own on their
 * Account page. A portalApi without the trail (404) gets a plain sentence in the section; the rest of the page is
 * untouched.
 */
export function ActivitySection({ activity, title, headingId, className, intro, sentenceOf }: ActivitySectionProps) {
  return (
    <Panel
      className={className}
      aria-labelledby={headingId}
      title={
        <Typography.Title level={2} id={headingId} className="activity-section-title">
          {title}
        </Typography.Title>
      }
    >
      {activity.isPending ? (
        <LoadingBlock label={title} />
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
          {intro ? <Typography.Paragraph type="secondary">{intro}</Typography.Paragraph> : null}
          <ActivityEntries entries={activity.data.items} label={title} sentenceOf={sentenceOf} />
        </>
      )}
    </Panel>
  );
}
