import { shallowEqual, useSelector } from '@xstate/react';
import { Button, Col, Form, Input, Row } from 'antd';
import type { Practice } from '../../../model/practice/practice';
import { InvoiceContactUpdateSchema, invoiceContactFormValues } from '../../../model/practice/practice-settings';
import { BillingSettingsText as T } from '../../../model/practice/settings-texts';
import { settingsFormMachine } from '../../../machines/practice/settings-form.machine';
import { selectSettingsForm } from '../../../machines/practice/settings-form.selectors';
import { formSchemaRule } from '../../forms/form-schema-rule';
import { useWorkflow } from '../../use-workflow';
import { SettingsCard } from '../organization/settings-card';

const rules = (field: 'email' | 'phone' | 'fax') => [formSchemaRule(InvoiceContactUpdateSchema, field)];

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
          <Col xs={24} md={12}>
            <Form.Item name="phone" label={T.invoicePhone} required rules={rules('phone')}>
              <Input type="tel" autoComplete="tel" />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="fax" label={T.invoiceFax} rules={rules('fax')}>
              <Input type="tel" />
            </Form.Item>
          </Col>
        </Row>
        <Button type="primary" htmlType="submit" loading={busy}>
          {T.saveInvoiceContact}
        </Button>
      </Form>
    </SettingsCard>
  );
}
