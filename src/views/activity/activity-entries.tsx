import { Typography } from 'antd';
import type { ActivityEntry } from '../../model/activity/activity';
import { activityWhat, actorName, ActivityText, formatActivityTime } from '../../model/activity/activity-texts';
import './activity.css';

/** The entries as sentences, "Ava Morgan opened report TruAge of KT-11-0001", each with when it happened. */
export function ActivityEntries({ entries, label }: { entries: readonly ActivityEntry[]; label: string }) {
  return (
    <ul className="activity-entries" aria-label={label}>
      {entries.map((entry) => (
        <li key={String(entry.id)} className="activity-entry">
          <Typography.Text className="activity-entry-sentence">
            {ActivityText.sentence(actorName(entry), activityWhat(entry))}
          </Typography.Text>
          <Typography.Text type="secondary">
            <time dateTime={entry.at}>{formatActivityTime(entry.at)}</time>
          </Typography.Text>
        </li>
      ))}
    </ul>
  );
}
