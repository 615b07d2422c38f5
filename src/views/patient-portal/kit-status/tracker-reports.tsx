import { useQuery } from '@tanstack/react-query';
import { Typography } from 'antd';
import { useId } from 'react';
import type { KitReport } from '../../../model/kits/kit';
import { splitReports } from '../../../model/kits/kit-reports';
import { PatientTrackerText as T } from '../../../model/patient-portal/patient-tracker-texts';
import { PatientReportButtons } from '../report-buttons';
import { practiceSummaryQuery } from '../../../services/practice/queries';
import '../patient-portal.css';

/** Kits §6: a ready kit's report buttons, only for a practice that shows reports to patients (showReportsToPatients). */
export function TrackerReports({ barcode, reports, level }: { barcode: string; reports: readonly KitReport[]; level: 3 | 4 }) {
  const practice = useQuery(practiceSummaryQuery());
  const titleId = useId();
  if (practice.data?.showReportsToPatients !== true || reports.length === 0) return null;
  return (
    <section aria-labelledby={titleId}>
      <Typography.Title level={level} id={titleId} className="patient-portal-flush-top">
        {T.reports}
      </Typography.Title>
      <PatientReportButtons barcode={barcode} reports={splitReports(reports)} />
    </section>
  );
}
