import { CheckOutlined, CopyOutlined, EyeInvisibleOutlined, EyeOutlined } from '@ant-design/icons';
import { shallowEqual, useSelector } from '@xstate/react';
import { Button, Flex, Input, Typography } from 'antd';
import { secretFieldMachine } from '../../machines/developers/secret-field.machine';
import { selectCanCopy, selectSecretField } from '../../machines/developers/secret-field.selectors';
import { SecretFieldText } from '../../model/developers/webhook-texts';
import { useWorkflow } from '../use-workflow';
import './developers.css';

interface SecretFieldProps {
  id: string;
  label: string;
  /** The full value; null when the service gave none. */
  value: string | null;
  /** What shows while hidden. */
  masked: string;
}

/**
 * A secret shown masked or in full, with show/hide and copy (kits §2, §9). The value is a read-only field, so it
 * is labelled, selectable and read out like any other; "Copied", or the failure, is announced for 2 s.
 */
export function SecretField({ id, label, value, masked }: SecretFieldProps) {
  const actor = useWorkflow(secretFieldMachine);
  const view = useSelector(actor, selectSecretField, shallowEqual);
  const text = value ?? '';
  const canCopy = useSelector(actor, (snapshot) => selectCanCopy(snapshot, text));

  return (
    <Flex vertical gap={4}>
      <label htmlFor={id}>
        <Typography.Text strong>{label}</Typography.Text>
      </label>
      <Flex gap={8} align="center" wrap>
        <Input id={id} readOnly value={view.shown ? text : masked} spellCheck={false} autoComplete="off" className="developers-secret" />
        <Button
          aria-label={view.shown ? SecretFieldText.hide(label) : SecretFieldText.show(label)}
          icon={view.shown ? <EyeInvisibleOutlined aria-hidden /> : <EyeOutlined aria-hidden />}
          disabled={!value}
          onClick={() => actor.send({ type: view.shown ? 'secret.hide' : 'secret.show' })}
        />
        <Button
          aria-label={SecretFieldText.copy(label)}
          icon={view.copied ? <CheckOutlined aria-hidden /> : <CopyOutlined aria-hidden />}
          loading={view.copying}
          disabled={!canCopy && !view.copying}
          onClick={() => actor.send({ type: 'secret.copy', text })}
        />
        <span role="status">
          {view.copied ? <Typography.Text type="success">{SecretFieldText.copied}</Typography.Text> : null}
          {view.copyFailed ? <Typography.Text type="danger">{SecretFieldText.copyFailed}</Typography.Text> : null}
        </span>
      </Flex>
    </Flex>
  );
}
