import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { startupBanner } from '../../server/banner';
import { DEFAULT_CONFIG, readConfig, readRuntimeSettings } from '../../server/config';
import { describeStorage } from '../../server/db/open';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '../../server/seed/seed';

describe('server settings from the environment', () => {
  it('uses the documented defaults when nothing is set', () => {
    expect(readConfig({})).toEqual(DEFAULT_CONFIG);
    expect(DEFAULT_CONFIG).toMatchObject({
      accessTokenTtlSeconds: 900,
      refreshTokenTtlSeconds: 86_400,
      rememberMeRefreshTokenTtlSeconds: 2_592_000,
      restoreTokenTtlSeconds: 3_600,
      testMode: false,
    });
    expect(readRuntimeSettings({})).toEqual({
      port: 8080,
      host: '127.0.0.1',
      staticDir: 'dist',
      pgliteDataDir: '.data/pglite',
      databaseUrl: undefined,
    });
    expect(DEFAULT_CONFIG.publicUrl).toBe('http://localhost:8080');
  });

  it('reads every setting that is given', () => {
    const config = readConfig({
      ACCESS_TOKEN_TTL_SECONDS: '5',
      REFRESH_TOKEN_TTL_SECONDS: '60',
      REMEMBER_ME_REFRESH_TOKEN_TTL_SECONDS: '120',
      RESTORE_TOKEN_TTL_SECONDS: '30',
      TOKEN_SECRET: 's'.repeat(32),
      PUBLIC_URL: 'https://portal.example/',
      NODE_ENV: 'production',
      WEBHOOK_RETRY_BASE_MS: '250',
      WEBHOOK_MAX_ATTEMPTS: '8',
      WEBHOOK_POLL_MS: '100',
      WEBHOOK_TIMEOUT_MS: '2000',
      CONSENTS_DIR: '/srv/consents',
      TRUST_PROXY: '1',
      ORDER_CLAIM_LEASE_MS: '3000',
    });
    expect(config).toEqual({
      accessTokenTtlSeconds: 5,
      refreshTokenTtlSeconds: 60,
      rememberMeRefreshTokenTtlSeconds: 120,
      restoreTokenTtlSeconds: 30,
      tokenSecret: 's'.repeat(32),
      publicUrl: 'https://portal.example',
      testMode: false,
      production: true,
      webhookRetryBaseMs: 250,
      webhookMaxAttempts: 8,
      webhookPollMs: 100,
      webhookTimeoutMs: 2000,
      consentsDir: '/srv/consents',
      trustProxy: true,
      orderClaimLeaseMs: 3000,
    });
    expect(
      readRuntimeSettings({
        PORT: '8099',
        HOST: '0.0.0.0',
        STATIC_DIR: 'build',
        PGLITE_DATA_DIR: 'memory://',
        DATABASE_URL: 'postgres://db/portal',
      }),
    ).toEqual({
      port: 8099,
      host: '0.0.0.0',
      staticDir: 'build',
      pgliteDataDir: 'memory://',
      databaseUrl: 'postgres://db/portal',
    });
  });

  it('mounts the test-only routes only for PORTAL_TEST_MODE=1', () => {
    expect(readConfig({ PORTAL_TEST_MODE: '1' }).testMode).toBe(true);
    expect(readConfig({ PORTAL_TEST_MODE: 'true' }).testMode).toBe(false);
    expect(readConfig({ PORTAL_TEST_MODE: '0' }).testMode).toBe(false);
  });

  it.each([{ PORTAL_ENV: 'production' }, { NODE_ENV: 'production' }])('refuses test mode together with %o', (production) => {
    expect(() => readConfig({ ...production, PUBLIC_URL: 'https://portal.example', PORTAL_TEST_MODE: '1' })).toThrow(
      /PORTAL_TEST_MODE=1 cannot run in production/,
    );
  });

  it('requires PUBLIC_URL in production, and in development defaults it to the server’s own port', () => {
    expect(() => readConfig({ PORTAL_ENV: 'production' })).toThrow(/PUBLIC_URL must be set in production/);
    expect(readConfig({ PORTAL_ENV: 'production', PUBLIC_URL: 'https://portal.example' }).publicUrl).toBe('https://portal.example');
    expect(readConfig({ PORT: '8099' }).publicUrl).toBe('http://localhost:8099');
    expect(readConfig({ PUBLIC_URL: 'https://lab.example/portal/' }).publicUrl).toBe('https://lab.example/portal');
  });

  it('takes production settings from NODE_ENV or PORTAL_ENV, development otherwise', () => {
    expect(readConfig({ PORTAL_ENV: 'production', PUBLIC_URL: 'https://portal.example' }).production).toBe(true);
    expect(readConfig({ NODE_ENV: 'development' }).production).toBe(false);
    expect(readConfig({}).production).toBe(false);
  });

  it.each([
    [{ ACCESS_TOKEN_TTL_SECONDS: 'soon' }, /ACCESS_TOKEN_TTL_SECONDS/],
    [{ REFRESH_TOKEN_TTL_SECONDS: '-1' }, /REFRESH_TOKEN_TTL_SECONDS/],
    [{ TOKEN_SECRET: 'short' }, /TOKEN_SECRET must be at least 32/],
    [{ PUBLIC_URL: 'portal.example' }, /PUBLIC_URL/],
    [{ PUBLIC_URL: 'javascript:alert(1)' }, /PUBLIC_URL/],
    [{ PUBLIC_URL: 'https://user:pass@portal.example' }, /PUBLIC_URL/],
    [{ PUBLIC_URL: 'https://portal.example/?next=evil' }, /PUBLIC_URL/],
    [{ WEBHOOK_MAX_ATTEMPTS: '4' }, /WEBHOOK_MAX_ATTEMPTS must be at least 5/],
  ])('refuses to start with %o', (env, message) => {
    expect(() => readConfig(env)).toThrow(message);
  });

  it('refuses a port outside the valid range', () => {
    expect(() => readRuntimeSettings({ PORT: '70000' })).toThrow(/PORT/);
  });

  it('names the storage without printing a database password', () => {
    expect(describeStorage({ databaseUrl: 'postgres://portal:secret@db:5432/portal', pgliteDataDir: '' })).not.toContain('secret');
    expect(describeStorage({ databaseUrl: undefined, pgliteDataDir: 'memory://' })).toBe('PGlite in memory');
  });
});

