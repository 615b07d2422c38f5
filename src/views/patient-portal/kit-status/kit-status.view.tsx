import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { clock } from '../../../services/platform/clock';
import { Alert, Empty, Flex } from 'antd';
import { PatientKitStatusText as Text } from '../../../model/patient-portal/patient-tracker-texts';
import { messageOf } from '../../../services/http/api-error';
import { myKitsQuery } from '../../../services/patient-portal/queries';
import { PageTitle } from '../../shell/page';
import { KitCards } from './kit-cards';
import { KitTrackerView } from './tracker';
import { LoadingSpin } from '../../parts/loading-spin';
import '../patient-portal.css';

/**
 * Kits §2 "Patient Kit Status screen" (/kit-status): the patient's own kits (`GET /Kits/My`), a spinner while they
 * load, "Error: {message}" when they cannot, "No kits found. Please register a kit to get started." without any,
 * one kit's tracker inline, and several as a grid of cards that open the side panel.
 */
export function PatientKitStatusPage() {
  return (
    <>
      <PageTitle title={Text.title} />
      <Kits />
    </>
  );
}

function Kits() {
  const kits = useQuery(myKitsQuery());
  // Today once per visit: an ETA does not turn into a delay under the patient's eyes.
  const [now] = useState(() => clock.now());
  if (kits.isPending) {
    return (
      <Flex justify="center" className="patient-portal-loading">
        <LoadingSpin size="large" label={Text.loading} />
      </Flex>
    );
  }
  if (kits.isError) return <Alert type="error" showIcon title={Text.error(messageOf(kits.error, Text.loadFailed))} />;
  const [only, ...more] = kits.data;
  if (!only) return <Empty description={Text.empty} />;
  if (more.length === 0) return <KitTrackerView kit={only} kits={kits.data} now={now} titled />;
  return <KitCards kits={kits.data} />;
}
