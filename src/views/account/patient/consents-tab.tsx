import { shallowEqual, useSelector } from '@xstate/react';
import { Card, Flex } from 'antd';
import { useEffect } from 'react';
import type { PatientProfile } from '../../../model/account/patient-profile';
import { PatientConsentText as T } from '../../../model/account/patient-account-texts';
import type { ConsentName } from '../../../model/account/account-consents';
import { consentDecisionLine } from '../../../model/account/consent-decision-line';
import { patientConsentsMachine } from '../../../machines/account/patient-consents';
import { selectConsents } from '../../../machines/account/consents.selectors';
import { ConsentSwitch } from '../../forms/consent-switch';
import { useWorkflow } from '../../use-workflow';
import { ConsentStatement } from '../consent-statement';
import '../account.css';

const SWITCHES: readonly { consent: ConsentName; label: string }[] = [
  { consent: 'researchConsent', label: T.research },
  { consent: 'rejuvenationOlympicsConsent', label: T.olympics },
];

/**
 * Kits §2 "Patient Account screen" tab 2, §4 "Consents" and issue 41 item 2: Research Consent and Rejuvenation
 * Olympics Consent. Turning one on opens its statement and only "I agree" turns it on; turning one off is one
 * click; a save that fails turns the switch back. "Learn more" opens the statement too. Under each switch, the
 * record's last decision: "Agreed on {date}, version {v}" or "Withdrawn on {date}".
 */
export function PatientConsents({ profile }: { profile: PatientProfile }) {
  const actor = useWorkflow(patientConsentsMachine, { input: { user: profile } });
  const view = useSelector(actor, selectConsents, shallowEqual);
  useEffect(() => actor.send({ type: 'consents.load', user: profile }), [actor, profile]);

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
            note={consentDecisionLine(profile.consentDecisions, consent, view[consent])}
            learnMore={{ text: T.learnMore, disabled: !view.canRead, onClick: () => actor.send({ type: 'consents.read', consent }) }}
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
