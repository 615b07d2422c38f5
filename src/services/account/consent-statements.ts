import researchText from '../../../content/consents/research.md?raw';
import olympicsText from '../../../content/consents/rejuvenation-olympics.md?raw';
import { parseConsentStatement, type ConsentStatement } from '../../model/account/consent-statement';
import type { ConsentName } from '../../model/account/account-consents';

/**
 * The consent statements the "Learn more" dialogs hold (issue 12 item 5): content, not code. A deployment
 * replaces the markdown files in content/consents/; the build takes them in as text and the model's parser
 * reads each one's front matter. A file that is malformed, or two that name the same consent, fail loudly.
 */
export function consentStatementsFrom(texts: readonly string[]): Readonly<Record<ConsentName, ConsentStatement>> {
  const byConsent = new Map<ConsentName, ConsentStatement>();
  for (const statement of texts.map(parseConsentStatement)) {
    if (byConsent.has(statement.consent)) throw new Error(`Two consent statements are for ${statement.consent}`);
    byConsent.set(statement.consent, statement);
  }
  const research = byConsent.get('researchConsent');
  const olympics = byConsent.get('rejuvenationOlympicsConsent');
  if (!research || !olympics) throw new Error('A consent statement is missing: each consent needs one');
  return { researchConsent: research, rejuvenationOlympicsConsent: olympics };
}

let statements: Readonly<Record<ConsentName, ConsentStatement>> | null = null;

/** The statement of one consent, read from the files on first use. */
export function consentStatement(consent: ConsentName): ConsentStatement {
  statements ??= consentStatementsFrom([researchText, olympicsText]);
  return statements[consent];
}
