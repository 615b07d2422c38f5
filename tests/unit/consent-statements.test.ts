import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseConsentStatement } from '../../src/model/account/consent-statement';
import { consentStatement, consentStatementsFrom } from '../../src/services/account/consent-statements';

const file = (name: string) => readFileSync(new URL(`../../content/consents/${name}`, import.meta.url), 'utf8');
const research = file('research.md');
const olympics = file('rejuvenation-olympics.md');

describe('the consent statements of the "Learn more" dialogs (issue 12 item 5)', () => {
  it('are the files in content/consents, one per consent, as the model’s parser reads them', () => {
    expect(consentStatement('researchConsent')).toEqual(parseConsentStatement(research));
    expect(consentStatement('rejuvenationOlympicsConsent')).toEqual(parseConsentStatement(olympics));
    expect(consentStatement('researchConsent').consent).toBe('researchConsent');
    expect(consentStatement('rejuvenationOlympicsConsent').consent).toBe('rejuvenationOlympicsConsent');
  });

  it('are found by the consent each file names, in whatever order the files come', () => {
    expect(consentStatementsFrom([olympics, research]).researchConsent.body).toBe(parseConsentStatement(research).body);
  });

  it('refuse a missing statement, two for one consent, and a malformed file', () => {
    expect(() => consentStatementsFrom([research])).toThrow('A consent statement is missing');
    expect(() => consentStatementsFrom([research, research, olympics])).toThrow('Two consent statements are for researchConsent');
    expect(() => consentStatementsFrom(['no front matter', olympics])).toThrow('Malformed consent statement');
  });
});
