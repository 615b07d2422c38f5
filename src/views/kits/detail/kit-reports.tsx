import { DownloadOutlined } from '@ant-design/icons';
import { shallowEqual, useSelector } from '@xstate/react';
import { Button, Checkbox, Flex, Typography } from 'antd';
import { useId } from 'react';
import type { ActorRefFrom } from 'xstate';
import type { KitReport } from '../../../model/kits/kit';
import { KitReportsText } from '../../../model/kits/kit-detail-texts';
import { reportLabel } from '../../../model/kits/kit-reports';
import { reportDownloadMachine } from '../../../machines/kits/report-download.machine';
import { selectReportDownload, selectReportSelection, type ReportDownloadView } from '../../../machines/kits/report-download.selectors';
import { DataTable, type DataColumn } from '../../parts/data-table';
import { Disclosure } from '../../parts/disclosure';
import { VisuallyHidden } from '../../parts/visually-hidden';
import { useWorkflow } from '../../use-workflow';
import './kit-detail.css';

type ReportDownloadActor = ActorRefFrom<typeof reportDownloadMachine>;

/**
 * Kits §2 "Available Reports": the current reports with a checkbox each, "Select All", "Download (n)" and a download
 * per report; the legacy reports behind "Show Legacy Reports (n)" / "Hide Legacy Reports", each with its download.
 * Every download goes through the report download machine, whose first step opens the tab in the click itself.
 */
export function KitReports({ barcode, current, legacy }: { barcode: string; current: readonly KitReport[]; legacy: readonly KitReport[] }) {
  const actor = useWorkflow(reportDownloadMachine, { input: { barcode } });
  const view = useSelector(actor, selectReportDownload, shallowEqual);
  const selection = useSelector(actor, (snapshot) => selectReportSelection(snapshot, current), shallowEqual);
  const titleId = useId();

  return (
    <section aria-labelledby={titleId}>
      <Typography.Title level={3} id={titleId}>
        {KitReportsText.title}
      </Typography.Title>
      <Flex wrap align="center" justify="space-between" gap={12} className="kit-detail-report-actions">
        <Checkbox
          checked={selection.all}
          indeterminate={selection.some}
          disabled={current.length === 0}
          onChange={(event) =>
            actor.send(
              event.target.checked
                ? { type: 'reports.selectAll', reportTypes: current.map((report) => report.type) }
                : { type: 'reports.clearSelection' },
            )
          }
        >
          {KitReportsText.selectAll}
        </Checkbox>
        <Button
          icon={<DownloadOutlined aria-hidden />}
          disabled={!selection.canDownload}
          loading={view.busy && view.generating.length > 1}
          onClick={() => actor.send({ type: 'reports.downloadSelected', reports: current })}
        >
          {KitReportsText.downloadSelected(selection.count)}
        </Button>
      </Flex>
      <DataTable<KitReport>
        label={KitReportsText.tableLabel}
        rowKey={(report) => String(report.type)}
        columns={[selectColumn(actor, view), ...reportColumns(actor, view)]}
        rows={current}
        empty={KitReportsText.empty}
      />
      {legacy.length > 0 ? (
        <Disclosure
          label={(open) => (open ? KitReportsText.hideLegacy : KitReportsText.showLegacy(legacy.length))}
          className="kit-detail-legacy"
        >
          <DataTable<KitReport>
            label={KitReportsText.legacyTableLabel}
            rowKey={(report) => String(report.type)}
            columns={reportColumns(actor, view)}
            rows={legacy}
            empty={KitReportsText.empty}
          />
        </Disclosure>
      ) : null}
    </section>
  );
}

function selectColumn(actor: ReportDownloadActor, view: ReportDownloadView): DataColumn<KitReport> {
  return {
    key: 'select',
    width: 48,
    title: <VisuallyHidden>{KitReportsText.selectAll}</VisuallyHidden>,
    render: (report: KitReport) => (
      <Checkbox
        aria-label={KitReportsText.select(reportLabel(report))}
        checked={view.selected.includes(report.type)}
        onChange={(event) => actor.send({ type: 'reports.select', reportType: report.type, selected: event.target.checked })}
      />
    ),
  };
}

function reportColumns(actor: ReportDownloadActor, view: ReportDownloadView): DataColumn<KitReport>[] {
  return [
    { key: 'report', title: KitReportsText.report, render: (report: KitReport) => reportLabel(report) },
    {
      key: 'download',
      title: <VisuallyHidden>{KitReportsText.download}</VisuallyHidden>,
      align: 'end',
      render: (report: KitReport) => {
        const generating = view.generating.includes(report.type);
        return (
          <Button
            icon={<DownloadOutlined aria-hidden />}
            aria-label={KitReportsText.downloadReport(reportLabel(report))}
            loading={generating}
            disabled={!view.canDownload && !generating}
            onClick={() => actor.send({ type: 'report.download', report })}
          >
            {KitReportsText.download}
          </Button>
        );
      },
    },
  ];
}
