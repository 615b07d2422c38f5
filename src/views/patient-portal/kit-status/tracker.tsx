import { Alert, Button, Flex, Typography } from 'antd';
import { useId, useMemo } from 'react';
import type { Kit } from '../../../model/kits/kit';
import { kitTrackerAmong, trackerSummary, type TrackerStep } from '../../../model/patient-portal/patient-tracker';
import { PatientTrackerText as T } from '../../../model/patient-portal/patient-tracker-texts';
import { KitStoryText } from '../../../model/kits/kit-story-texts';
import { Disclosure } from '../../parts/disclosure';
import { ErrorBadge, StatusBadge } from './badges';
import { TrackerReports } from './tracker-reports';
import { TrackerSteps } from './tracker-steps';
import '../patient-portal.css';
import './kit-status.css';

interface TrackerProps {
  kit: Kit;
  /** The patient's kits, which may hold the kit that replaced this one. */
  kits: readonly Kit[];
  /**
   * Inline, the tracker is a section titled with the kit's barcode (a level 3 heading under the page's title); in the
   * side panel the panel's title names the kit and the tracker has no title of its own.
   */
  titled: boolean;
  /** Today, from the app's clock. */
  now: Date;
  /** Opens another of the patient's kits (in the side panel); without it a replacement is named in plain text. */
  onOpenKit?: (barcode: string) => void;
}

/**
 * Kits §4 "Patient tracker": the kit's product, its status and Error badges, "Step x of n" with "Done" or its ETA
 * words, the kit it replaces, and its four steps; a replaced original instead says so, names the patient's kit that
 * replaced it ("Replaced by {barcode}", which opens that kit) and keeps its steps in an expandable history. A ready
 * kit shows its report buttons when the practice shows reports to patients.
 */
export function KitTrackerView({ kit, kits, titled, now, onOpenKit }: TrackerProps) {
  const tracker = useMemo(() => kitTrackerAmong(kit, kits, now), [kit, kits, now]);
  const summary = trackerSummary(tracker);
  const titleId = useId();

  return (
    <section aria-labelledby={titled ? titleId : undefined} aria-label={titled ? undefined : kit.barcode}>
      <Flex vertical gap={16}>
        <div>
          {titled ? (
            <Typography.Title level={3} id={titleId} className="patient-portal-flush-top">
              {kit.barcode}
            </Typography.Title>
          ) : null}
          {tracker.product ? <Typography.Paragraph className="kit-status-line">{tracker.product}</Typography.Paragraph> : null}
          <Flex wrap align="center" gap={8}>
            <StatusBadge code={kit.status?.status} />
            {tracker.failed ? <ErrorBadge /> : null}
            <Typography.Text>{summary.step}</Typography.Text>
            {summary.progress ? <Typography.Text>{summary.progress}</Typography.Text> : null}
          </Flex>
        </div>
        {tracker.replaces ? <Alert type="info" showIcon title={T.replaces(tracker.replaces)} /> : null}
        {tracker.replaced ? (
          <ReplacedOriginal history={tracker.history} replacedBy={tracker.replacedBy} onOpenKit={onOpenKit} />
        ) : (
          <TrackerSteps steps={tracker.steps} label={T.steps} replaced={false} />
        )}
        {tracker.ready ? <TrackerReports barcode={kit.barcode} reports={kit.reports} level={titled ? 4 : 3} /> : null}
      </Flex>
    </section>
  );
}

/**
 * Kits §4: "Original Kit (Replaced)", its text, "Replaced by {barcode}" when the patient owns the replacement (the
 * barcode opens it), and its history behind a toggle, its last slot "Ordered" (5).
 */
function ReplacedOriginal({
  history,
  replacedBy,
  onOpenKit,
}: {
  history: readonly TrackerStep[];
  replacedBy: string | null;
  onOpenKit: ((barcode: string) => void) | undefined;
}) {
  const replacement = replacedBy ? (
    <Typography.Paragraph className="kit-status-line">
      {KitStoryText.replacedByBefore}
      {onOpenKit ? (
        // Underlined: within a sentence, colour alone would not tell the link from the text (WCAG 1.4.1).
        <Button type="link" className="kit-status-inline-link" aria-haspopup="dialog" onClick={() => onOpenKit(replacedBy)}>
          {replacedBy}
        </Button>
      ) : (
        replacedBy
      )}
    </Typography.Paragraph>
  ) : null;
  return (
    <div>
      <Alert
        type="warning"
        showIcon
        title={T.originalReplaced}
        description={
          <>
            <Typography.Paragraph className="kit-status-line">{T.originalReplacedText}</Typography.Paragraph>
            {replacement}
          </>
        }
      />
      <Disclosure label={(open) => (open ? T.hideHistory : T.showHistory)} className="patient-portal-disclosure">
        <TrackerSteps steps={history} label={T.history} replaced />
      </Disclosure>
    </div>
  );
}
