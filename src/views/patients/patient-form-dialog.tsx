import { Alert, Form, Input, Modal, Typography } from 'antd';
import type { ActorRefFrom } from 'xstate';
import type { patientFormMachine } from '../../machines/patients/patient-form.machine';
import type { PatientFormView } from '../../machines/patients/patient-form.selectors';
import { PatientFormSchema, type PatientFormValues } from '../../model/patients/patient-form';
import { PatientFormText as T } from '../../model/patients/patient-texts';
import { PracticeSettingsText } from '../../model/practice/settings-texts';
import { AddressFields } from '../forms/address-fields';
import { ChoiceSelect } from '../forms/choice-select';
import { schemaRules } from '../forms/field-rules';
import { HalfColumn, PersonFields } from '../forms/person-fields';

export type PatientFormActor = ActorRefFrom<typeof patientFormMachine>;

const rules = schemaRules(PatientFormSchema);
const nameLabels = { firstName: T.firstName, lastName: T.lastName, phone: T.phone };

/**
 * "Add Patient" and "Edit Patient" (issue 40): the names, email, phone, date of birth and the shared address
 * fields, each message from the shared schema. The dialog stays up while the save runs and after a failure, with
 * what was typed; it is drawn anew each time it opens, with what the machine opens it with.
 */
export function PatientFormDialog({ view, actor }: { view: PatientFormView; actor: PatientFormActor }) {
  const [form] = Form.useForm<PatientFormValues>();
  const title = view.mode === 'create' ? T.add : T.editTitle;
  return (
    <Modal
      open={view.open}
      title={title}
      okText={T.save}
      cancelText={T.cancel}
      cancelButtonProps={{ disabled: view.busy }}
      confirmLoading={view.busy}
      closable={!view.busy}
      mask={{ closable: false }}
      keyboard={!view.busy}
      destroyOnHidden
      width={720}
      onOk={() => form.submit()}
      onCancel={() => actor.send({ type: 'patient.cancel' })}
    >
      <Form
        form={form}
        name="patientForm"
        layout="vertical"
        initialValues={view.values}
        disabled={view.busy}
        onFinish={(values) => actor.send({ type: 'patient.submit', request: values })}
      >
        <PersonFields labels={nameLabels} rules={rules}>
          <HalfColumn>
            <Form.Item name="email" label={T.email} rules={rules('email', 'email')}>
              <Input type="email" autoComplete="off" />
            </Form.Item>
          </HalfColumn>
          <HalfColumn>
            <Form.Item name="dateOfBirth" label={T.dateOfBirth} rules={rules('dateOfBirth', 'dateOfBirth')}>
              <Input type="date" />
            </Form.Item>
          </HalfColumn>
        </PersonFields>
        <Typography.Title level={5}>{T.address}</Typography.Title>
        <AddressFields Choice={ChoiceSelect} prefix="address" labels={PracticeSettingsText} rules={rules} optional />
        {view.error ? <Alert type="error" showIcon title={view.error} /> : null}
      </Form>
    </Modal>
  );
}
