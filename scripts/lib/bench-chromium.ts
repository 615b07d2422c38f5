/** The system Chromium the browser benchmarks drive (no browser is downloaded), and the flags they start it with. */
export const BENCH_CHROMIUM = process.env.CHROME_PATH ?? '/usr/bin/chromium';

export const BENCH_CHROMIUM_FLAGS: readonly string[] = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--no-first-run',
  // Chromium's own downloads and syncing would share the CPU with the page, and this machine's network refuses them.
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
