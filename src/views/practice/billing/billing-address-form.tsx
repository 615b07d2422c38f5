import { shallowEqual, useSelector } from '@xstate/react';
import { Button, Checkbox, Form } from 'antd';
import type { Practice } from '../../../model/practice/practice';
import {
  BillingAddressUpdateSchema,
  billingAddressFormValues,
  billingAddressRequest,
  type BillingAddressFormValues,
} from '../../../model/practice/practice-settings';
import { BillingSettingsText as T, PracticeSettingsText } from '../../../model/practice/settings-texts';
import { settingsFormMachine } from '../../../machines/practice/settings-form.machine';
import { selectSettingsForm } from '../../../machines/practice/settings-form.selectors';
import { useWorkflow } from '../../use-workflow';
import { AddressFields } from '../../forms/address-fields';
import { schemaRules } from '../../forms/field-rules';
import { SettingsCard } from '../organization/settings-card';
import { ChoiceSelectOnDemand } from '../../forms/choice-select-on-demand';
import { useFieldValue } from '../../forms/use-field-value';

/**
 * Ordering §2 and §4: the billing address. With "same as Practice/Office Information address" on, the server
 * saves the practice's address as billing; off, the address's own fields are shown and required.
 */
export function BillingAddressForm({ practice }: { practice: Practice }) {
  const actor = useWorkflow(settingsFormMachine, { input: { form: 'billingAddress' } });
  const { busy } = useSelector(actor, selectSettingsForm, shallowEqual);
  const [form] = Form.useForm<BillingAddressFormValues>();
  const initialValues = billingAddressFormValues(practice);
  const same = useFieldValue(form, 'sameAsPracticeAddress', initialValues.sameAsPracticeAddress);
  return (
    <SettingsCard title={T.billingAddress}>
      <Form
        form={form}
        layout="vertical"
        initialValues={initialValues}
        disabled={busy}
        onFinish={(values) =>
          actor.send({ type: 'settings.save', request: { form: 'billingAddress', body: billingAddressRequest(values) } })
        }
      >
        <Form.Item name="sameAsPracticeAddress" valuePropName="checked">
          <Checkbox>{T.sameAsPractice}</Checkbox>
        </Form.Item>
        {same === false ? (
          <AddressFields
            Choice={ChoiceSelectOnDemand}
            prefix="billingAddress"
            labels={PracticeSettingsText}
            rules={schemaRules(BillingAddressUpdateSchema)}
          />
        ) : null}
        <Button type="primary" htmlType="submit" loading={busy}>
          {T.saveBillingAddress}
        </Button>
      </Form>
    </SettingsCard>
  );
}
