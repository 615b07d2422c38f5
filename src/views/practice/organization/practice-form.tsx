import { shallowEqual, useSelector } from '@xstate/react';
import { Alert, Button, Col, Form, Input, Row } from 'antd';
import { organizationLabel } from '../../../model/shell/navigation';
import type { Practice } from '../../../model/practice/practice';
import { PracticeUpdateSchema, practiceFormValues, type PracticeFormValues } from '../../../model/practice/practice-settings';
import { PracticeSettingsText as T } from '../../../model/practice/settings-texts';
import { settingsFormMachine } from '../../../machines/practice/settings-form.machine';
import { selectSettingsForm } from '../../../machines/practice/settings-form.selectors';
import { formSchemaRule } from '../../forms/form-schema-rule';
import { useWorkflow } from '../../use-workflow';
import { AddressFields } from './address-fields';
import { SettingsCard } from './settings-card';
import { ChoiceSelect } from '../../forms/choice-select';

type PracticeField = 'name' | 'phone' | 'contactPersonFirstName' | 'contactPersonLastName';
const rules = (field: PracticeField) => [formSchemaRule(PracticeUpdateSchema, field)];

/**
 * Ordering §2 "Settings: practice or institution": titled by unit type; saving shows "Changes saved
 * successfully" for 3 s. What was typed stays in the form whatever the server answers.
 */
export function PracticeForm({ practice }: { practice: Practice }) {
  const actor = useWorkflow(settingsFormMachine, { input: { form: 'practice' } });
  const { busy, saved } = useSelector(actor, selectSettingsForm, shallowEqual);
  const [form] = Form.useForm<PracticeFormValues>();
  const organization = organizationLabel(practice.unitType);

  return (
    <SettingsCard title={organization} level={2}>
      <Form
        form={form}
        layout="vertical"
        initialValues={practiceFormValues(practice)}
        disabled={busy}
        onFinish={(values) => actor.send({ type: 'settings.save', request: { form: 'practice', body: { ...values, id: practice.id } } })}
      >
        <Row gutter={16}>
          <Col xs={24} md={12}>
            <Form.Item name="name" label={T.name(organization)} required rules={rules('name')}>
              <Input autoComplete="organization" />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="phone" label={T.phone(organization)} required rules={rules('phone')}>
              <Input type="tel" autoComplete="tel" />
            </Form.Item>
          </Col>
        </Row>
        <AddressFields Choice={ChoiceSelect} prefix="address" schema={PracticeUpdateSchema} />
        <Row gutter={16}>
          <Col xs={24} md={12}>
            <Form.Item name="contactPersonFirstName" label={T.contactFirstName} required rules={rules('contactPersonFirstName')}>
              <Input autoComplete="given-name" />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="contactPersonLastName" label={T.contactLastName} required rules={rules('contactPersonLastName')}>
              <Input autoComplete="family-name" />
            </Form.Item>
          </Col>
        </Row>
        <div role="status">{saved ? <Alert type="success" showIcon title={T.saved} style={{ marginBottom: 16 }} /> : null}</div>
        <Button type="primary" htmlType="submit" loading={busy}>
          {T.save}
        </Button>
      </Form>
    </SettingsCard>
  );
}
