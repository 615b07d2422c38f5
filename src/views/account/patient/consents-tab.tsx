import { shallowEqual, useSelector } from '@xstate/react';
import { Button, Card, Flex, Switch, Typography } from 'antd';
import { useEffect, useId } from 'react';
import type { PatientProfile } from '../../../model/account/patient-profile';
import { PatientConsentText as T } from '../../../model/account/patient-account-texts';
import type { ConsentName } from '../../../model/account/account-consents';
import { consentDecisionLine } from '../../../model/account/consent-decision-line';
import { patientConsentsMachine } from '../../../machines/account/patient-consents';
import { selectConsents } from '../../../machines/account/consents.selectors';
import { OnceOpened } from '../../parts/once-opened';
import { useWorkflow } from '../../use-workflow';
import { lazyNamed } from '../../lazy';
import '../account.css';

// The statements and their markdown renderer (a third of the account page's code) load when one is first opened.
const ConsentStatementDialog = lazyNamed(() => import('../consent-statement-dialog'), 'ConsentStatementDialog');

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
          <ConsentRow
            key={consent}
            label={label}
            checked={view[consent]}
            loading={view.pending === consent}
            disabled={!view.canChange}
            note={consentDecisionLine(profile.consentDecisions, consent, view[consent])}
            canRead={view.canRead}
            onChange={(value) => actor.send({ type: 'consents.change', consent, value })}
            onLearnMore={() => actor.send({ type: 'consents.read', consent })}
          />
        ))}
      </Flex>
      <OnceOpened open={view.reading !== null}>
        <ConsentStatementDialog
          consent={view.reading}
          canAgree={view.reading !== null}
          onAgree={() => actor.send({ type: 'consents.agree' })}
          onClose={() => actor.send({ type: 'consents.decline' })}
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
  note: string;
  canRead: boolean;
  onChange: (value: boolean) => void;
  onLearnMore: () => void;
}) {
  const id = useId();
  const labelId = useId();
  const noteId = useId();
  return (
    <Flex vertical gap={4}>
      <Flex align="center" gap={12} wrap>
        <Switch
          id={id}
          checked={props.checked}
          loading={props.loading}
          disabled={props.disabled}
          onChange={props.onChange}
          aria-describedby={props.note ? noteId : undefined}
        />
        <Typography.Text>
          <label id={labelId} htmlFor={id}>
            {props.label}
          </label>
        </Typography.Text>
        {/* Two buttons read "Learn more": each is described by the consent it opens. */}
        <Button type="link" onClick={props.onLearnMore} disabled={!props.canRead} aria-describedby={labelId} className="account-learn-more">
          {T.learnMore}
        </Button>
      </Flex>
      {props.note ? (
        <Typography.Text type="secondary" id={noteId} className="account-consent-note">
          {props.note}
        </Typography.Text>
      ) : null}
    </Flex>
  );
}
