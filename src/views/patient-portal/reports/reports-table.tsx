import { CaretDownOutlined, CaretUpOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { SortDirection } from '../../../model/lists/paging';
import type { PatientReportRow } from '../../../model/patient-portal/patient-reports';
import { PatientReportsText as T } from '../../../model/patient-portal/patient-reports-texts';
import { formatTrackerDate } from '../../../model/patient-portal/patient-tracker';
import { DataTable, type DataColumn, type DataTableExpansion } from '../../parts/data-table';
import { PatientReportButtons } from '../report-buttons';
import '../patient-portal.css';

export interface ReportListProps {
  rows: readonly PatientReportRow[];
  direction: SortDirection;
  /** The practice shows reports to patients (kits §6): the REPORTS column and the rows' report buttons. */
  showReports: boolean;
  onToggleSort: () => void;
}

const expansion: DataTableExpansion<PatientReportRow> = {
  canExpand: (row) => row.reportCount > 0,
  render: (row) => (
    <div role="group" aria-label={T.reportsOf(row.barcode)}>
      <PatientReportButtons barcode={row.barcode} reports={row.reports} />
    </div>
  ),
};

/**
 * The desktop's table: KIT ID, PRODUCT, RESULT READY, whose header is a button turning the sort (said with
 * aria-sort), and REPORTS with "{n} Report(s)"; a row with reports expands to its buttons.
 */
export function ReportsTable({ rows, direction, showReports, onToggleSort }: ReportListProps) {
  const ascending = direction === SortDirection.asc;
  const columns: DataColumn<PatientReportRow>[] = [
    { key: 'kitId', title: T.columns.kitId, render: (row) => row.barcode },
    { key: 'product', title: T.columns.product, render: (row) => row.product },
    {
      key: 'resultReady',
      title: (
        <Button type="text" size="small" className="patient-portal-sort-button" onClick={onToggleSort}>
          {T.columns.resultReady}
          {ascending ? <CaretUpOutlined aria-hidden /> : <CaretDownOutlined aria-hidden />}
        </Button>
      ),
      sort: ascending ? 'ascending' : 'descending',
      render: (row) => formatTrackerDate(row.resultReadyAt ?? ''),
    },
    ...(showReports ? [{ key: 'reports', title: T.columns.reports, render: (row: PatientReportRow) => T.count(row.reportCount) }] : []),
  ];
  return (
    <DataTable<PatientReportRow>
      label={T.kits}
      columns={columns}
      rows={rows}
      rowKey={(row) => row.barcode}
      empty={T.empty}
      expansion={showReports ? expansion : undefined}
    />
  );
}
