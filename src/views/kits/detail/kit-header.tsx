import { ExclamationCircleOutlined } from '@ant-design/icons';
import { Alert, Button, Flex, Tag, Typography, theme } from 'antd';
import { useMemo, useState, type CSSProperties } from 'react';
import { Link } from 'wouter';
import type { Kit } from '../../../model/kits/kit';
import { formatBirthDate, orNotAvailable } from '../../../model/kits/kit-detail';
import { KitDetailText } from '../../../model/kits/kit-detail-texts';
import { kitStatusColor, registrantName } from '../../../model/kits/kit-list-rules';
import { KitListText } from '../../../model/kits/kit-list-texts';
import { kitDisplayStatus } from '../../../model/kits/kit-status';
import { overdue } from '../../../model/kits/kit-steps';
import { kitTimeline, type Fulfilment } from '../../../model/kits/timeline';
import { kitDetailPath } from '../../../model/shell/navigation';
import { OnceOpened } from '../../parts/once-opened';
import { PageTitle } from '../../shell/page';
import { lazyNamed } from '../../lazy';

// The timeline's dialog (antd's Modal) loads its code when the status pill first opens it.
const ProcessingStatusModal = lazyNamed(() => import('./processing-status-modal'), 'ProcessingStatusModal');

/**
 * Kits §2: the title "Kit Details: {barcode}" with the status pill that opens the "Processing Status" timeline, the
 * error badge of a failed sample, the overdue badge (beyond the documents, worded as in the list), the registrant's
 * name and date of birth, and the warning of a replacement kit with the link to the kit it replaced.
 */
export function KitHeader({ kit, fulfilment, now }: { kit: Kit; fulfilment: Fulfilment; now: Date }) {
  const { token } = theme.useToken();
  const [timelineOpen, setTimelineOpen] = useState(false);
  const timeline = useMemo(() => kitTimeline(kit, fulfilment), [kit, fulfilment]);
  const status = kitDisplayStatus(kit.status?.status);
  const late = overdue(kit, now);
  // A badge's colour on its fill and border; its words in the text colour, since antd's tinted text misses 4.5:1.
  const words: CSSProperties = { marginInlineEnd: 0, color: token.colorText };
  const label: CSSProperties = { color: token.colorTextSecondary };

  return (
    <>
      <PageTitle title={KitDetailText.title(kit.barcode)}>
        <Flex wrap align="center" gap={8} style={{ marginTop: 8 }}>
          <Button
            type="text"
            size="small"
            style={{ padding: 0, height: 'auto' }}
            aria-haspopup="dialog"
            aria-label={KitDetailText.statusPill(status)}
            onClick={() => setTimelineOpen(true)}
          >
            <Tag color={kitStatusColor(kit.status?.status)} style={words}>
              {status}
            </Tag>
          </Button>
          {timeline.failure ? (
            <Tag color="error" icon={<ExclamationCircleOutlined aria-hidden />} style={words}>
              {KitDetailText.sampleFailed}
            </Tag>
          ) : null}
          {late ? (
            <Tag color="error" style={words}>
              {KitListText.overdueDays(late.daysOver)}
            </Tag>
          ) : null}
        </Flex>
        <dl style={{ margin: '12px 0 0', display: 'flex', flexWrap: 'wrap', gap: '4px 24px' }}>
          <div>
            <dt style={{ ...label, display: 'inline' }}>{KitDetailText.registrant}: </dt>
            <dd style={{ display: 'inline', margin: 0 }}>{orNotAvailable(registrantName(kit))}</dd>
          </div>
          <div>
            <dt style={{ ...label, display: 'inline' }}>{KitDetailText.dateOfBirth}: </dt>
            <dd style={{ display: 'inline', margin: 0 }}>{orNotAvailable(formatBirthDate(kit.registrant?.dateOfBirth))}</dd>
          </div>
        </dl>
      </PageTitle>
      {kit.source ? (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 24 }}
          title={
            <Typography.Text>
              {KitDetailText.replacesBefore}
              {/* Underlined: within a sentence, colour alone would not tell the link from the text (WCAG 1.4.1). */}
              <Link href={kitDetailPath(kit.source.barcode)} style={{ textDecoration: 'underline' }}>
                {kit.source.barcode}
              </Link>
              {KitDetailText.replacesAfter}
            </Typography.Text>
          }
        />
      ) : null}
      <OnceOpened open={timelineOpen}>
        <ProcessingStatusModal entries={timeline.entries} open={timelineOpen} onClose={() => setTimelineOpen(false)} />
      </OnceOpened>
    </>
  );
}
