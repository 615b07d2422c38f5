import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseConsentStatement } from '../../src/model/account/consent-statement';

const file = (name: string) => readFileSync(new URL(`../../content/consents/${name}`, import.meta.url), 'utf8');

const statement = (frontMatter: string, body = 'The statement.') => `---\n${frontMatter}\n---\n\n${body}\n`;
const valid = 'consent: researchConsent\nversion: 3\ndate: 2026-11-25\ntitle: Research Consent';

describe('a consent statement file (issue 12 item 5)', () => {
  it('reads its four keys and its markdown body', () => {
    expect(parseConsentStatement(statement(valid, '# Heading\n\nFirst paragraph.\n\nSecond.'))).toEqual({
      consent: 'researchConsent',
      version: 3,
      date: '2026-11-25',
      title: 'Research Consent',
      body: '# Heading\n\nFirst paragraph.\n\nSecond.',
    });
  });

  it('reads the same with Windows line endings, a byte order mark, quotes, any key order and blank lines', () => {
    const text = `\uFEFF---\r\ntitle: "Rejuvenation Olympics Consent"\r\n\r\ndate: '2026-02-28'\r\nversion: 12\r\nconsent: rejuvenationOlympicsConsent\r\n---\r\nText\r\n`;
    expect(parseConsentStatement(text)).toEqual({
      consent: 'rejuvenationOlympicsConsent',
      version: 12,
      date: '2026-02-28',
      title: 'Rejuvenation Olympics Consent',
      body: 'Text',
    });
  });

  it('keeps a title with a colon in it, and the body’s own "---" lines', () => {
    const parsed = parseConsentStatement(statement(valid.replace('Research Consent', 'Research: Consent'), 'Above\n\n---\n\nBelow'));
    expect(parsed.title).toBe('Research: Consent');
    expect(parsed.body).toBe('Above\n\n---\n\nBelow');
  });

  it.each([
    ['no front matter', 'Just text', 'must begin with a "---" line'],
    ['an unclosed front matter', `---\n${valid}\nBody`, 'not closed'],
    ['a line that is not key: value', statement(`${valid}\njust words`), 'the front matter line "just words" is not "key: value"'],
    ['an unknown key', statement(`${valid}\nauthor: Lab`), 'unknown front matter key "author"'],
    ['a key given twice', statement(`${valid}\nversion: 4`), 'the front matter key "version" is given twice'],
    ['a missing key', statement('consent: researchConsent\nversion: 1\ndate: 2026-11-25'), 'the front matter has no title'],
    ['a blank value', statement(valid.replace('Research Consent', ' ')), 'the front matter has no title'],
    ['an unknown consent', statement(valid.replace('researchConsent', 'marketingConsent')), 'consent must be researchConsent or'],
    ['a version that is not a whole number', statement(valid.replace('3', '1.5')), 'version must be a whole number from 1, got "1.5"'],
    ['a version 0', statement(valid.replace('3', '0')), 'version must be a whole number from 1, got "0"'],
    ['a date that is no calendar day', statement(valid.replace('2026-11-25', '2026-02-30')), 'date must be a calendar date'],
    ['a date of another form', statement(valid.replace('2026-11-25', '25.11.2026')), 'date must be a calendar date'],
    ['no statement text', statement(valid, '  '), 'the researchConsent statement has no text'],
  ])('throws a clear error for %s', (_case, text, message) => {
    expect(() => parseConsentStatement(text)).toThrow(message);
    expect(() => parseConsentStatement(text)).toThrow(/^Malformed consent statement: /);
  });

  it('reads the two default files: a laboratory’s consent template for people, no file name or developer word (issue 41)', () => {
    const research = parseConsentStatement(file('research.md'));
    const olympics = parseConsentStatement(file('rejuvenation-olympics.md'));
    expect(research).toMatchObject({ consent: 'researchConsent', version: 1, date: '2026-11-25', title: 'Research Consent' });
    expect(olympics).toMatchObject({
      consent: 'rejuvenationOlympicsConsent',
      version: 1,
      date: '2026-11-25',
      title: 'Rejuvenation Olympics Consent',
    });
    for (const statement of [research, olympics]) {
      for (const part of ['Why we ask', 'What data we use', 'Who sees it', 'How long we keep it', 'How to withdraw', 'Contact']) {
        expect(statement.body).toContain(`## ${part}`);
      }
      expect(statement.body).toMatch(/The laboratory replaces it with [\s\S]*approved/);
      expect(statement.body).not.toMatch(/content\/|\.md\b|placeholder|deployment|front matter|`/i);
    }
  });
});
