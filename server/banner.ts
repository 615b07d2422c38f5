import { DEMO_ACCOUNTS, DEMO_PASSWORD } from './seed/seed';

/** The start-up text: where the portal answers and which demo accounts to try. */
export function startupBanner(options: { url: string; storage: string; spaBuilt: boolean; staticDir: string; testMode: boolean }): string {
  const width = Math.max('username'.length, ...DEMO_ACCOUNTS.map((account) => account.username.length));
  const rows = DEMO_ACCOUNTS.map((account) => `  ${account.username.padEnd(width)}  ${account.demonstrates}`);
  return [
    `Portal listening on ${options.url} (API under ${options.url}/portalApi)`,
    `Storage: ${options.storage}`,
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
