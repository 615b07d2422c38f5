import { spawn, spawnSync } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { simpleParser } from 'mailparser';
import { describe, expect, it } from 'vitest';
import { describeMail, startupBanner } from '../../server/banner';
import { MailText } from '../../server/mail/templates/messages';
import { DEFAULT_CONFIG, readConfig, readRuntimeSettings } from '../../server/config';
import { describeStorage } from '../../server/db/open';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '../../server/seed/seed';

/** An SMTP_URL for the production settings below. */
const SMTP = 'smtp://mail.example:587';

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
      metricsPort: undefined,
      shutdownGraceMs: 10_000,
      shutdownCloseDelayMs: 0,
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
      SMTP_URL: 'smtps://portal:secret@mail.example:465',
      MAIL_FROM: 'Lab Portal <portal@lab.example>',
      MAIL_DIR: '/srv/mail',
      MAIL_RETRY_BASE_MS: '500',
      MAIL_MAX_ATTEMPTS: '3',
      MAIL_POLL_MS: '200',
      MAIL_TIMEOUT_MS: '4000',
      ANALYSIS_UPLOAD_DIR: '/srv/uploads',
      ANALYSIS_UPLOAD_TTL_MS: '7200000',
      ANALYSIS_MAX_UPLOADS_PER_PRACTICE: '5',
      ANALYSIS_DISK_RESERVE_BYTES: '2048',
      ANALYSIS_CHECK_LEASE_MS: '60000',
      METRICS_TOKEN: 'm'.repeat(16),
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
      smtpUrl: 'smtps://portal:secret@mail.example:465',
      mailFrom: 'Lab Portal <portal@lab.example>',
      mailDir: '/srv/mail',
      mailRetryBaseMs: 500,
      mailMaxAttempts: 3,
      mailPollMs: 200,
      mailTimeoutMs: 4000,
      analysisUploadDir: '/srv/uploads',
      analysisUploadTtlMs: 7_200_000,
      analysisMaxUploadsPerPractice: 5,
      analysisDiskReserveBytes: 2048,
      analysisCheckLeaseMs: 60_000,
      metricsToken: 'm'.repeat(16),
    });
    expect(
      readRuntimeSettings({
        PORT: '8099',
        HOST: '0.0.0.0',
        STATIC_DIR: 'build',
        PGLITE_DATA_DIR: 'memory://',
        DATABASE_URL: 'postgres://db/portal',
        METRICS_PORT: '9464',
        SHUTDOWN_GRACE_MS: '25000',
        SHUTDOWN_CLOSE_DELAY_MS: '2000',
      }),
    ).toEqual({
      port: 8099,
      host: '0.0.0.0',
      staticDir: 'build',
      pgliteDataDir: 'memory://',
      databaseUrl: 'postgres://db/portal',
      metricsPort: 9464,
      shutdownGraceMs: 25_000,
      shutdownCloseDelayMs: 2_000,
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
    expect(readConfig({ PORTAL_ENV: 'production', PUBLIC_URL: 'https://portal.example', SMTP_URL: SMTP }).publicUrl).toBe(
      'https://portal.example',
    );
    expect(readConfig({ PORT: '8099' }).publicUrl).toBe('http://localhost:8099');
    expect(readConfig({ PUBLIC_URL: 'https://lab.example/portal/' }).publicUrl).toBe('https://lab.example/portal');
  });

  it('requires SMTP_URL in production; in development mail without it goes to .eml files', () => {
    expect(() => readConfig({ PORTAL_ENV: 'production', PUBLIC_URL: 'https://portal.example' })).toThrow(
      /SMTP_URL must be set in production/,
    );
    expect(readConfig({}).smtpUrl).toBeUndefined();
    expect(readConfig({}).mailDir).toBe('.data/mail');
    expect(readConfig({ SMTP_URL: 'smtp://127.0.0.1:2525' }).smtpUrl).toBe('smtp://127.0.0.1:2525');
  });

  it('never repeats a malformed SMTP_URL, which may hold a password', () => {
    expect(() => readConfig({ SMTP_URL: 'https://user:hunter2@mail.example' })).toThrow(/^SMTP_URL must look like smtp:/);
    expect(() => readConfig({ SMTP_URL: 'https://user:hunter2@mail.example' })).not.toThrow(/hunter2/);
  });

  it('takes production settings from NODE_ENV or PORTAL_ENV, development otherwise', () => {
    expect(readConfig({ PORTAL_ENV: 'production', PUBLIC_URL: 'https://portal.example', SMTP_URL: SMTP }).production).toBe(true);
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
    [{ SMTP_URL: 'mail.example:25' }, /SMTP_URL must look like/],
    [{ SMTP_URL: 'smtp://' }, /SMTP_URL must look like/],
    [{ SMTP_URL: 'smtp://mail.example/inbox' }, /SMTP_URL must look like/],
    [{ MAIL_FROM: 'Portal <portal@lab.example>\r\nBcc: all@lab.example' }, /MAIL_FROM must be an address/],
    [{ MAIL_FROM: 'the portal' }, /MAIL_FROM must be an address/],
    [{ MAIL_MAX_ATTEMPTS: '0' }, /MAIL_MAX_ATTEMPTS/],
  ])('refuses to start with %o', (env, message) => {
    expect(() => readConfig(env)).toThrow(message);
  });

  it('refuses a port outside the valid range', () => {
    expect(() => readRuntimeSettings({ PORT: '70000' })).toThrow(/PORT/);
    expect(() => readRuntimeSettings({ METRICS_PORT: '70000' })).toThrow(/METRICS_PORT must be at most 65535/);
  });

  it('refuses a metrics port that is the app’s own, a guessable metrics token and a grace period that is not a number', () => {
    expect(() => readRuntimeSettings({ PORT: '9000', METRICS_PORT: '9000' })).toThrow(/METRICS_PORT must differ from PORT/);
    expect(() => readConfig({ METRICS_TOKEN: 'short-token' })).toThrow(/METRICS_TOKEN must be at least 16 characters/);
    // The value, a credential, is never repeated.
    expect(() => readConfig({ METRICS_TOKEN: 'short-token' })).not.toThrow(/short-token/);
    expect(() => readRuntimeSettings({ SHUTDOWN_GRACE_MS: '10s' })).toThrow(/SHUTDOWN_GRACE_MS must be a positive whole number/);
    expect(() => readRuntimeSettings({ SHUTDOWN_CLOSE_DELAY_MS: '-1' })).toThrow(
      /SHUTDOWN_CLOSE_DELAY_MS must be a whole number of 0 or more/,
    );
    expect(readRuntimeSettings({}).shutdownCloseDelayMs).toBe(0);
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
      mail: describeMail('smtp://portal:hunter2@mail.example:2525', '.data/mail'),
    });
    expect(text).toContain('Mail: SMTP at mail.example:2525');
    expect(text).not.toContain('hunter2');
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
      mail: describeMail(undefined, '.data/mail'),
    });
    expect(text).toContain('Mail: written to .data/mail/ as .eml files (no SMTP_URL)');
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

  it('refuses to start in production without SMTP_URL, in one line that says why', () => {
    const run = start({ NODE_ENV: 'production', PUBLIC_URL: 'https://portal.example' });
    expect(run.status).toBe(1);
    expect(run.stderr.trim().split('\n')).toEqual([
      'The server could not start: SMTP_URL must be set in production: password restore links and notifications are sent through it',
    ]);
  });

  it('refuses to start in production without PUBLIC_URL, in one line that says why', () => {
    const run = start({ NODE_ENV: 'production' });
    expect(run.status).toBe(1);
    expect(run.stderr.trim().split('\n')).toHaveLength(1);
    expect(run.stderr).toContain('PUBLIC_URL must be set in production');
  });
});

