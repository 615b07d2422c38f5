import { ExclamationCircleOutlined } from '@ant-design/icons';
import { Alert, Button, Flex, Tag, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { Link } from 'wouter';
import type { Kit } from '../../../model/kits/kit';
import { formatBirthDate, orNotAvailable } from '../../../model/kits/kit-detail';
import { KitDetailText } from '../../../model/kits/kit-detail-texts';
import { kitStatusColor, registrantName } from '../../../model/kits/kit-list-rules';
import { kitDisplayStatus } from '../../../model/kits/kit-status';
import { etaText, kitEta } from '../../../model/kits/kit-story';
import { kitTimeline, type Fulfilment } from '../../../model/kits/timeline';
import { kitDetailPath } from '../../../model/shell/navigation';
import { OnceOpened } from '../../parts/once-opened';
import { PageTitle } from '../../shell/page';
import { lazyNamed } from '../../lazy';
import './kit-detail.css';

// The timeline's dialog (antd's Modal) loads its code when the status pill first opens it.
const ProcessingStatusModal = lazyNamed(() => import('./processing-status-modal'), 'ProcessingStatusModal');

/**
 * Kits §2: the title "Kit Details: {barcode}" with the status pill that opens the "Processing Status" timeline, the
 * error badge of a failure that still counts, the delay badge of a late kit (the kit story's words, as in the list
 * and the patient's tracker), the registrant's
 * name and date of birth, and the warning of a replacement kit with the link to the kit it replaced.
 */
export function KitHeader({ kit, fulfilment, now }: { kit: Kit; fulfilment: Fulfilment; now: Date }) {
  const [timelineOpen, setTimelineOpen] = useState(false);
  const timeline = useMemo(() => kitTimeline(kit, fulfilment), [kit, fulfilment]);
  const status = kitDisplayStatus(kit.status?.status);
  const eta = kitEta(kit, now);

  // The badges keep their colour on the fill and border and say their words in the text colour (kit-detail-tag).
  return (
    <>
      <PageTitle title={KitDetailText.title(kit.barcode)}>
        <Flex wrap align="center" gap={8} className="kit-detail-badges">
          <Button
            type="text"
            size="small"
            className="kit-detail-bare-button"
            aria-haspopup="dialog"
            aria-label={KitDetailText.statusPill(status)}
            onClick={() => setTimelineOpen(true)}
          >
            <Tag color={kitStatusColor(kit.status?.status)} className="kit-detail-tag">
              {status}
            </Tag>
          </Button>
          {timeline.failure ? (
            <Tag color="error" icon={<ExclamationCircleOutlined aria-hidden />} className="kit-detail-tag">
              {KitDetailText.sampleFailed}
            </Tag>
          ) : null}
          {eta?.delayed ? (
            <Tag color="error" className="kit-detail-tag">
              {etaText(eta)}
            </Tag>
          ) : null}
        </Flex>
        <dl className="kit-detail-facts">
          <div>
            <dt>{KitDetailText.registrant}: </dt>
            <dd>{orNotAvailable(registrantName(kit))}</dd>
          </div>
          <div>
            <dt>{KitDetailText.dateOfBirth}: </dt>
            <dd>{orNotAvailable(formatBirthDate(kit.registrant?.dateOfBirth))}</dd>
          </div>
        </dl>
      </PageTitle>
      {kit.source ? (
        <Alert
          type="warning"
          showIcon
          className="kit-detail-replaces"
          title={
            <Typography.Text>
              {KitDetailText.replacesBefore}
              {/* Underlined: within a sentence, colour alone would not tell the link from the text (WCAG 1.4.1). */}
              <Link href={kitDetailPath(kit.source.barcode)} className="kit-detail-underline">
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
