import * as v from 'valibot';

/**
 * Issue 41 item 2: what the person last decided about each consent, shown under its switch. The patient's own
 * record (GET /Patients/Me, and GET /Users/Me of the reference server) carries it beside the contract's fields as `consentDecisions`; a service that does
 * not send it leaves the lines empty. A decision is the latest agreement: the statement version agreed to, when,
 * and when it was withdrawn, if it was.
 */
const ConsentDecisionSchema = v.object({
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
