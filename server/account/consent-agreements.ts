import { CONSENT_NAMES } from '../../src/model/account/consent-statement';
import type { ConsentName, ConsentValues } from '../../src/model/account/account-consents';
import type { ConsentDecisions } from '../../src/model/account/consent-decisions';
import type { Queryable } from '../db/database';
import type { ConsentStatements } from './consent-statements';

/**
 * The record of informed consent (issue 12 item 5, issue 41 item 2): a consent turned on records the version of
 * its statement in force and the time; one turned off closes the agreement that was open (withdrawn_at), so the
 * record shows which statement held for how long. A consent left as it was records nothing. A patient record's
 * consents (its own portal's switches and the practice's) are kept in one ledger, a person's own (the provider
 * profile's switches) in another; the rule is the same.
 */

/** The two ledgers: a fixed table and owner column each, never text from a request. */
const LEDGERS = {
  patient: { table: 'patient_consent_agreements', owner: 'patient_id' },
  person: { table: 'person_consent_agreements', owner: 'person_id' },
} as const;

export type ConsentLedger = keyof typeof LEDGERS;

export async function recordConsentChanges(
  q: Queryable,
  ledger: ConsentLedger,
  ownerId: number | string,
  before: ConsentValues,
  after: ConsentValues,
  statements: ConsentStatements,
  now: Date,
): Promise<void> {
  const { table, owner } = LEDGERS[ledger];
  for (const consent of CONSENT_NAMES) {
    if (!before[consent] && after[consent]) {
      await q.query(`INSERT INTO ${table} (${owner}, consent, version, agreed_at) VALUES ($1, $2, $3, $4)`, [
        ownerId,
        consent,
        statements[consent].version,
        now,
      ]);
    } else if (before[consent] && !after[consent]) {
      await q.query(`UPDATE ${table} SET withdrawn_at = $3 WHERE ${owner} = $1 AND consent = $2 AND withdrawn_at IS NULL`, [
        ownerId,
        consent,
        now,
      ]);
    }
  }
}

interface DecisionRow extends Record<string, unknown> {
  consent: ConsentName;
  version: number;
  agreed_at: Date;
  withdrawn_at: Date | null;
}

/** The latest agreement of each consent, for the dates under the switches; null for one never agreed to. */
export async function consentDecisionsOf(q: Queryable, ledger: ConsentLedger, ownerId: number | string): Promise<ConsentDecisions> {
  const { table, owner } = LEDGERS[ledger];
  const rows = await q.query<DecisionRow>(
    `SELECT DISTINCT ON (consent) consent, version, agreed_at, withdrawn_at FROM ${table}
     WHERE ${owner} = $1 ORDER BY consent, agreed_at DESC, id DESC`,
    [ownerId],
  );
  const decision = (consent: ConsentName) => {
    const row = rows.find((candidate) => candidate.consent === consent);
    return row
      ? { version: row.version, agreedAt: row.agreed_at.toISOString(), withdrawnAt: row.withdrawn_at?.toISOString() ?? null }
      : null;
  };
  return { researchConsent: decision('researchConsent'), rejuvenationOlympicsConsent: decision('rejuvenationOlympicsConsent') };
}
