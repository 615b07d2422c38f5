import { SearchOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { shallowEqual, useSelector } from '@xstate/react';
import { Alert, Flex, Grid, Input, Typography } from 'antd';
import { useMemo } from 'react';
import { patientReportRows } from '../../../model/patient-portal/patient-reports';
import { PatientReportsText as T } from '../../../model/patient-portal/patient-reports-texts';
import { patientReportsMachine } from '../../../machines/patient-portal/patient-reports.machine';
import { selectPatientReports } from '../../../machines/patient-portal/patient-reports.selectors';
import { messageOf } from '../../../services/http/api-error';
import { myReportsQuery } from '../../../services/patient-portal/queries';
import { PageTitle } from '../../shell/page';
import { useWorkflow } from '../../use-workflow';
import { ReportCards } from './report-cards';
import { ReportsTable } from './reports-table';
import { LoadingSpin } from '../../parts/loading-spin';
import { practiceSummaryQuery } from '../../../services/practice/queries';
import '../patient-portal.css';

/**
 * Kits §2 "Patient Reports screen" (/reports): the patient's result-ready kits (`GET /Reports/My`), searched by
 * barcode or product name as the patient types, sorted by the date the results became ready (ascending at first).
 * A table on a desktop, cards and a sort button on a phone; each kit opens to its report buttons, and the REPORTS
 * column, like the buttons, only for a practice that shows reports to patients (kits §6).
 */
export function PatientReportsPage() {
  const actor = useWorkflow(patientReportsMachine);
  const view = useSelector(actor, selectPatientReports, shallowEqual);
  const reports = useQuery(myReportsQuery());
  const practice = useQuery(practiceSummaryQuery());
  const phone = Grid.useBreakpoint().md === false;
  const rows = useMemo(
    () => patientReportRows(reports.data ?? [], view.search, view.direction),
    [reports.data, view.search, view.direction],
  );
  const showReports = practice.data?.showReportsToPatients === true;
  const toggleSort = () => actor.send({ type: 'reports.toggleSort' });

  return (
    <>
      <PageTitle title={T.title} />
      <Input
        allowClear
        prefix={<SearchOutlined aria-hidden />}
        placeholder={T.search}
        aria-label={T.search}
        value={view.search}
        onChange={(event) => actor.send({ type: 'reports.search', text: event.target.value })}
        className="patient-portal-search"
      />
      {reports.isPending ? (
        <Flex justify="center" className="patient-portal-loading">
          <LoadingSpin size="large" label={T.loading} />
        </Flex>
      ) : reports.isError ? (
        <Alert type="error" showIcon title={T.error(messageOf(reports.error, T.loadFailed))} />
      ) : (
        <>
          {phone ? (
            <ReportCards rows={rows} direction={view.direction} showReports={showReports} onToggleSort={toggleSort} />
          ) : (
            <ReportsTable rows={rows} direction={view.direction} showReports={showReports} onToggleSort={toggleSort} />
          )}
          <Typography.Text type="secondary" className="patient-portal-total">
            {T.total(rows.length)}
          </Typography.Text>
        </>
      )}
    </>
  );
}
