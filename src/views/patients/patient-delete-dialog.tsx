import { Modal } from 'antd';
import type { ActorRefFrom } from 'xstate';
import type { patientDeleteMachine } from '../../machines/patients/patient-delete.machine';
import type { PatientDeleteView } from '../../machines/patients/patient-delete.selectors';
import { PatientDeleteText } from '../../model/patients/patient-texts';

export type PatientDeleteActor = ActorRefFrom<typeof patientDeleteMachine>;

/** "Are you sure you want to delete this patient?" with Cancel and Delete; it stays up, loading, until the server answers. */
export function PatientDeleteDialog({ view, actor }: { view: PatientDeleteView; actor: PatientDeleteActor }) {
  return (
    <Modal
      open={view.confirming}
      // The question names the dialog, as the team's delete question does.
      title={PatientDeleteText.question}
      okText={PatientDeleteText.confirm}
      // A red outline rather than a red fill: white on the dark theme's red fill does not reach 4.5:1.
      okButtonProps={{ danger: true, type: 'default' }}
      cancelText={PatientDeleteText.cancel}
      cancelButtonProps={{ disabled: view.busy }}
      confirmLoading={view.busy}
      closable={!view.busy}
      mask={{ closable: !view.busy }}
      keyboard={!view.busy}
      onOk={() => actor.send({ type: 'patient.confirmDelete' })}
      onCancel={() => actor.send({ type: 'patient.cancelDelete' })}
    />
  );
}
