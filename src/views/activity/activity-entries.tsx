import { Typography } from 'antd';
import type { ActivityEntry } from '../../model/activity/activity';
import { activityWhat, actorName, ActivityText, formatActivityTime } from '../../model/activity/activity-texts';
import './activity.css';

const practiceSentence = (entry: ActivityEntry) => ActivityText.sentence(actorName(entry), activityWhat(entry));

/**
 * The entries as sentences, "Ava Morgan opened report TruAge of KT-11-0001", each with when it happened. `sentenceOf`
 * words them for their reader (a patient reads "You changed your consents" of their own).
 */
export function ActivityEntries({
  entries,
  label,
  sentenceOf = practiceSentence,
}: {
  entries: readonly ActivityEntry[];
  label: string;
  sentenceOf?: (entry: ActivityEntry) => string;
}) {
  return (
    <ul className="activity-entries" aria-label={label}>
      {entries.map((entry) => (
        <li key={String(entry.id)} className="activity-entry">
          <Typography.Text className="activity-entry-sentence">{sentenceOf(entry)}</Typography.Text>
          <Typography.Text type="secondary">
            <time dateTime={entry.at}>{formatActivityTime(entry.at)}</time>
          </Typography.Text>
        </li>
      ))}
    </ul>
  );
}
