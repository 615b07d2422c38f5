import { Alert, Flex, Modal, Tag, Typography } from 'antd';
import { TimelineText } from '../../../model/kits/kit-detail-texts';
import { formatKitHistoryDate } from '../../../model/kits/kit-list-rules';
import type { StepState, TimelineEntry } from '../../../model/kits/timeline';
import './kit-detail.css';

const STATE_COLOR: Readonly<Record<StepState, string>> = { completed: 'success', current: 'processing', upcoming: 'default' };

/**
 * Kits §4 "Provider-side timeline", opened from the status pill: the four steps as the model orders them (by date,
 * upcoming last), each with its state, date, message and typical duration; the last one the kit got to is
 * highlighted and marked as the current step for assistive technology, and carries "Sample Failed" with its reason
 * while that failure still counts; an earlier one that was rerun is a line of Sample Processing (kit-story.ts).
 */
export function ProcessingStatusModal({
  entries,
  open,
  onClose,
}: {
  entries: readonly TimelineEntry[];
  open: boolean;
  onClose: () => void;
}) {
  return (
    <Modal title={TimelineText.title} open={open} onCancel={onClose} footer={null} closable={{ 'aria-label': TimelineText.close }}>
      <ol aria-label={TimelineText.steps} className="kit-detail-steps">
        {entries.map((entry) => (
          <li
            key={entry.step}
            aria-current={entry.highlighted ? 'step' : undefined}
            className={entry.highlighted ? 'kit-detail-step kit-detail-step-highlighted' : 'kit-detail-step'}
          >
            <Flex vertical gap={2}>
              <Flex wrap align="center" gap={8}>
                <Typography.Text strong>{entry.title}</Typography.Text>
                <Tag color={STATE_COLOR[entry.state]} className="kit-detail-tag">
                  {TimelineText.state[entry.state]}
                </Tag>
              </Flex>
              {entry.date ? (
                <Typography.Text type="secondary">
                  <time dateTime={entry.date}>{formatKitHistoryDate(entry.date)}</time>
                </Typography.Text>
              ) : null}
              <Typography.Text>{entry.message}</Typography.Text>
              {entry.duration ? <Typography.Text type="secondary">{TimelineText.typicalDuration(entry.duration)}</Typography.Text> : null}
              {entry.note ? <Typography.Text>{entry.note}</Typography.Text> : null}
              {entry.failure ? (
                <Alert
                  type="error"
                  showIcon
                  className="kit-detail-step-failure"
                  title={TimelineText.sampleFailed}
                  description={entry.failure}
                />
              ) : null}
            </Flex>
          </li>
        ))}
      </ol>
    </Modal>
  );
}
