import { useQuery } from '@tanstack/react-query';
import { Alert, Typography } from 'antd';
import type { ActivityObjectType } from '../../model/activity/activity';
import { ActivityText } from '../../model/activity/activity-texts';
import { isActivityUnavailable, objectActivityQuery } from '../../services/activity/queries';
import { messageOf } from '../../services/http/api-error';
import { LoadingBlock } from '../parts/loading-block';
import { Panel } from '../parts/panel';
import { ActivityEntries } from './activity-entries';
import './activity.css';

/**
 * The "Activity" section of a kit's, a patient's or an order's page (issue 44): that object's latest entries. A
 * portalApi without the trail (404) gets a plain sentence in the section; the rest of the page is untouched.
 */
export function ObjectActivity({ type, id }: { type: ActivityObjectType; id: string }) {
  const activity = useQuery(objectActivityQuery(type, id));
  const headingId = `activity-${type}-heading`;
  return (
    <Panel
      className="activity-section"
      aria-labelledby={headingId}
      title={
        <Typography.Title level={2} id={headingId} className="activity-section-title">
          {ActivityText.section}
        </Typography.Title>
      }
    >
      {activity.isPending ? (
        <LoadingBlock label={ActivityText.section} />
      ) : activity.isError ? (
        isActivityUnavailable(activity.error) ? (
          <Typography.Text type="secondary">{ActivityText.unavailable}</Typography.Text>
        ) : (
          <Alert type="error" showIcon title={ActivityText.loadFailed} description={messageOf(activity.error, ActivityText.loadFailed)} />
        )
      ) : activity.data.items.length === 0 ? (
        <Typography.Text type="secondary">{ActivityText.empty}</Typography.Text>
      ) : (
        <ActivityEntries entries={activity.data.items} label={ActivityText.section} />
      )}
    </Panel>
  );
}
