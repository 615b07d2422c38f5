import { ArrowLeftOutlined, DeleteOutlined, EditOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { shallowEqual, useSelector } from '@xstate/react';
import { Alert, Button, Descriptions, Flex, Typography, type DescriptionsProps } from 'antd';
import { Suspense, type ReactNode } from 'react';
import { Link, useParams } from 'wouter';
import type { Patient } from '../../model/patients/patient';
import {
  addressLines,
  displayName,
  formatDateOfBirth,
  patientIdFromPath,
  PATIENTS_PATH,
  valueOrNotAvailable,
} from '../../model/patients/patient-rules';
import { PatientDeleteText, PatientDetailText, PatientFormText, PatientMessageText } from '../../model/patients/patient-texts';
import { patientDeleteMachine } from '../../machines/patients/patient-delete.machine';
import { selectPatientDelete } from '../../machines/patients/patient-delete.selectors';
import { patientFormMachine } from '../../machines/patients/patient-form.machine';
import { selectPatientForm } from '../../machines/patients/patient-form.selectors';
import { messageOf } from '../../services/http/api-error';
import { patientQuery } from '../../services/patients/queries';
import { PageTitle } from '../shell/page';
import { LoadingBlock } from '../parts/loading-block';
import { useWorkflow } from '../use-workflow';
import { PatientConsents } from './patient-consents';
import { PatientDeleteDialog } from './patient-delete-dialog';
import { PatientKits } from './patient-kits';
import { lazyNamed } from '../lazy';
import './patients.css';
import { ObjectActivity } from '../activity/object-activity';

// The form (antd's form engine, the country and state selects) loads when it first opens, not with the page.
const PatientFormDialog = lazyNamed(() => import('./patient-form-dialog'), 'PatientFormDialog');

/**
 * Kits §2 "Patient detail (/patients/{patientId})": the patient read by its id, a spinner while it loads, the
 * failure with "Failed to load patient", and "Patient not found" when the service has no such patient.
 */
export function PatientDetailPage() {
  const { patientId: segment = '' } = useParams<{ patientId: string }>();
  const patient = useQuery(patientQuery(patientIdFromPath(segment)));

  if (patient.isPending) {
    return (
      <Page>
        <LoadingBlock label={PatientDetailText.loading} />
      </Page>
    );
  }
  if (patient.isError) {
    return (
      <Page>
        <Alert
          type="error"
          showIcon
          title={PatientMessageText.loadFailed}
          description={messageOf(patient.error, PatientMessageText.loadFailed)}
        />
      </Page>
    );
  }
  if (!patient.data) {
    return (
      <Page>
        <PageTitle title={PatientMessageText.notFound} />
      </Page>
    );
  }
  return (
    <Page>
      <PatientRecord patient={patient.data} />
    </Page>
  );
}

/** The patient with its actions: "Edit" opens the patient form, "Delete" asks first; its consents below. */
function PatientRecord({ patient }: { patient: Patient }) {
  const formActor = useWorkflow(patientFormMachine);
  const form = useSelector(formActor, selectPatientForm, shallowEqual);
  const deleteActor = useWorkflow(patientDeleteMachine);
  const deletion = useSelector(deleteActor, selectPatientDelete, shallowEqual);
  return (
    <>
      <PageTitle title={displayName(patient)}>
        <Flex gap={8} wrap className="patients-actions">
          <Button
            icon={<EditOutlined aria-hidden />}
            disabled={!form.canOpen}
            onClick={() => formActor.send({ type: 'patient.edit', patient })}
          >
            {PatientFormText.edit}
          </Button>
          <Button
            danger
            icon={<DeleteOutlined aria-hidden />}
            disabled={!deletion.canDelete}
            onClick={() => deleteActor.send({ type: 'patient.delete', key: String(patient.uid ?? patient.id) })}
          >
            {PatientDeleteText.delete}
          </Button>
        </Flex>
      </PageTitle>
      <Descriptions bordered column={1} items={details(patient)} />
      <PatientKits barcodes={patient.kits} />
      <PatientConsents patient={patient} />
      <ObjectActivity type="patient" id={String(patient.id)} />
      {form.open ? (
        <Suspense fallback={null}>
          <PatientFormDialog view={form} actor={formActor} />
        </Suspense>
      ) : null}
      <PatientDeleteDialog view={deletion} actor={deleteActor} />
    </>
  );
}

function details(patient: Patient): DescriptionsProps['items'] {
  const lines = addressLines(patient.address);
  return [
    { key: 'name', label: PatientDetailText.name, children: displayName(patient) },
    { key: 'email', label: PatientDetailText.email, children: valueOrNotAvailable(patient.email) },
    { key: 'phone', label: PatientDetailText.phone, children: valueOrNotAvailable(patient.phone) },
    { key: 'dateOfBirth', label: PatientDetailText.dateOfBirth, children: formatDateOfBirth(patient.dateOfBirth) },
    {
      key: 'address',
      label: PatientDetailText.address,
      children: lines.length ? (
        <address className="patient-address">
          {lines.map((line) => (
            <div key={line}>{line}</div>
          ))}
        </address>
      ) : (
        <Typography.Text type="secondary">{PatientDetailText.noAddress}</Typography.Text>
      ),
    },
  ];
}

function Page({ children }: { children: ReactNode }) {
  return (
    <Flex vertical gap={16}>
      <div>
        <Link href={PATIENTS_PATH}>
          <ArrowLeftOutlined aria-hidden /> {PatientDetailText.back}
        </Link>
      </div>
      <div>{children}</div>
    </Flex>
  );
}
