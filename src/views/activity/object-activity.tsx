import { useQuery } from '@tanstack/react-query';
import type { ActivityObjectType } from '../../model/activity/activity';
import { ActivityText } from '../../model/activity/activity-texts';
import { objectActivityQuery } from '../../services/activity/queries';
import { ActivitySection } from './activity-section';

/** The "Activity" section of a kit's, a patient's or an order's page (issue 44): that object's latest entries. */
export function ObjectActivity({ type, id }: { type: ActivityObjectType; id: string }) {
  const activity = useQuery(objectActivityQuery(type, id));
  return (
    <ActivitySection activity={activity} title={ActivityText.section} headingId={`activity-${type}-heading`} className="activity-section" />
  );
}
