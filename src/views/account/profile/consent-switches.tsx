import { shallowEqual, useSelector } from '@xstate/react';
import { Card, Flex } from 'antd';
import { useEffect } from 'react';
import { ConsentSwitch } from '../../forms/consent-switch';
import { type UserRecord } from '../../../model/team/user-record';
import type { ConsentName } from '../../../model/account/account-consents';
import { ConsentText } from '../../../model/account/account-texts';
import { consentDecisionLine } from '../../../model/account/consent-decision-line';
import { consentsMachine } from '../../../machines/account/consents.machine';
import { selectConsents } from '../../../machines/account/consents.selectors';
import { useWorkflow } from '../../use-workflow';
import { ConsentStatement } from '../consent-statement';
import '../account.css';

const SWITCHES: readonly { consent: ConsentName; label: string }[] = [
  { consent: 'researchConsent', label: ConsentText.research },
  { consent: 'rejuvenationOlympicsConsent', label: ConsentText.leaderboard },
];

/**
 * Kits §2 "Profile page", tab Data & Privacy: the research and leaderboard consent switches. As in the patient
 * portal (issue 41 item 2), turning one on opens its statement and only "I agree" turns it on; turning one off is
 * one click; a failed save turns the switch back (kits §4 "Consents"). The switches follow the user's record, and
 * under each the record's last decision: "Agreed on {date}, version {v}" or "Withdrawn on {date}".
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
            note={consentDecisionLine(user.consentDecisions, consent, view[consent])}
            onChange={(value) => actor.send({ type: 'consents.change', consent, value })}
          />
        ))}
      </Flex>
      <ConsentStatement
        reading={view.reading}
        onAgree={() => actor.send({ type: 'consents.agree' })}
        onDecline={() => actor.send({ type: 'consents.decline' })}
      />
    </Card>
  );
}
