import dayjs from 'dayjs';
import type { ConsentName } from './account-consents';
import type { ConsentDecisions } from './consent-decisions';

/**
 * Issue 41 item 2: the words under a consent switch, from the record's last decision. Apart from the schema
 * (consent-decisions.ts), which every signed-in page reads with the user record, so that dates and their library
 * load only with the consent switches.
 */

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
