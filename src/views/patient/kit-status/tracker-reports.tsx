import { FileTextOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { shallowEqual, useSelector } from '@xstate/react';
import { Button, Flex, Typography } from 'antd';
import { useId, useState } from 'react';
import type { ActorRefFrom } from 'xstate';
import type { KitReport } from '../../../model/kits/kit';
import { reportLabel, splitReports } from '../../../model/kits/kit-reports';
import { PatientTrackerText as T } from '../../../model/kits/patient-tracker-texts';
import { reportDownloadMachine } from '../../../machines/kits/report-download.machine';
import { selectReportDownload, type ReportDownloadView } from '../../../machines/kits/report-download.selectors';
import { practiceQuery } from '../../../services/queries';
import { useWorkflow } from '../../use-workflow';

/**
 * Kits §4 "Report download" in the patient portal: the same flow as the provider's (the tab opened in the click, PDF
 * on a window 768 px wide or less, else HTML), but without the provider-side success toast; a failure closes the tab
 * with no message in both.
 */
const patientReportDownloadMachine = reportDownloadMachine.provide({ actions: { notifyGenerated: () => undefined } });

type ReportDownloadActor = ActorRefFrom<typeof patientReportDownloadMachine>;

/** Kits §6: a ready kit's report buttons, only for a practice that shows reports to patients (showReportsToPatients). */
export function TrackerReports({ barcode, reports, level }: { barcode: string; reports: readonly KitReport[]; level: 3 | 4 }) {
  const practice = useQuery(practiceQuery());
  if (practice.data?.showReportsToPatients !== true || reports.length === 0) return null;
  return <ReportButtons barcode={barcode} reports={reports} level={level} />;
}

/** The current reports as buttons; the legacy ones behind "Legacy Reports (n)", as the patient Reports screen groups them. */
function ReportButtons({ barcode, reports, level }: { barcode: string; reports: readonly KitReport[]; level: 3 | 4 }) {
  const actor = useWorkflow(patientReportDownloadMachine, { input: { barcode } });
  const view = useSelector(actor, selectReportDownload, shallowEqual);
  const { current, legacy } = splitReports(reports);
  const [showLegacy, setShowLegacy] = useState(false);
  const titleId = useId();
  const legacyId = useId();

  return (
    <section aria-labelledby={titleId}>
      <Typography.Title level={level} id={titleId} style={{ marginTop: 0 }}>
        {T.reports}
      </Typography.Title>
      <Buttons reports={current} actor={actor} view={view} />
      {legacy.length > 0 ? (
        <div style={{ marginTop: 8 }}>
          <Button
            type="link"
            style={{ paddingInline: 0 }}
            aria-expanded={showLegacy}
            aria-controls={legacyId}
            onClick={() => setShowLegacy(!showLegacy)}
          >
            {T.legacyReports(legacy.length)}
          </Button>
          <div id={legacyId} hidden={!showLegacy}>
            {showLegacy ? <Buttons reports={legacy} actor={actor} view={view} /> : null}
          </div>
        </div>
      ) : null}
    </section>
  );
}

function Buttons({ reports, actor, view }: { reports: readonly KitReport[]; actor: ReportDownloadActor; view: ReportDownloadView }) {
  if (reports.length === 0) return null;
  return (
    <Flex component="ul" wrap gap={8} style={{ listStyle: 'none', margin: 0, padding: 0 }}>
      {reports.map((report) => {
        const generating = view.generating.includes(report.type);
        return (
          <li key={report.type}>
            <Button
              icon={<FileTextOutlined aria-hidden />}
              loading={generating}
              disabled={!view.canDownload && !generating}
              onClick={() => actor.send({ type: 'report.download', report })}
            >
              {reportLabel(report)}
            </Button>
          </li>
        );
      })}
    </Flex>
  );
}
