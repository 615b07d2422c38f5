import { shallowEqual, useSelector } from '@xstate/react';
import { Card, Flex } from 'antd';
import { useEffect } from 'react';
import { ConsentSwitch } from '../forms/consent-switch';
import { patientConsentsMachine, type PatientConsentName } from '../../machines/patients/patient-consents.machine';
import { selectPatientConsents } from '../../machines/patients/patient-consents.selectors';
import type { Patient } from '../../model/patients/patient';
import { PatientConsentText } from '../../model/patients/patient-texts';
import { useWorkflow } from '../use-workflow';

const SWITCHES: readonly PatientConsentName[] = ['researchConsent', 'rejuvenationOlympics'];

/** Kits §3 "Patient consent": the patient's two consents as switches that turn at once and turn back if the save fails. */
export function PatientConsents({ patient }: { patient: Patient }) {
  const actor = useWorkflow(patientConsentsMachine, { input: { patient } });
  const view = useSelector(actor, selectPatientConsents, shallowEqual);
  useEffect(() => actor.send({ type: 'consents.load', patient }), [actor, patient]);

  return (
    <Card title={PatientConsentText.title} className="patient-consents">
      <Flex vertical gap={16}>
        {SWITCHES.map((consent) => (
          <ConsentSwitch
            key={consent}
            label={PatientConsentText[consent]}
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
