import { DEMO_ACCOUNTS, DEMO_PASSWORD } from './seed/seed';

/** The start-up text: where the portal answers and which demo accounts to try. */
export function startupBanner(options: {
  url: string;
  storage: string;
  spaBuilt: boolean;
  staticDir: string;
  testMode: boolean;
  /** Where mail goes, e.g. "SMTP at mail.example:587" or "written to .data/mail/ (no SMTP_URL)". */
  mail: string;
}): string {
  const width = Math.max('username'.length, ...DEMO_ACCOUNTS.map((account) => account.username.length));
  const rows = DEMO_ACCOUNTS.map((account) => `  ${account.username.padEnd(width)}  ${account.demonstrates}`);
  return [
    `Portal listening on ${options.url} (API under ${options.url}/portalApi)`,
    `Storage: ${options.storage}`,
    `Mail: ${options.mail}`,
    options.spaBuilt
      ? `App: serving ${options.staticDir}/`
      : `App: no build in ${options.staticDir}/; only the API answers. Run \`npm run build\` to serve the app too.`,
    ...(options.testMode
      ? ['Test mode: /portalApi/__test/reset, /portalApi/__test/restore-link and /portalApi/__test/kits/{barcode}/status are mounted']
      : []),
    '',
    `Demo accounts (password for all: ${DEMO_PASSWORD}):`,
    `  ${'username'.padEnd(width)}  shows`,
    ...rows,
    '',
  ].join('\n');
}

/** The banner's mail line: the SMTP host and port only, never the credentials SMTP_URL may hold. */
export function describeMail(smtpUrl: string | undefined, mailDir: string): string {
  if (!smtpUrl) return `written to ${mailDir}/ as .eml files (no SMTP_URL)`;
  const url = new URL(smtpUrl);
  return `SMTP at ${url.hostname}:${url.port || (url.protocol === 'smtps:' ? '465' : '587')}`;
}
