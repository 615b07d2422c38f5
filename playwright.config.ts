import { defineConfig, devices } from '@playwright/test';

/**
 * Browser tests: the reference portalApi with a fresh in-memory database serves an e2e build of the app.
 * Access tokens live a few seconds, so refreshing really happens during the run.
 */

export const E2E_PORT = Number(process.env.E2E_PORT ?? 4179);
export const ACCESS_TOKEN_TTL_SECONDS = 4;

export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: false,
  // One server, one database, reseeded before each test: tests take turns.
  workers: 1,
  retries: 0,
  timeout: 45_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  // One folder per port, so that runs on two ports do not wipe each other's traces.
  outputDir: `test-results/e2e-${E2E_PORT}`,
  use: {
    baseURL: `http://127.0.0.1:${E2E_PORT}`,
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], viewport: { width: 1400, height: 900 } } }],
  webServer: {
    command: `npx vite build --mode e2e --outDir .e2e/dist-${E2E_PORT} --emptyOutDir && node --import tsx server/main.ts`,
    url: `http://127.0.0.1:${E2E_PORT}/sign-in`,
    timeout: 120_000,
    reuseExistingServer: false,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(E2E_PORT),
      STATIC_DIR: `.e2e/dist-${E2E_PORT}`,
      PGLITE_DATA_DIR: 'memory://',
      PORTAL_TEST_MODE: '1',
      ACCESS_TOKEN_TTL_SECONDS: String(ACCESS_TOKEN_TTL_SECONDS),
    },
  },
});
