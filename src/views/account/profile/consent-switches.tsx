import { shallowEqual, useSelector } from '@xstate/react';
import { Card, Flex } from 'antd';
import { useEffect } from 'react';
import { ConsentSwitch } from '../../forms/consent-switch';
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
