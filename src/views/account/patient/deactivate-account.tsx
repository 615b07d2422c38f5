import { shallowEqual, useSelector } from '@xstate/react';
import { Button, Modal, Typography } from 'antd';
import { DeactivationText as T } from '../../../model/account/patient-account-texts';
import { deactivationMachine } from '../../../machines/account/deactivation.machine';
import { selectDeactivation } from '../../../machines/account/deactivation.selectors';
import { SettingsCard } from '../../practice/organization/settings-card';
import { useWorkflow } from '../../use-workflow';
import '../account.css';

/**
 * Kits §2 tab 1 and §4 "Account deactivation": "Deactivate Account" asks first, in a dialog saying that personal
 * data is permanently forgotten and the action is irreversible; it stays up, loading, until the server answers.
 */
export function DeactivateAccount() {
  const actor = useWorkflow(deactivationMachine);
  const view = useSelector(actor, selectDeactivation, shallowEqual);
  return (
    <SettingsCard title={T.title}>
      {/* A red outline rather than a red fill: white on the dark theme's red fill does not reach 4.5:1. */}
      <Button danger onClick={() => actor.send({ type: 'deactivation.start' })} disabled={!view.canStart}>
        {T.button}
      </Button>
      <Modal
        open={view.confirming}
        title={T.title}
        okText={T.confirm}
        okButtonProps={{ danger: true, type: 'default' }}
        cancelText={T.cancel}
        cancelButtonProps={{ disabled: view.busy }}
        confirmLoading={view.busy}
        closable={!view.busy}
        mask={{ closable: !view.busy }}
        keyboard={!view.busy}
        onOk={() => actor.send({ type: 'deactivation.confirm' })}
        onCancel={() => actor.send({ type: 'deactivation.cancel' })}
      >
        <Typography.Paragraph className="account-flush">{T.warning}</Typography.Paragraph>
      </Modal>
    </SettingsCard>
  );
}
