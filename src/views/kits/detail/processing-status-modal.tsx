import { Alert, Flex, Modal, Tag, Typography, theme } from 'antd';
import type { CSSProperties } from 'react';
import { TimelineText } from '../../../model/kits/kit-detail-texts';
import { formatKitHistoryDate } from '../../../model/kits/kit-list-rules';
import type { StepState, TimelineEntry } from '../../../model/kits/timeline';

const STATE_COLOR: Readonly<Record<StepState, string>> = { completed: 'success', current: 'processing', upcoming: 'default' };

/**
 * Kits §4 "Provider-side timeline", opened from the status pill: the four steps as the model orders them (by date,
 * upcoming last), each with its state, date, message and typical duration; the last one the kit got to is
 * highlighted and marked as the current step for assistive technology, and carries "Sample Failed" with its reason.
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
  const { token } = theme.useToken();
  const words: CSSProperties = { marginInlineEnd: 0, color: token.colorText };
  return (
    <Modal title={TimelineText.title} open={open} onCancel={onClose} footer={null} closable={{ 'aria-label': TimelineText.close }}>
      <ol
        aria-label={TimelineText.steps}
        style={{ listStyle: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column', gap: 12 }}
      >
        {entries.map((entry) => (
          <li
            key={entry.step}
            aria-current={entry.highlighted ? 'step' : undefined}
            style={{
              borderInlineStart: `3px solid ${entry.highlighted ? token.colorPrimary : token.colorBorder}`,
              background: entry.highlighted ? token.colorPrimaryBg : undefined,
              borderRadius: token.borderRadiusSM,
              padding: '8px 12px',
            }}
          >
            <Flex vertical gap={2}>
              <Flex wrap align="center" gap={8}>
                <Typography.Text strong>{entry.title}</Typography.Text>
                <Tag color={STATE_COLOR[entry.state]} style={words}>
                  {TimelineText.state[entry.state]}
                </Tag>
              </Flex>
              {entry.date ? (
                <Typography.Text type="secondary">
                  <time dateTime={entry.date}>{formatKitHistoryDate(entry.date)}</time>
                </Typography.Text>
              ) : null}
              <Typography.Text>{entry.message}</Typography.Text>
              <Typography.Text type="secondary">{TimelineText.typicalDuration(entry.duration)}</Typography.Text>
              {entry.failure ? (
                <Alert type="error" showIcon style={{ marginTop: 8 }} title={TimelineText.sampleFailed} description={entry.failure} />
              ) : null}
            </Flex>
          </li>
        ))}
      </ol>
    </Modal>
  );
}
