import { ArrowLeftOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Alert, Flex, Typography } from 'antd';
import { useState, type ReactNode } from 'react';
import { Link, useParams } from 'wouter';
import { barcodeFromPath } from '../../../model/kits/kit-detail';
import { KitDetailText } from '../../../model/kits/kit-detail-texts';
import { splitReports } from '../../../model/kits/kit-reports';
import { fulfilmentOfPractice } from '../../../model/kits/timeline';
import { Paths } from '../../../model/shell/navigation';
import { UnitType } from '../../../model/enums';
import { effectiveUnitType } from '../../../model/auth/roles';
import { kitLoadFailureMachine } from '../../../machines/kits/kit-load-failure.machine';
import { selectUnitType } from '../../../machines/auth/session.selectors';
import { messageOf } from '../../../services/http/api-error';
import { clock } from '../../../services/platform/clock';
import { kitQuery } from '../../../services/kits/queries';
import { useSession } from '../../auth/session';
import { PageTitle } from '../../shell/page';
import { useWorkflow } from '../../use-workflow';
import { KitDiagnostics } from './kit-diagnostics';
import { KitHeader } from './kit-header';
import { KitInfoCard } from './kit-info-card';
import { KitSampleCard } from './kit-sample-card';
import { KitReports } from './kit-reports';
import { LoadingSpin } from '../../parts/loading-spin';
import { practiceQuery } from '../../../services/practice/queries';
import './kit-detail.css';
import { ObjectActivity } from '../../activity/object-activity';

/**
 * Kits §2 "Kit detail" (/kits/{barcode}): the kit read by its barcode, a spinner while it loads, the error box with
 * "Redirecting to kits list..." and then the kits list when it cannot be loaded (an unknown barcode is such a
 * failure), and "No kit data available" for an answer without a kit. A page per barcode: following the link to a
 * replaced kit starts afresh, report selection included.
 */
export function KitDetailPage() {
  const { kitId: segment = '' } = useParams<{ kitId: string }>();
  const barcode = barcodeFromPath(segment);
  return <KitDetail key={barcode} barcode={barcode} />;
}

function KitDetail({ barcode }: { barcode: string }) {
  const kit = useQuery(kitQuery(barcode));
  const practice = useQuery(practiceQuery());
  const sessionUnitType = useSession(selectUnitType);
  const hcp = effectiveUnitType(practice.data?.unitType ?? sessionUnitType ?? 0) === UnitType.HCP;
  // Today once per visit: the overdue badge does not change under the user's eyes.
  const [now] = useState(() => clock.now());

  if (kit.isPending) {
    return (
      <Page>
        <Flex justify="center" className="kit-detail-loading">
          <LoadingSpin size="large" label={KitDetailText.loading} />
        </Flex>
      </Page>
    );
  }
  if (kit.isError) {
    return (
      <Page>
        <PageTitle title={KitDetailText.title(barcode)} />
        <LoadFailure message={messageOf(kit.error, KitDetailText.unknownError)} />
      </Page>
    );
  }
  if (!kit.data) {
    return (
      <Page>
        <PageTitle title={KitDetailText.title(barcode)} />
        <Typography.Paragraph>{KitDetailText.noData}</Typography.Paragraph>
      </Page>
    );
  }
  const reports = splitReports(kit.data.reports);
  return (
    <Page>
      <KitHeader kit={kit.data} fulfilment={fulfilmentOfPractice(practice.data)} now={now} />
      <Flex vertical gap={24}>
        {hcp ? <KitInfoCard kit={kit.data} /> : null}
        {kit.data.manifestSample ? <KitSampleCard sample={kit.data.manifestSample} /> : null}
        <KitReports barcode={kit.data.barcode} current={reports.current} legacy={reports.legacy} />
        <KitDiagnostics files={kit.data.diagnostics} />
        <ObjectActivity type="kit" id={kit.data.barcode} />
      </Flex>
    </Page>
  );
}

/** Kits §8: the message followed by "Redirecting to kits list...", then the kits list after a short while. */
function LoadFailure({ message }: { message: string }) {
  // Runs while the failure is on screen: its wait ends in the kits list.
  useWorkflow(kitLoadFailureMachine);
  return <Alert type="error" showIcon role="alert" title={message} description={KitDetailText.redirecting} />;
}

function Page({ children }: { children: ReactNode }) {
  return (
    <Flex vertical gap={16}>
      <div>
        <Link href={Paths.kits}>
          <ArrowLeftOutlined aria-hidden /> {KitDetailText.backToKits}
        </Link>
      </div>
      <div>{children}</div>
    </Flex>
  );
}
