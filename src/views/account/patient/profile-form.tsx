import { shallowEqual, useSelector } from '@xstate/react';
import { Alert, Button, Form, Input } from 'antd';
import { useId } from 'react';
import { PatientProfileRequestSchema, patientProfileFormValues, type PatientProfile } from '../../../model/account/patient-profile';
import { PatientProfileFormText as T } from '../../../model/account/patient-account-texts';
import type { ProfileFormValues } from '../../../model/account/account-profile';
import { AccountFieldText as Field } from '../../../model/account/account-texts';
import { patientProfileMachine } from '../../../machines/account/patient-profile.machine';
import { selectPatientProfile } from '../../../machines/account/patient-profile.selectors';
import { PracticeSettingsText } from '../../../model/practice/settings-texts';
import { AddressFields } from '../../forms/address-fields';
import { ChoiceSelect } from '../../forms/choice-select';
import { schemaRules } from '../../forms/field-rules';
import { FormLayoutClass } from '../../forms/form-layout';
import { HalfColumn, PersonFields } from '../../forms/person-fields';
import { SettingsCard } from '../../practice/organization/settings-card';
import { useWorkflow } from '../../use-workflow';

const nameLabels = { firstName: Field.firstName, lastName: Field.lastName, phone: Field.phone };
const rules = schemaRules(PatientProfileRequestSchema);

/**
 * Kits §2 "Patient Account screen" tab 0 and §5: Personal Information (the email read-only: shown, never sent)
 * and Address Information (only the apartment line optional), each field's message from the shared schema,
 * "Save Changes" ("Saving..." while pending) and the general submit error. What was typed stays in the form
 * whatever the server answers.
 */
export function PatientProfileForm({ profile }: { profile: PatientProfile }) {
  const actor = useWorkflow(patientProfileMachine);
  const { busy, error } = useSelector(actor, selectPatientProfile, shallowEqual);
  const [form] = Form.useForm<ProfileFormValues>();
  const emailId = useId();

  return (
    <Form
      form={form}
      name="patientProfile"
      layout="vertical"
      initialValues={patientProfileFormValues(profile)}
      disabled={busy}
      onFinish={(values) => actor.send({ type: 'profile.save', request: values })}
    >
      <SettingsCard title={T.personalInformation}>
        <PersonFields labels={nameLabels} rules={rules}>
          <HalfColumn>
            <Form.Item label={Field.email} htmlFor={emailId}>
              <Input id={emailId} value={profile.email} readOnly disabled autoComplete="email" />
            </Form.Item>
          </HalfColumn>
        </PersonFields>
      </SettingsCard>
      <SettingsCard title={T.addressInformation}>
        <AddressFields Choice={ChoiceSelect} prefix="address" labels={PracticeSettingsText} rules={rules} />
      </SettingsCard>
      {error ? <Alert type="error" showIcon title={error} className={`${FormLayoutClass.narrow} ${FormLayoutClass.notice}`} /> : null}
      <Button type="primary" htmlType="submit" loading={busy}>
        {busy ? T.saving : T.save}
      </Button>
    </Form>
  );
}
