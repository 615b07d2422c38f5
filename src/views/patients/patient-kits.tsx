import { useQueries } from '@tanstack/react-query';
import { Button, Card, Flex, Typography } from 'antd';
import { useState } from 'react';
import { Link } from 'wouter';
import type { Kit } from '../../model/kits/kit';
import { KitDetailText } from '../../model/kits/kit-detail-texts';
import { kitStatusColor } from '../../model/kits/kit-list-rules';
import { splitReports } from '../../model/kits/kit-reports';
import { kitDisplayStatus } from '../../model/kits/kit-status';
import { PatientKitsText } from '../../model/patients/patient-texts';
import { kitDetailPath } from '../../model/shell/navigation';
import { ListRetryText } from '../../model/shell/shell-texts';
import { messageOf } from '../../services/http/api-error';
import { kitQuery } from '../../services/kits/queries';
import { clock } from '../../services/platform/clock';
import { DataTable, type DataColumn } from '../parts/data-table';
import { LoadingSpin } from '../parts/loading-spin';
import { Badge, TableClass } from '../parts/table-styles';
import { KitStatusMarks } from '../kits/list/kit-cells';

/** One of the patient's kits as its own call (`GET /Kits/{barcode}`) answered it, or is still answering it. */
interface KitRow {
  readonly barcode: string;
  readonly kit: Kit | null | undefined;
  readonly pending: boolean;
  readonly error: unknown;
  readonly retry: () => void;
}

/**
 * Issue 40 §1: the patient's kits with their status and reports. The patient record names its kits by barcode
 * only, so each kit is read by the documents' own call for one kit, the one its page makes (and shares the cache
 * with): a failure stays in its row, with Try Again, and the other kits still show.
 */
export function PatientKits({ barcodes }: { barcodes: readonly string[] }) {
  const [now] = useState(() => clock.now());
  const rows = useQueries({
    queries: barcodes.map((barcode) => kitQuery(barcode)),
    combine: (results) =>
      results.map((result, index): KitRow => ({
        barcode: barcodes[index] ?? '',
        kit: result.data,
        pending: result.isPending,
        error: result.isError ? result.error : null,
        retry: () => void result.refetch(),
      })),
  });
  return (
    <Card title={PatientKitsText.title} className="patient-kits-card">
      <DataTable<KitRow>
        label={PatientKitsText.tableLabel}
        rowKey={(row) => row.barcode}
        columns={columns(now)}
        rows={rows}
        empty={PatientKitsText.empty}
        cardsOnPhone
      />
    </Card>
  );
}

function columns(now: Date): readonly DataColumn<KitRow>[] {
  return [
    {
      key: 'barcode',
      title: PatientKitsText.kitId,
      render: (row) => <Link href={kitDetailPath(row.barcode)}>{row.barcode}</Link>,
    },
    { key: 'product', title: PatientKitsText.product, render: (row) => row.kit?.product?.name ?? '' },
    { key: 'status', title: PatientKitsText.status, render: (row) => <KitStatus row={row} now={now} /> },
    { key: 'reports', title: PatientKitsText.reports, render: (row) => <KitReportsLink row={row} /> },
  ];
}

function KitStatus({ row, now }: { row: KitRow; now: Date }) {
  if (row.pending) return <LoadingSpin size="small" label={PatientKitsText.loading} />;
  if (row.error) {
    return (
      <Flex wrap align="center" gap={8}>
        <Typography.Text type="danger">{messageOf(row.error, KitDetailText.unknownError)}</Typography.Text>
        <Button size="small" onClick={row.retry}>
          {ListRetryText.retry}
        </Button>
      </Flex>
    );
  }
  if (!row.kit) return <Typography.Text type="secondary">{KitDetailText.noData}</Typography.Text>;
  const code = row.kit.status?.status;
  return (
    <div className={TableClass.stack}>
      <Badge color={kitStatusColor(code)}>{kitDisplayStatus(code)}</Badge>
      <KitStatusMarks kit={row.kit} now={now} />
    </div>
  );
}

/** The kit's current reports open on its page, where each one is downloaded (kits §2 "Available Reports"). */
function KitReportsLink({ row }: { row: KitRow }) {
  if (!row.kit) return null;
  const count = splitReports(row.kit.reports).current.length;
  if (count === 0) return <Typography.Text type="secondary">{PatientKitsText.noReports}</Typography.Text>;
  return <Link href={kitDetailPath(row.barcode)}>{PatientKitsText.reportCount(count)}</Link>;
}
