import { useQuery } from '@tanstack/react-query';
import { PlusOutlined } from '@ant-design/icons';
import { shallowEqual, useSelector } from '@xstate/react';
import { Button, Flex, Typography } from 'antd';
import { Suspense } from 'react';
import { DEFAULT_PATIENT_SORT, PATIENT_COLUMNS, PATIENTS_PAGE_SIZE, type Patient, type PatientColumn } from '../../model/patients/patient';
import { matchingPatientColumns, rowsTotal } from '../../model/patients/patient-rules';
import { PatientColumnText, PatientFilterText, PatientFormText, PatientListText } from '../../model/patients/patient-texts';
import { patientFormMachine } from '../../machines/patients/patient-form.machine';
import { selectPatientForm } from '../../machines/patients/patient-form.selectors';
import { listFiltersMachine } from '../../machines/lists/list-filters.machine';
import { listFiltersSelector } from '../../machines/lists/list-filters.selectors';
import { messageOf } from '../../services/http/api-error';
import { patientsPageQuery } from '../../services/patients/queries';
import { FilterBar } from '../parts/filter-bar';
import { ListBody } from '../parts/list-body';
import { PageTitle } from '../shell/page';
import { useWorkflow } from '../use-workflow';
import { lazyNamed } from '../lazy';
import { PatientsTable } from './patients-table';
import './patients.css';

// The form (antd's form engine, the country and state selects) loads when it first opens, not with the page.
const PatientFormDialog = lazyNamed(() => import('./patient-form-dialog'), 'PatientFormDialog');

const selectPatientList = listFiltersSelector(PATIENT_COLUMNS, DEFAULT_PATIENT_SORT);
const NO_PATIENTS: readonly Patient[] = [];

/** Kits §2 "Patients list (/patients)": one page of ten at a time, sorted and filtered by the server. */
export function PatientsPage() {
  const actor = useWorkflow(listFiltersMachine, { input: { defaultSort: DEFAULT_PATIENT_SORT } });
  const view = useSelector(actor, selectPatientList);
  const list = useQuery(patientsPageQuery({ sort: view.sort, filters: view.filters, page: view.page }));
  const total = list.data ? rowsTotal(list.data, PATIENTS_PAGE_SIZE) : null;
  // Rows of another page stay on screen while this one loads: Next waits for them, so a double click moves one page.
  const canGoOn = Boolean(list.data?.hasMore) && !list.isPlaceholderData;
  const formActor = useWorkflow(patientFormMachine);
  const form = useSelector(formActor, selectPatientForm, shallowEqual);

  return (
    <>
      <PageTitle title={PatientListText.title}>
        <Flex gap={8} wrap className="patients-actions">
          <Button
            type="primary"
            icon={<PlusOutlined aria-hidden />}
            disabled={!form.canOpen}
            onClick={() => formActor.send({ type: 'patient.add' })}
          >
            {PatientFormText.add}
          </Button>
        </Flex>
      </PageTitle>
      {form.open ? (
        <Suspense fallback={null}>
          <PatientFormDialog view={form} actor={formActor} />
        </Suspense>
      ) : null}
      <FilterBar<PatientColumn>
        view={view}
        actor={actor}
        texts={PatientFilterText}
        columnLabel={(column) => PatientColumnText[column]}
        matchColumns={matchingPatientColumns}
      />
      {/* A page without rows says so inside the table, under its headers, so the body never shows `empty`. */}
      <ListBody
        state={list.isPending ? 'loading' : list.isError ? 'failed' : 'rows'}
        loading={PatientListText.loading}
        failure={{ title: PatientListText.loadError(messageOf(list.error, PatientListText.loadFailed)) }}
      >
        <PatientsTable
          patients={list.data?.items ?? NO_PATIENTS}
          sort={view.sort}
          onSort={(column) => actor.send({ type: 'list.sort', column })}
          loading={list.isPlaceholderData}
        />
      </ListBody>
      <Flex justify="space-between" align="center" gap={16} wrap className="patients-pager">
        <Typography.Text type="secondary">{total === null ? null : PatientListText.total(total)}</Typography.Text>
        <nav aria-label={PatientListText.pages}>
          <Flex gap={8}>
            <Button disabled={!view.canGoBack} onClick={() => actor.send({ type: 'page.previous' })}>
              {PatientListText.previous}
            </Button>
            <Button disabled={!canGoOn} onClick={() => actor.send({ type: 'page.next' })}>
              {PatientListText.next}
            </Button>
          </Flex>
        </nav>
      </Flex>
    </>
  );
}
