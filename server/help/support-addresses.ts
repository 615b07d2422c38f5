import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseEnv } from 'node:util';
import type { SupportAddresses } from './help-content';

const NAMES = {
  patient: 'VITE_SUPPORT_EMAIL_PATIENT',
  provider: 'VITE_SUPPORT_EMAIL_PROVIDER',
  research: 'VITE_SUPPORT_EMAIL_RESEARCH',
} as const;

const ADDRESS = /^[^\s@<>"']+@[^\s@<>"']+\.[a-z]+$/i;

function committedSettings(dir: string): Record<string, string | undefined> {
  try {
    return parseEnv(readFileSync(join(dir, '.env'), 'utf8'));
  } catch {
    return {};
  }
}

/**
 * The help pages' contact addresses are the app's own support settings (README "Settings"), so that the help and
 * the portal name the same addresses: from the environment, else the committed .env the build reads too. A value
 * that is not a mail address is left out rather than shown.
 */
export function supportAddresses(env: NodeJS.ProcessEnv = process.env, dir = process.cwd()): SupportAddresses {
  const committed = committedSettings(dir);
  const pick = (name: string) => {
    const value = (env[name] ?? committed[name])?.trim();
    return value && ADDRESS.test(value) ? value : undefined;
  };
  return { patient: pick(NAMES.patient), provider: pick(NAMES.provider), research: pick(NAMES.research) };
}
