import { ArrowDownOutlined, ArrowUpOutlined } from '@ant-design/icons';
import { Button, Empty, Flex } from 'antd';
import { useId } from 'react';
import { SortDirection } from '../../../model/lists/paging';
import type { PatientReportRow } from '../../../model/patient-portal/patient-reports';
import { PatientReportsText as T } from '../../../model/patient-portal/patient-reports-texts';
import { formatTrackerDate } from '../../../model/patient-portal/patient-tracker';
import { Disclosure } from '../../parts/disclosure';
import { PatientReportButtons } from '../report-buttons';
import type { ReportListProps } from './reports-table';
import '../patient-portal.css';

/** The phone's list (kits §2): a sort button, then one card per kit with its Kit ID and Result Ready date. */
export function ReportCards({ rows, direction, showReports, onToggleSort }: ReportListProps) {
  const ascending = direction === SortDirection.asc;
  return (
    <Flex vertical gap={16}>
      <div>
        <Button icon={ascending ? <ArrowUpOutlined aria-hidden /> : <ArrowDownOutlined aria-hidden />} onClick={onToggleSort}>
          {ascending ? T.sortAscending : T.sortDescending}
        </Button>
      </div>
      {rows.length === 0 ? (
        <Empty description={T.empty} />
      ) : (
        <Flex component="ul" vertical gap={12} aria-label={T.kits} className="patient-portal-plain-list">
          {rows.map((row) => (
            <li key={row.barcode}>
              <ReportCard row={row} showReports={showReports} />
            </li>
          ))}
        </Flex>
      )}
    </Flex>
  );
}

/** One kit: its Kit ID and Result Ready date, and for a practice that shows reports the "{n} Report(s)" toggle. */
function ReportCard({ row, showReports }: { row: PatientReportRow; showReports: boolean }) {
  const titleId = useId();
  return (
    <article aria-labelledby={titleId} className="patient-portal-report-card">
      <dl className="patient-portal-report-facts">
        <dt>{T.kitId}</dt>
        <dd id={titleId} className="patient-portal-report-kit-id">
          {row.barcode}
        </dd>
        <dt>{T.resultReady}</dt>
        <dd>{formatTrackerDate(row.resultReadyAt ?? '')}</dd>
      </dl>
      {showReports && row.reportCount > 0 ? (
        <Disclosure label={() => T.count(row.reportCount)} contentLabel={T.reportsOf(row.barcode)}>
          <PatientReportButtons barcode={row.barcode} reports={row.reports} />
        </Disclosure>
      ) : null}
    </article>
  );
}
