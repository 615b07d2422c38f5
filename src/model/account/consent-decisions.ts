import dayjs from 'dayjs';
import * as v from 'valibot';
import type { ConsentName } from './account-consents';

/**
 * Issue 41 item 2: what the person last decided about each consent, shown under its switch. The patient's own
 * record (GET /Patients/Me) carries it beside the contract's fields as `consentDecisions`; a service that does
 * not send it leaves the lines empty. A decision is the latest agreement: the statement version agreed to, when,
 * and when it was withdrawn, if it was.
 */
export const ConsentDecisionSchema = v.object({
  version: v.pipe(v.number(), v.description('The version of the consent statement agreed to')),
  agreedAt: v.pipe(v.string(), v.description('When the person agreed (ISO 8601)')),
  withdrawnAt: v.pipe(v.nullish(v.string(), null), v.description('When the person withdrew the agreement (ISO 8601); null while it holds')),
});

export const ConsentDecisionsSchema = v.pipe(
  v.object({
    researchConsent: v.nullish(ConsentDecisionSchema, null),
    rejuvenationOlympicsConsent: v.nullish(ConsentDecisionSchema, null),
  }),
  v.description('The latest agreement of each consent (null when never agreed): shown under the switches'),
);
export type ConsentDecisions = v.InferOutput<typeof ConsentDecisionsSchema>;

export const ConsentDecisionText = {
  dateFormat: 'MMM D, YYYY',
  agreed: (date: string, version: number) => `Agreed on ${date}, version ${version}`,
  withdrawn: (date: string) => `Withdrawn on ${date}`,
} as const;

function day(date: string): string | null {
  const parsed = dayjs(date);
  return parsed.isValid() ? parsed.format(ConsentDecisionText.dateFormat) : null;
}

/**
 * The line under a switch: "Agreed on {date}, version {v}" while the consent is on and its agreement holds,
 * "Withdrawn on {date}" while it is off after a withdrawal, and nothing when never decided or when the switch and
 * the record disagree (a change on its way to the server, shown once the record is read again).
 */
export function consentDecisionLine(
  decisions: Partial<ConsentDecisions> | null | undefined,
  consent: ConsentName,
  checked: boolean,
): string {
  const decision = decisions?.[consent];
  if (!decision) return '';
  if (checked && !decision.withdrawnAt) {
    const agreed = day(decision.agreedAt);
    return agreed ? ConsentDecisionText.agreed(agreed, decision.version) : '';
  }
  if (!checked && decision.withdrawnAt) {
    const withdrawn = day(decision.withdrawnAt);
    return withdrawn ? ConsentDecisionText.withdrawn(withdrawn) : '';
  }
  return '';
}
