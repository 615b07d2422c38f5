import { useQuery } from '@tanstack/react-query';
import { shallowEqual, useSelector } from '@xstate/react';
import { Alert, Card, Flex, Spin, Switch, Typography } from 'antd';
import { useId } from 'react';
import { PracticeTwoStepText } from '../../../model/practice/settings-texts';
import { twoStepRequirementMachine } from '../../../machines/practice/two-step-requirement.machine';
import { selectTwoStepRequirement } from '../../../machines/practice/two-step-requirement.selectors';
import { messageOf } from '../../../services/http/api-error';
import { practiceTwoStepQuery } from '../../../services/practice/queries';
import { useWorkflow } from '../../use-workflow';

/** Issue 44: "Require two-step sign-in for all members", saved as it is switched; said plainly where it is not offered. */
export function TwoStepRequirement() {
  const setting = useQuery(practiceTwoStepQuery());
  const actor = useWorkflow(twoStepRequirementMachine);
  const { saving, error } = useSelector(actor, selectTwoStepRequirement, shallowEqual);
  const labelId = useId();
  let body;
  if (setting.isPending) body = <Spin />;
  else if (setting.isError) body = <Alert type="error" showIcon title={messageOf(setting.error, PracticeTwoStepText.failed)} />;
  else if (setting.data === null) body = <Alert type="info" showIcon title={PracticeTwoStepText.unavailable} />;
  else {
    body = (
      <>
        {error ? <Alert type="error" showIcon title={error} className="practice-two-step-error" /> : null}
        <Flex gap="small" align="center">
          <Switch
            aria-labelledby={labelId}
            checked={setting.data.required}
            loading={saving}
            onChange={(required) => actor.send({ type: 'requirement.set', required })}
          />
          <Typography.Text id={labelId}>{PracticeTwoStepText.label}</Typography.Text>
        </Flex>
        <Typography.Paragraph type="secondary" className="practice-two-step-note">
          {PracticeTwoStepText.explanation}
        </Typography.Paragraph>
      </>
    );
  }
  return (
    <Card title={PracticeTwoStepText.title} className="practice-block">
      {body}
    </Card>
  );
}
