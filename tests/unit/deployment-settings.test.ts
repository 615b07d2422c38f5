import { readFileSync } from 'node:fs';
import { parseEnv } from 'node:util';
import { describe, expect, it } from 'vitest';
import { DEFAULTED_SETTINGS, KEYS_WITHOUT_DEFAULT } from '../../scripts/deployment-settings.mjs';

/** Contract decisions: every deployment setting the documents name has a committed default, except the two keys. */

const committed = parseEnv(readFileSync(new URL('../../.env', import.meta.url), 'utf8'));
const readme = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');

describe('the committed deployment settings (.env)', () => {
  it.each(DEFAULTED_SETTINGS)('%s has a default', (name) => {
    expect(committed[name]?.trim()).toBeTruthy();
  });

  it('the support settings are mail addresses, registration an https address, help the portal’s own pages', () => {
    for (const name of DEFAULTED_SETTINGS.filter((setting) => setting.includes('EMAIL')))
      expect(committed[name]).toMatch(/^[^\s@]+@[^\s@]+\.[a-z]+$/);
    expect(new URL(committed.VITE_KIT_REGISTRATION_URL ?? '').protocol).toBe('https:');
    // Issue 41 item 4: the Help Center frames the reference server's help pages, on the portal's own origin.
    expect(committed.VITE_HELP_CENTER_URL).toBe('/help/');
  });

  it.each(KEYS_WITHOUT_DEFAULT)('%s stays empty', (name) => {
    expect(committed[name] ?? '').toBe('');
  });

  it.each([...DEFAULTED_SETTINGS, ...KEYS_WITHOUT_DEFAULT])('the README lists %s with its default', (name) => {
    const row = readme.split('\n').find((line) => line.startsWith(`| \`${name}\``));
    expect(row).toBeDefined();
    if (committed[name]) expect(row).toContain(committed[name]);
  });
});
