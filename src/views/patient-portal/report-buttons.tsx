import { FileTextOutlined } from '@ant-design/icons';
import { shallowEqual, useSelector } from '@xstate/react';
import { Button, Flex } from 'antd';
import type { ActorRefFrom } from 'xstate';
import type { KitReport } from '../../model/kits/kit';
import { reportLabel, type KitReports } from '../../model/kits/kit-reports';
import { PatientReportsText as T } from '../../model/patient-portal/patient-reports-texts';
import { reportDownloadMachine } from '../../machines/kits/report-download.machine';
import { selectReportDownload, type ReportDownloadView } from '../../machines/kits/report-download.selectors';
import { Disclosure } from '../parts/disclosure';
import { useWorkflow } from '../use-workflow';
import './patient-portal.css';

/**
 * Kits §4 "Report download" in the patient portal: the same flow as the provider's (the tab opened in the click, PDF
 * on a window 768 px wide or less, else HTML), but without the provider-side success toast; a failure closes the tab
 * with no message in both.
 */
const patientReportDownloadMachine = reportDownloadMachine.provide({ actions: { notifyGenerated: () => undefined } });

type ReportDownloadActor = ActorRefFrom<typeof patientReportDownloadMachine>;

/**
 * One kit's reports as buttons, the legacy ones behind "Legacy Reports (n)" (kits §2 "Patient Reports screen"), for
 * the Reports screen's rows and the tracker of a ready kit alike.
 */
export function PatientReportButtons({ barcode, reports }: { barcode: string; reports: KitReports }) {
  const actor = useWorkflow(patientReportDownloadMachine, { input: { barcode } });
  const view = useSelector(actor, selectReportDownload, shallowEqual);
  const { current, legacy } = reports;

  return (
    <>
      <Buttons reports={current} actor={actor} view={view} />
      {legacy.length > 0 ? (
        <Disclosure label={() => T.legacy(legacy.length)} className={current.length > 0 ? 'patient-portal-disclosure' : undefined}>
          <Buttons reports={legacy} actor={actor} view={view} />
        </Disclosure>
      ) : null}
    </>
  );
}

function Buttons({ reports, actor, view }: { reports: readonly KitReport[]; actor: ReportDownloadActor; view: ReportDownloadView }) {
  if (reports.length === 0) return null;
  return (
    <Flex component="ul" wrap gap={8} className="patient-portal-plain-list">
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