describe('a server whose database does not answer', () => {
  it('says so in one line, without the password or a stack, and exits non-zero', async () => {
    const port = await freePort();
    const run = spawnSync(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
      env: { ...process.env, DATABASE_URL: `postgres://portal:hunter2@127.0.0.1:${port}/x`, PORT: '1', LOG_FILE: '' },
      encoding: 'utf8',
      timeout: 30_000,
    });
    expect(run.status).toBe(1);
    expect(run.stdout).toBe('');
    expect(run.stderr.trim().split('\n')).toEqual([
      `The server could not start: the database at postgres://portal:***@127.0.0.1:${port}/x does not answer (connection refused).`,
    ]);
  });
});

describe('a server started without SMTP_URL', () => {
  it('writes the restore message to MAIL_DIR as an .eml file and logs its path, as `npm start` does with .data/mail', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'portal-mail-'));
    const port = await freePort();
    const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
      env: {
        ...process.env,
        PGLITE_DATA_DIR: 'memory://',
        PORT: String(port),
        MAIL_DIR: dir,
        MAIL_POLL_MS: '50',
        SMTP_URL: '',
        LOG_FILE: '',
      },
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    try {
      await expect.poll(() => output, { timeout: 60_000 }).toContain('Mail: written to');
      const answer = await fetch(`http://127.0.0.1:${port}/portalApi/Auth/Password/Forgot`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ username: 'hcp.checkout' }),
      });
      expect(answer.status).toBe(200);
      const messages = async () => (await readdir(dir)).filter((name) => name.endsWith('.eml'));
      await expect.poll(async () => (await messages()).length, { timeout: 20_000 }).toBe(1);
      const [file = ''] = await messages();
      const parsed = await simpleParser(await readFile(path.join(dir, file)));
      expect(parsed.subject).toBe(MailText.restoreSubject);
      expect(parsed.text).toContain(`http://localhost:${port}/restore-password?token=`);
      // The log is one JSON object per line (server/logger.ts); the banner before it is plain text.
      const logged = () =>
        output
          .split('\n')
          .filter((line) => line.startsWith('{'))
          .map((line) => JSON.parse(line) as Record<string, unknown>);
      await expect.poll(logged).toContainEqual(
        expect.objectContaining({
          msg: 'Mail written to a file (no SMTP_URL)',
          file: path.join(dir, file),
          subject: MailText.restoreSubject,
        }),
      );
    } finally {
      child.kill('SIGTERM');
      await new Promise((resolve) => child.once('exit', resolve));
      await rm(dir, { recursive: true, force: true });
    }
  }, 90_000);
});

/** A port nothing listens on now, for a server started below. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}
