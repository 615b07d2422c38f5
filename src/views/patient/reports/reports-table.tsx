import { CaretDownOutlined, CaretUpOutlined } from '@ant-design/icons';
import { Button, Table, type TableColumnsType } from 'antd';
import type { HTMLAttributes } from 'react';
import { SortDirection } from '../../../model/lists/paging';
import type { PatientReportRow } from '../../../model/kits/patient-reports';
import { PatientReportsText as T } from '../../../model/kits/patient-reports-texts';
import { formatTrackerDate } from '../../../model/kits/patient-tracker';
import { PatientReportButtons } from '../report-buttons';

export interface ReportListProps {
  rows: readonly PatientReportRow[];
  direction: SortDirection;
  /** The practice shows reports to patients (kits §6): the REPORTS column and the rows' report buttons. */
  showReports: boolean;
  onToggleSort: () => void;
}

const NamedTable = (props: HTMLAttributes<HTMLTableElement>) => <table {...props} aria-label={T.kits} />;

/**
 * The desktop's table: KIT ID, PRODUCT, RESULT READY, whose header is a button turning the sort (said with
 * aria-sort), and REPORTS with "{n} Report(s)"; a row with reports expands to its buttons.
 */
export function ReportsTable({ rows, direction, showReports, onToggleSort }: ReportListProps) {
  const ascending = direction === SortDirection.asc;
  const columns: TableColumnsType<PatientReportRow> = [
    { key: 'kitId', title: T.columns.kitId, dataIndex: 'barcode' },
    { key: 'product', title: T.columns.product, dataIndex: 'product' },
    {
      key: 'resultReady',
      title: (
        <Button type="text" size="small" style={{ fontWeight: 'inherit', paddingInline: 4 }} onClick={onToggleSort}>
          {T.columns.resultReady}
          {ascending ? <CaretUpOutlined aria-hidden /> : <CaretDownOutlined aria-hidden />}
        </Button>
      ),
      onHeaderCell: () => ({ 'aria-sort': ascending ? 'ascending' : 'descending' }),
      render: (_value: unknown, row) => formatTrackerDate(row.resultReadyAt ?? ''),
    },
    ...(showReports
      ? [{ key: 'reports', title: T.columns.reports, render: (_value: unknown, row: PatientReportRow) => T.count(row.reportCount) }]
      : []),
  ];
  // No `scroll` option: its width-measuring row repeats the header's button inside an aria-hidden row. The wrapper scrolls instead.
  return (
    <div style={{ overflowX: 'auto' }}>
      <Table<PatientReportRow>
        columns={columns}
        dataSource={[...rows]}
        rowKey="barcode"
        pagination={false}
        locale={{ emptyText: T.empty }}
        components={{ table: NamedTable }}
        expandable={
          showReports
            ? {
                rowExpandable: (row) => row.reportCount > 0,
                expandedRowRender: (row) => (
                  <div role="group" aria-label={T.reportsOf(row.barcode)}>
                    <PatientReportButtons barcode={row.barcode} reports={row.reports} />
                  </div>
                ),
              }
            : undefined
        }
      />
    </div>
  );
}
