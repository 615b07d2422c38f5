import { useQuery } from '@tanstack/react-query';
import { Button, Card, Flex, Typography } from 'antd';
import { useState } from 'react';
import { Link } from 'wouter';
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

/**
 * Issue 40 §1: the patient's kits with their status and reports. The patient record names its kits by barcode
 * only, so each kit is read by the documents' own call for one kit, the one its page makes (and shares the cache
 * with): a failure stays in its row, with Try Again, and the other kits still show. Each cell asks the same query,
 * which TanStack Query reads once per kit.
 */
export function PatientKits({ barcodes }: { barcodes: readonly string[] }) {
  const [now] = useState(() => clock.now());
  return (
    <Card title={PatientKitsText.title} className="patient-kits-card">
      <DataTable<string>
        label={PatientKitsText.tableLabel}
        rowKey={(barcode) => barcode}
        columns={columns(now)}
        rows={barcodes}
        empty={PatientKitsText.empty}
        cardsOnPhone
      />
    </Card>
  );
}

function columns(now: Date): readonly DataColumn<string>[] {
  return [
    {
      key: 'barcode',
      title: PatientKitsText.kitId,
      render: (barcode) => <Link href={kitDetailPath(barcode)}>{barcode}</Link>,
    },
    { key: 'product', title: PatientKitsText.product, render: (barcode) => <KitProduct barcode={barcode} /> },
    { key: 'status', title: PatientKitsText.status, render: (barcode) => <KitStatus barcode={barcode} now={now} /> },
    { key: 'reports', title: PatientKitsText.reports, render: (barcode) => <KitReportsLink barcode={barcode} /> },
  ];
}

function KitProduct({ barcode }: { barcode: string }) {
  const kit = useQuery(kitQuery(barcode));
  return <>{kit.data?.product?.name ?? ''}</>;
}

function KitStatus({ barcode, now }: { barcode: string; now: Date }) {
  const kit = useQuery(kitQuery(barcode));
  if (kit.isPending) return <LoadingSpin size="small" label={PatientKitsText.loading} />;
  if (kit.isError) {
    return (
      <Flex wrap align="center" gap={8}>
        <Typography.Text type="danger">{messageOf(kit.error, KitDetailText.unknownError)}</Typography.Text>
        <Button size="small" onClick={() => void kit.refetch()}>
          {ListRetryText.retry}
        </Button>
      </Flex>
    );
  }
  if (!kit.data) return <Typography.Text type="secondary">{KitDetailText.noData}</Typography.Text>;
  const code = kit.data.status?.status;
  return (
    <div className={TableClass.stack}>
      <Badge color={kitStatusColor(code)}>{kitDisplayStatus(code)}</Badge>
      <KitStatusMarks kit={kit.data} now={now} />
    </div>
  );
}

/** The kit's current reports open on its page, where each one is downloaded (kits §2 "Available Reports"). */
function KitReportsLink({ barcode }: { barcode: string }) {
  const kit = useQuery(kitQuery(barcode));
  if (!kit.data) return null;
  const count = splitReports(kit.data.reports).current.length;
  if (count === 0) return <Typography.Text type="secondary">{PatientKitsText.noReports}</Typography.Text>;
  return <Link href={kitDetailPath(barcode)}>{PatientKitsText.reportCount(count)}</Link>;
}
