import { shallowEqual, useSelector } from '@xstate/react';
import { Alert, Button, Col, Form, Input, Row } from 'antd';
import { useId } from 'react';
import { PatientProfileRequestSchema, patientProfileFormValues, type PatientProfile } from '../../../model/account/patient-profile';
import { PatientProfileFormText as T } from '../../../model/account/patient-account-texts';
import type { ProfileFormValues } from '../../../model/account/account-profile';
import { AccountFieldText as Field } from '../../../model/account/account-texts';
import { patientProfileMachine } from '../../../machines/account/patient-profile.machine';
import { selectPatientProfile } from '../../../machines/account/patient-profile.selectors';
import { formSchemaRule } from '../../forms/form-schema-rule';
import { AddressFields } from '../../practice/organization/address-fields';
import { SettingsCard } from '../../practice/organization/settings-card';
import { useWorkflow } from '../../use-workflow';
import { ChoiceSelect } from '../../forms/choice-select';

const rules = (field: 'firstName' | 'lastName' | 'phone') => [formSchemaRule(PatientProfileRequestSchema, field)];

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
        <Row gutter={16}>
          <Col xs={24} md={12}>
            <Form.Item name="firstName" label={Field.firstName} required rules={rules('firstName')}>
              <Input autoComplete="given-name" />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="lastName" label={Field.lastName} required rules={rules('lastName')}>
              <Input autoComplete="family-name" />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item label={Field.email} htmlFor={emailId}>
              <Input id={emailId} value={profile.email} readOnly disabled autoComplete="email" />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="phone" label={Field.phone} required rules={rules('phone')}>
              <Input type="tel" autoComplete="tel" />
            </Form.Item>
          </Col>
        </Row>
      </SettingsCard>
      <SettingsCard title={T.addressInformation}>
        <AddressFields Choice={ChoiceSelect} prefix="address" schema={PatientProfileRequestSchema} />
      </SettingsCard>
      {error ? <Alert type="error" showIcon title={error} style={{ maxWidth: 720, marginBottom: 16 }} /> : null}
      <Button type="primary" htmlType="submit" loading={busy}>
        {busy ? T.saving : T.save}
      </Button>
    </Form>
  );
}
