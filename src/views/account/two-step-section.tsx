import { useQuery } from '@tanstack/react-query';
import { shallowEqual, useSelector } from '@xstate/react';
import { Alert, Button, Card, Flex, Form, Input, QRCode, Space, Spin, Typography } from 'antd';
import { TwoStepAccountText } from '../../model/account/account-texts';
import { twoStepMachine } from '../../machines/account/two-step.machine';
import { selectTwoStep } from '../../machines/account/two-step.selectors';
import { twoStepQuery } from '../../services/account/queries';
import { messageOf } from '../../services/http/api-error';
import { useWorkflow } from '../use-workflow';
import './account.css';

/**
 * Issue 44: two-step sign-in on the account tab. Off: a button turns it on (the QR code and the key, confirmed with a
 * code from the app, then the ten recovery codes shown once). On: a button turns it off with the password. Where
 * the portalApi does not offer it, the section says so and nothing else.
 */
export function TwoStepSection() {
  const status = useQuery(twoStepQuery());
  const actor = useWorkflow(twoStepMachine);
  const view = useSelector(actor, selectTwoStep, shallowEqual);

  const title = (
    <Typography.Title level={4} className="account-flush">
      {TwoStepAccountText.title}
    </Typography.Title>
  );
  let body;
  if (status.isPending) body = <Spin />;
  else if (status.isError) body = <Alert type="error" showIcon title={messageOf(status.error, TwoStepAccountText.failed)} />;
  else if (status.data === null) body = <Alert type="info" showIcon title={TwoStepAccountText.unavailable} />;
  else if (view.step === 'codes') body = <RecoveryCodes codes={view.recoveryCodes} onDone={() => actor.send({ type: 'twoStep.finish' })} />;
  else if (view.step === 'key' && view.uri && view.manualKey) {
    body = (
      <KeyStep
        uri={view.uri}
        manualKey={view.manualKey}
        busy={view.busy}
        error={view.error}
        onConfirm={(code) => actor.send({ type: 'twoStep.confirm', code })}
        onCancel={() => actor.send({ type: 'twoStep.cancel' })}
      />
    );
  } else if (view.step === 'password') {
    body = (
      <TurnOffStep
        busy={view.busy}
        error={view.error}
        onTurnOff={(password) => actor.send({ type: 'twoStep.turnOff', password })}
        onCancel={() => actor.send({ type: 'twoStep.cancel' })}
      />
    );
  } else {
    const { enabled, recoveryCodesLeft, requiredByPractice } = status.data;
    body = (
      <Space orientation="vertical" size="middle">
        {requiredByPractice && !enabled ? <Alert type="warning" showIcon title={TwoStepAccountText.requiredByPractice} /> : null}
        {view.error ? <Alert type="error" showIcon title={view.error} /> : null}
        <Typography.Paragraph className="account-flush">{TwoStepAccountText.explanation}</Typography.Paragraph>
        <Typography.Text strong>{enabled ? TwoStepAccountText.on : TwoStepAccountText.off}</Typography.Text>
        {enabled ? <Typography.Text>{TwoStepAccountText.recoveryLeft(recoveryCodesLeft)}</Typography.Text> : null}
        {enabled ? (
          <Button danger onClick={() => actor.send({ type: 'twoStep.startTurnOff' })}>
            {TwoStepAccountText.turnOff}
          </Button>
        ) : (
          <Button type="primary" loading={view.busy} onClick={() => actor.send({ type: 'twoStep.begin' })}>
            {TwoStepAccountText.turnOn}
          </Button>
        )}
      </Space>
    );
  }
  return (
    <Card title={title} className="account-two-step-card">
      {body}
    </Card>
  );
}

function KeyStep(props: {
  uri: string;
  manualKey: string;
  busy: boolean;
  error: string | null;
  onConfirm: (code: string) => void;
  onCancel: () => void;
}) {
  return (
    <Space orientation="vertical" size="middle">
      <Typography.Paragraph className="account-flush">{TwoStepAccountText.scan}</Typography.Paragraph>
      <QRCode value={props.uri} aria-label={TwoStepAccountText.qrLabel} />
      <Typography.Text>
        {TwoStepAccountText.manualKey}:{' '}
        <Typography.Text code copyable={{ text: props.manualKey.replace(/\s/g, '') }}>
          {props.manualKey}
        </Typography.Text>
      </Typography.Text>
      <Form
        name="twoStepConfirm"
        layout="vertical"
        requiredMark={false}
        disabled={props.busy}
        onFinish={(values: { code: string }) => props.onConfirm(values.code ?? '')}
      >
        {props.error ? <Alert type="error" title={props.error} showIcon className="account-form-error" /> : null}
        <Form.Item label={TwoStepAccountText.codeLabel} name="code">
          <Input autoComplete="one-time-code" inputMode="numeric" />
        </Form.Item>
        <Flex gap="small">
          <Button type="primary" htmlType="submit" loading={props.busy}>
            {TwoStepAccountText.confirm}
          </Button>
          <Button onClick={props.onCancel}>{TwoStepAccountText.cancel}</Button>
        </Flex>
      </Form>
    </Space>
  );
}

function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  return (
    <Space orientation="vertical" size="middle">
      <Typography.Text strong>{TwoStepAccountText.recoveryTitle}</Typography.Text>
      <Typography.Paragraph className="account-flush">{TwoStepAccountText.recoveryExplanation}</Typography.Paragraph>
      <ul className="account-two-step-codes" aria-label={TwoStepAccountText.recoveryTitle}>
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
      <Typography.Text copyable={{ text: codes.join('\n'), tooltips: [TwoStepAccountText.copyCodes, TwoStepAccountText.copyCodes] }}>
        {TwoStepAccountText.copyCodes}
      </Typography.Text>
      <Button type="primary" onClick={onDone}>
        {TwoStepAccountText.savedCodes}
      </Button>
    </Space>
  );
}

function TurnOffStep(props: { busy: boolean; error: string | null; onTurnOff: (password: string) => void; onCancel: () => void }) {
  return (
    <Form
      name="twoStepTurnOff"
      layout="vertical"
      requiredMark={false}
      disabled={props.busy}
      onFinish={(values: { password: string }) => props.onTurnOff(values.password ?? '')}
    >
      <Typography.Paragraph>{TwoStepAccountText.turnOffExplanation}</Typography.Paragraph>
      {props.error ? <Alert type="error" title={props.error} showIcon className="account-form-error" /> : null}
      <Form.Item label={TwoStepAccountText.passwordLabel} name="password">
        <Input.Password autoComplete="current-password" />
      </Form.Item>
      <Flex gap="small">
        <Button danger htmlType="submit" loading={props.busy}>
          {TwoStepAccountText.turnOff}
        </Button>
        <Button onClick={props.onCancel}>{TwoStepAccountText.cancel}</Button>
      </Flex>
    </Form>
  );
}
