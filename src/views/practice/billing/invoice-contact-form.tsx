import { shallowEqual, useSelector } from '@xstate/react';
import { Button, Form, Input, Row } from 'antd';
import type { Practice } from '../../../model/practice/practice';
import { InvoiceContactUpdateSchema, invoiceContactFormValues } from '../../../model/practice/practice-settings';
import { BillingSettingsText as T } from '../../../model/practice/settings-texts';
import { settingsFormMachine } from '../../../machines/practice/settings-form.machine';
import { selectSettingsForm } from '../../../machines/practice/settings-form.selectors';
import { schemaRules } from '../../forms/field-rules';
import { PhoneField } from '../../forms/person-fields';
import { useWorkflow } from '../../use-workflow';
import { SettingsCard } from '../organization/settings-card';

const schemaRule = schemaRules(InvoiceContactUpdateSchema);
const rules = (field: 'email' | 'phone' | 'fax') => schemaRule(field, field);

/** Ordering §2 and §5, Net 30 payers: where the monthly invoice goes (PATCH /Practices/InvoiceContact). */
export function InvoiceContactForm({ practice }: { practice: Practice }) {
  const actor = useWorkflow(settingsFormMachine, { input: { form: 'invoiceContact' } });
  const { busy } = useSelector(actor, selectSettingsForm, shallowEqual);
  return (
    <SettingsCard title={T.invoiceContact}>
      <Form
        layout="vertical"
        initialValues={invoiceContactFormValues(practice)}
        disabled={busy}
        onFinish={(values: { email: string; phone: string; fax: string }) =>
          actor.send({ type: 'settings.save', request: { form: 'invoiceContact', body: values } })
        }
      >
        <Form.Item name="email" label={T.invoiceEmail} required rules={rules('email')}>
          <Input type="email" autoComplete="email" />
        </Form.Item>
        <Row gutter={16}>
          <PhoneField name="phone" label={T.invoicePhone} rules={rules('phone')} />
          <PhoneField name="fax" label={T.invoiceFax} rules={rules('fax')} fax />
        </Row>
        <Button type="primary" htmlType="submit" loading={busy}>
          {T.saveInvoiceContact}
        </Button>
      </Form>
    </SettingsCard>
  );
}
