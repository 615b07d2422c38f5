import { shallowEqual, useSelector } from '@xstate/react';
import { Button, Card, Flex, Switch, Typography } from 'antd';
import { useEffect, useId, useState } from 'react';
import type { PatientProfile } from '../../../model/account/patient-profile';
import { PatientConsentText as T } from '../../../model/account/patient-account-texts';
import type { ConsentName } from '../../../model/account/account-consents';
import { patientConsentsMachine } from '../../../machines/account/patient-consents';
import { selectConsents } from '../../../machines/account/consents.selectors';
import { OnceOpened } from '../../parts/once-opened';
import { useWorkflow } from '../../use-workflow';
import { lazyNamed } from '../../lazy';
import '../account.css';

// The statements and their markdown renderer (a third of the account page's code) load when one is first opened.
const ConsentStatementDialog = lazyNamed(() => import('./consent-statement-dialog'), 'ConsentStatementDialog');

const SWITCHES: readonly { consent: ConsentName; label: string }[] = [
  { consent: 'researchConsent', label: T.research },
  { consent: 'rejuvenationOlympicsConsent', label: T.olympics },
];

/**
 * Kits §2 "Patient Account screen" tab 2 and §4 "Consents": Research Consent and Rejuvenation Olympics Consent.
 * A switch turns at once and turns back if the save fails; "Learn more" opens the consent's statement, where
 * "I agree" turns the consent on and "I don't agree" only closes. The switches follow the record as it is read again.
 */
export function PatientConsents({ profile }: { profile: PatientProfile }) {
  const actor = useWorkflow(patientConsentsMachine, { input: { user: profile } });
  const view = useSelector(actor, selectConsents, shallowEqual);
  // Which statement is open is only what the screen shows: agreeing is the workflow's change like a switch's.
  const [reading, setReading] = useState<ConsentName | null>(null);
  useEffect(() => actor.send({ type: 'consents.load', user: profile }), [actor, profile]);

  return (
    <Card className="account-consents-card">
      <Flex vertical gap={16}>
        {SWITCHES.map(({ consent, label }) => (
          <ConsentRow
            key={consent}
            label={label}
            checked={view[consent]}
            loading={view.pending === consent}
            disabled={!view.canChange}
            onChange={(value) => actor.send({ type: 'consents.change', consent, value })}
            onLearnMore={() => setReading(consent)}
          />
        ))}
      </Flex>
      <OnceOpened open={reading !== null}>
        <ConsentStatementDialog
          consent={reading}
          canAgree={view.canChange}
          onAgree={(consent) => {
            actor.send({ type: 'consents.change', consent, value: true });
            setReading(null);
          }}
          onClose={() => setReading(null)}
        />
      </OnceOpened>
    </Card>
  );
}

function ConsentRow(props: {
  label: string;
  checked: boolean;
  loading: boolean;
  disabled: boolean;
  onChange: (value: boolean) => void;
  onLearnMore: () => void;
}) {
  const id = useId();
  const labelId = useId();
  return (
    <Flex align="center" gap={12} wrap>
      <Switch id={id} checked={props.checked} loading={props.loading} disabled={props.disabled} onChange={props.onChange} />
      <Typography.Text>
        <label id={labelId} htmlFor={id}>
          {props.label}
        </label>
      </Typography.Text>
      {/* Two buttons read "Learn more": each is described by the consent it opens. */}
      <Button type="link" onClick={props.onLearnMore} aria-describedby={labelId} className="account-learn-more">
        {T.learnMore}
      </Button>
    </Flex>
  );
}
