import { shallowEqual, useSelector } from '@xstate/react';
import { Alert, Button, Form, Input, Row } from 'antd';
import { organizationLabel } from '../../../model/shell/navigation';
import type { Practice } from '../../../model/practice/practice';
import { PracticeUpdateSchema, practiceFormValues, type PracticeFormValues } from '../../../model/practice/practice-settings';
import { PracticeSettingsText as T } from '../../../model/practice/settings-texts';
import { settingsFormMachine } from '../../../machines/practice/settings-form.machine';
import { selectSettingsForm } from '../../../machines/practice/settings-form.selectors';
import { useWorkflow } from '../../use-workflow';
import { AddressFields } from '../../forms/address-fields';
import { ChoiceSelect } from '../../forms/choice-select';
import { schemaRules } from '../../forms/field-rules';
import { FormLayoutClass } from '../../forms/form-layout';
import { HalfColumn, PersonFields, PhoneField } from '../../forms/person-fields';
import { SettingsCard } from './settings-card';

const rules = schemaRules(PracticeUpdateSchema);
const contactNames = { firstName: 'contactPersonFirstName', lastName: 'contactPersonLastName' };
const contactLabels = { firstName: T.contactFirstName, lastName: T.contactLastName };

/**
 * Ordering §2 "Settings: practice or institution": titled by unit type; saving shows "Changes saved
 * successfully" for 3 s. What was typed stays in the form whatever the server answers.
 */
export function PracticeForm({ practice }: { practice: Practice }) {
  const organization = organizationLabel(practice.unitType);
  const actor = useWorkflow(settingsFormMachine, { input: { form: 'practice', organization } });
  const { busy, saved } = useSelector(actor, selectSettingsForm, shallowEqual);
  const [form] = Form.useForm<PracticeFormValues>();

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
          <HalfColumn>
            <Form.Item name="name" label={T.name(organization)} required rules={rules('name', 'name')}>
              <Input autoComplete="organization" />
            </Form.Item>
          </HalfColumn>
          <PhoneField name="phone" label={T.phone(organization)} rules={rules('phone', 'phone')} />
        </Row>
        <AddressFields Choice={ChoiceSelect} prefix="address" labels={T} rules={rules} />
        <PersonFields labels={contactLabels} names={contactNames} rules={rules} />
        <div role="status">{saved ? <Alert type="success" showIcon title={T.saved} className={FormLayoutClass.notice} /> : null}</div>
        <Button type="primary" htmlType="submit" loading={busy}>
          {T.save}
        </Button>
      </Form>
    </SettingsCard>
  );
}
