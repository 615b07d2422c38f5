import { Alert, Flex, Typography } from 'antd';
import { useId, useMemo } from 'react';
import type { Kit } from '../../../model/kits/kit';
import { kitTrackerAmong, trackerSummary, type TrackerStep } from '../../../model/patient-portal/patient-tracker';
import { PatientTrackerText as T } from '../../../model/patient-portal/patient-tracker-texts';
import { Disclosure } from '../../parts/disclosure';
import { ErrorBadge, StatusBadge } from './badges';
import { TrackerReports } from './tracker-reports';
import { TrackerSteps } from './tracker-steps';
import '../patient-portal.css';

interface TrackerProps {
  kit: Kit;
  /** The patient's kits, which may hold the kit that replaced this one. */
  kits: readonly Kit[];
  /**
   * Inline, the tracker is a section titled with the kit's barcode (a level 3 heading under the page's title); in the
   * side panel the panel's title names the kit and the tracker has no title of its own.
   */
  titled: boolean;
}

/**
 * Kits §4 "Patient tracker": the kit's status and Error badges, "Step x of n" with "Done" or its ETA, the kit it
 * replaces, and its four steps; a replaced original instead says so and keeps its steps in an expandable history.
 * A ready kit shows its report buttons when the practice shows reports to patients.
 */
export function KitTrackerView({ kit, kits, titled }: TrackerProps) {
  const tracker = useMemo(() => kitTrackerAmong(kit, kits), [kit, kits]);
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
          <Flex wrap align="center" gap={8}>
            <StatusBadge code={kit.status?.status} />
            {tracker.failed ? <ErrorBadge /> : null}
            <Typography.Text>{summary.step}</Typography.Text>
            {summary.progress ? <Typography.Text>{summary.progress}</Typography.Text> : null}
          </Flex>
        </div>
        {tracker.replaces ? <Alert type="info" showIcon title={T.replaces(tracker.replaces)} /> : null}
        {tracker.replaced ? (
          <ReplacedOriginal history={tracker.history} />
        ) : (
          <TrackerSteps steps={tracker.steps} label={T.steps} replaced={false} />
        )}
        {tracker.ready ? <TrackerReports barcode={kit.barcode} reports={kit.reports} level={titled ? 4 : 3} /> : null}
      </Flex>
    </section>
  );
}

/** Kits §4: "Original Kit (Replaced)", its text, and its history behind a toggle, its last slot "Ordered" (5). */
function ReplacedOriginal({ history }: { history: readonly TrackerStep[] }) {
  return (
    <div>
      <Alert type="warning" showIcon title={T.originalReplaced} description={T.originalReplacedText} />
      <Disclosure label={(open) => (open ? T.hideHistory : T.showHistory)} className="patient-portal-disclosure">
        <TrackerSteps steps={history} label={T.history} replaced />
      </Disclosure>
    </div>
  );
}