describe('start-up banner', () => {
  it('prints the address, the demo password and every demo account with what it shows', () => {
    const text = startupBanner({
      url: 'http://localhost:8080',
      storage: 'PGlite in memory',
      spaBuilt: true,
      staticDir: 'dist',
      testMode: false,
    });
    expect(text).toContain('http://localhost:8080');
    expect(text).toContain(DEMO_PASSWORD);
    for (const account of DEMO_ACCOUNTS) expect(text).toContain(`${account.username}  `);
    for (const account of DEMO_ACCOUNTS) expect(text).toContain(account.demonstrates);
  });

  it('tells how to build the app when there is no build', () => {
    const text = startupBanner({
      url: 'http://localhost:8080',
      storage: 'PGlite in memory',
      spaBuilt: false,
      staticDir: 'dist',
      testMode: true,
    });
    expect(text).toContain('npm run build');
    expect(text).toContain('__test');
  });
});

describe('a server started with settings it cannot run with', () => {
  /** Runs server/main.ts as `npm run serve` would, and answers how it ended and what it printed. */
  function start(env: Record<string, string>): { status: number | null; stderr: string; stdout: string } {
    const run = spawnSync(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
      env: { ...process.env, PGLITE_DATA_DIR: 'memory://', PORT: '1', ...env },
      encoding: 'utf8',
      timeout: 30_000,
    });
    return { status: run.status, stderr: run.stderr, stdout: run.stdout };
  }

  it('refuses to start in production with test mode on, in one line that says why', () => {
    const run = start({ PORTAL_ENV: 'production', PUBLIC_URL: 'https://portal.example', PORTAL_TEST_MODE: '1' });
    expect(run.status).toBe(1);
    expect(run.stdout).toBe('');
    expect(run.stderr.trim().split('\n')).toEqual([
      'The server could not start: PORTAL_TEST_MODE=1 cannot run in production: its routes reset the database and hand out restore links without sign-in',
    ]);
  });

  it('refuses to start in production without PUBLIC_URL, in one line that says why', () => {
    const run = start({ NODE_ENV: 'production' });
    expect(run.status).toBe(1);
    expect(run.stderr.trim().split('\n')).toHaveLength(1);
    expect(run.stderr).toContain('PUBLIC_URL must be set in production');
  });
});
