import { shallowEqual, useSelector } from '@xstate/react';
import { Button, Form, Radio, Typography } from 'antd';
import { FulfilmentType } from '../../../model/enums';
import { fulfilmentOf, type Practice } from '../../../model/practice/practice';
import { FulfilmentText as T } from '../../../model/practice/settings-texts';
import { settingsFormMachine } from '../../../machines/practice/settings-form.machine';
import { selectSettingsForm } from '../../../machines/practice/settings-form.selectors';
import { useWorkflow } from '../../use-workflow';
import { SettingsCard } from './settings-card';

const options = [
  { value: FulfilmentType.Digital, label: T.digital },
  { value: FulfilmentType.Physical, label: T.physical },
];

/**
 * The fulfilment preference (ordering §1, §7 PATCH /Practices/Fulfillment). The documents give the call
 * and its toasts but no place; it is the organization's own preference, so it sits on the organization tab.
 */
export function FulfilmentForm({ practice }: { practice: Practice }) {
  const actor = useWorkflow(settingsFormMachine, { input: { form: 'fulfilment' } });
  const { busy } = useSelector(actor, selectSettingsForm, shallowEqual);
  return (
    <SettingsCard title={T.title}>
      <Typography.Paragraph type="secondary">{T.description}</Typography.Paragraph>
      <Form
        layout="vertical"
        initialValues={{ fulfilmentType: fulfilmentOf(practice) }}
        disabled={busy}
        onFinish={(values: { fulfilmentType: FulfilmentType }) =>
          actor.send({ type: 'settings.save', request: { form: 'fulfilment', body: { fulfilmentType: values.fulfilmentType } } })
        }
      >
        <Form.Item name="fulfilmentType" label={T.label}>
          <Radio.Group options={options} aria-label={T.label} />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={busy}>
          {T.save}
        </Button>
      </Form>
    </SettingsCard>
  );
}
