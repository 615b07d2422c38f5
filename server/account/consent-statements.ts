import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { CONSENT_NAMES, parseConsentStatement, type ConsentStatement } from '../../src/model/account/consent-statement';
import type { ConsentName } from '../../src/model/account/account-consents';

/** The statement in force for each consent: the version a patient agrees to when they turn it on. */
export type ConsentStatements = Readonly<Record<ConsentName, ConsentStatement>>;

const reason = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * Reads the consent statements (issue 12 item 5) from their folder, once, when the server starts: every `.md`
 * file, one per consent. A malformed file, two for one consent or none for one is a configuration error that
 * stops the start, naming the file, rather than agreements recorded against a version nobody can trace.
 */
export function loadConsentStatements(dir: string): ConsentStatements {
  let files: string[];
  try {
    files = readdirSync(dir)
      .filter((file) => file.endsWith('.md'))
      .sort();
  } catch (error) {
    throw new Error(`The consent statements folder ${dir} cannot be read (CONSENTS_DIR): ${reason(error)}`, { cause: error });
  }
  const found = new Map<ConsentName, { file: string; statement: ConsentStatement }>();
  for (const file of files) {
    const path = join(dir, file);
    let statement: ConsentStatement;
    try {
      statement = parseConsentStatement(readFileSync(path, 'utf8'));
    } catch (error) {
      throw new Error(`${path}: ${reason(error)}`, { cause: error });
    }
    const other = found.get(statement.consent);
    if (other) throw new Error(`${path} and ${join(dir, other.file)} are both statements of ${statement.consent}`);
    found.set(statement.consent, { file, statement });
  }
  const missing = CONSENT_NAMES.filter((name) => !found.has(name));
  if (missing.length) throw new Error(`The consent statements folder ${dir} has no statement of ${missing.join(' and ')}`);
  const statementOf = (name: ConsentName): ConsentStatement => {
    const entry = found.get(name);
    if (!entry) throw new Error(`No statement of ${name}`);
    return entry.statement;
  };
  return { researchConsent: statementOf('researchConsent'), rejuvenationOlympicsConsent: statementOf('rejuvenationOlympicsConsent') };
}
