import { shallowEqual, useSelector } from '@xstate/react';
import { Card, Flex, Switch, Typography } from 'antd';
import { useEffect, useId } from 'react';
import { type UserRecord } from '../../../model/team/user-record';
import type { ConsentName } from '../../../model/account/account-consents';
import { ConsentText } from '../../../model/account/account-texts';
import { consentsMachine } from '../../../machines/account/consents.machine';
import { selectConsents } from '../../../machines/account/consents.selectors';
import { useWorkflow } from '../../use-workflow';
import '../account.css';

const SWITCHES: readonly { consent: ConsentName; label: string }[] = [
  { consent: 'researchConsent', label: ConsentText.research },
  { consent: 'rejuvenationOlympicsConsent', label: ConsentText.leaderboard },
];

/**
 * Kits §2 "Profile page", tab Data & Privacy: the research and leaderboard consent switches. Each turns at once
 * and turns back if the save fails (kits §4 "Consents"); the switches follow the user's record as it is read again.
 */
export function ConsentSwitches({ user }: { user: UserRecord }) {
  const actor = useWorkflow(consentsMachine, { input: { user } });
  const view = useSelector(actor, selectConsents, shallowEqual);
  useEffect(() => actor.send({ type: 'consents.load', user }), [actor, user]);

  return (
    <Card className="account-consents-card">
      <Flex vertical gap={16}>
        {SWITCHES.map(({ consent, label }) => (
          <ConsentSwitch
            key={consent}
            label={label}
            checked={view[consent]}
            loading={view.pending === consent}
            disabled={!view.canChange}
            onChange={(value) => actor.send({ type: 'consents.change', consent, value })}
          />
        ))}
      </Flex>
    </Card>
  );
}

function ConsentSwitch(props: {
  label: string;
  checked: boolean;
  loading: boolean;
  disabled: boolean;
  onChange: (value: boolean) => void;
}) {
  const id = useId();
  return (
    <Flex align="center" gap={12}>
      <Switch id={id} checked={props.checked} loading={props.loading} disabled={props.disabled} onChange={props.onChange} />
      <Typography.Text>
        <label htmlFor={id}>{props.label}</label>
      </Typography.Text>
    </Flex>
  );
}
