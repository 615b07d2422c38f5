import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../server/app';
import { readBuildOrigins } from '../../server/http/security-headers';
import { mountSpa } from '../../server/static';
import { API_REFERENCE_PATH } from '../../src/model/developers/webhook-rules';
import { SECURITY_ORIGINS_FILE, thirdPartyOrigins, type ThirdPartyOrigins } from '../../src/model/security/content-security';
import { RecordingLogger, testConfig, useTestServer } from './support/harness';

/** Issue 13, item 1: the security headers on every page and API answer of the reference server. */

const server = useTestServer('pglite');
const CARD_AND_HELP = thirdPartyOrigins({ cardProviderKey: 'pk_live_x', helpCenterUrl: 'https://help.example.org/centre/' });

let dist = '';
beforeAll(async () => {
  dist = await mkdtemp(join(tmpdir(), 'portal-headers-'));
  await mkdir(join(dist, 'assets'));
  await writeFile(join(dist, 'index.html'), '<!doctype html><title>Portal</title><script type="module" src="/assets/a-1.js"></script>');
  await writeFile(join(dist, 'assets', 'a-1.js'), 'console.log(1)');
  await writeFile(join(dist, SECURITY_ORIGINS_FILE), JSON.stringify(CARD_AND_HELP));
});
afterAll(async () => {
  await rm(dist, { recursive: true, force: true });
});

function portal(options: { origins?: ThirdPartyOrigins; testMode?: boolean } = {}) {
  const app = createApp({
    db: server().db,
    config: testConfig({ testMode: options.testMode ?? false }),
    logger: new RecordingLogger(),
    thirdPartyOrigins: options.origins,
  });
  mountSpa(app, dist);
  return app;
}

/** The policy's directives by name, each with its sources. */
function directives(response: Response): Map<string, string[]> {
  const policy = response.headers.get('Content-Security-Policy') ?? '';
  return new Map(
    policy
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter((words) => words[0])
      .map(([name = '', ...sources]) => [name, sources]),
  );
}

const ANSWERS: readonly [string, string, RequestInit?][] = [
  ['the page', '/sign-in'],
  ['a hashed asset', '/assets/a-1.js'],
  ['an API answer', '/portalApi/Products'],
  ['an API refusal', '/portalApi/Auth', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{' }],
  ['an unknown API path', '/portalApi/Nothing/Here'],
];

describe('every answer', () => {
  it.each(ANSWERS)('%s carries the policy and the other security headers', async (_what, path, init) => {
    const response = await portal().request(path, init);
    const policy = directives(response);
    expect(policy.get('default-src')).toEqual(["'self'"]);
    expect(policy.get('script-src')).toEqual(["'self'"]);
    expect(policy.get('frame-ancestors')).toEqual(["'none'"]);
    expect(policy.get('object-src')).toEqual(["'none'"]);
    expect(policy.get('base-uri')).toEqual(["'self'"]);
    expect(policy.has('report-uri')).toBe(false);
    expect(response.headers.get('X-Content-Type-Options')).toBe('nosniff');
    expect(response.headers.get('Referrer-Policy')).toBe('strict-origin-when-cross-origin');
    expect(response.headers.get('Permissions-Policy')).toBe(
      'accelerometer=(), camera=(), geolocation=(), gyroscope=(), magnetometer=(), microphone=(), usb=()',
    );
    expect(response.headers.get('X-Frame-Options')).toBe('DENY');
    expect(response.headers.get('Strict-Transport-Security')).toBeNull();
  });

  it('allows no inline script and no eval, whatever a hand-edited origins file says', async () => {
    const hostile = join(dist, 'hostile');
    await mkdir(hostile, { recursive: true });
    const smuggled = ["'unsafe-inline'", "'unsafe-eval'", '*', 'https:', 'https://ok.example.org; script-src *', 'data:'];
    await writeFile(join(hostile, SECURITY_ORIGINS_FILE), JSON.stringify({ scripts: smuggled, frames: smuggled, connects: smuggled }));
    const response = await portal({ origins: readBuildOrigins(hostile) }).request('/');
    const policy = directives(response);
    expect(policy.get('script-src')).toEqual(["'self'"]);
    expect(policy.get('frame-src')).toEqual(["'self'"]);
    expect(policy.get('connect-src')).toEqual(["'self'"]);
  });
});

describe('the outside origins', () => {
  it('are allowed only as the build declared them: the card provider and the help centre here, no captcha', async () => {
    const response = await portal({ origins: readBuildOrigins(dist) }).request('/orders/new');
    const policy = directives(response);
    expect(policy.get('script-src')).toEqual(["'self'", 'https://js.stripe.com', 'https://*.js.stripe.com']);
    expect(policy.get('frame-src')).toEqual([
      "'self'",
      'https://js.stripe.com',
      'https://*.js.stripe.com',
      'https://hooks.stripe.com',
      'https://help.example.org',
    ]);
    expect(policy.get('connect-src')).toEqual(["'self'", 'https://api.stripe.com']);
  });

  it('are none without a build’s file, the strictest policy', () => {
    expect(readBuildOrigins(join(dist, 'missing'))).toEqual({ scripts: [], frames: [], connects: [] });
  });
});

describe('a page with its own policy', () => {
  it('keeps it: the API reference allows its own scripts only, and is not framed either', async () => {
    const response = await portal().request(`/portalApi${API_REFERENCE_PATH}`);
    const own = response.headers.get('Content-Security-Policy') ?? '';
    expect(own).not.toContain('report-uri');
    expect(directives(response).get('script-src')).toEqual(["'self'"]);
    expect(response.headers.get('X-Frame-Options')).toBe('DENY');
  });
});

describe('Strict-Transport-Security', () => {
  it('is sent over https, directly or behind a proxy that says so', async () => {
    const direct = await portal().request('https://portal.example.org/sign-in');
    expect(direct.headers.get('Strict-Transport-Security')).toBe('max-age=63072000; includeSubDomains');
    const proxied = await portal().request('/portalApi/Products', { headers: { 'X-Forwarded-Proto': 'https' } });
    expect(proxied.headers.get('Strict-Transport-Security')).toBe('max-age=63072000; includeSubDomains');
  });

  it('is never sent over plain http', async () => {
    const response = await portal().request('http://portal.example.org/sign-in', { headers: { 'X-Forwarded-Proto': 'http' } });
    expect(response.headers.get('Strict-Transport-Security')).toBeNull();
  });
});

describe('the test-mode violation collector', () => {
  const REPORT_PATH = '/portalApi/__test/csp-reports';
  const report = (sample: string, page = 'http://127.0.0.1/kits') => ({
    method: 'POST',
    headers: { 'Content-Type': 'application/csp-report' },
    body: JSON.stringify({
      'csp-report': {
        'document-uri': page,
        'violated-directive': 'script-src-elem',
        'effective-directive': 'script-src-elem',
        'blocked-uri': 'inline',
        'script-sample': sample,
        'line-number': 3,
      },
    }),
  });

  it('is the policy’s report-uri in test mode, and collects, lists and forgets a probe’s reports', async () => {
    const app = portal({ testMode: true });
    expect(directives(await app.request('/sign-in')).get('report-uri')).toEqual([REPORT_PATH]);
    expect((await app.request(REPORT_PATH, report('alert(1)', 'http://127.0.0.1/sign-in?probe=1'))).status).toBe(204);
    expect((await app.request(REPORT_PATH, report('something else'))).status).toBe(204);
    const listed = (await (await app.request(REPORT_PATH)).json()) as { violations: { sample: string; directive: string }[] };
    expect(listed.violations.map(({ sample, directive }) => [sample, directive])).toEqual([
      ['alert(1)', 'script-src-elem'],
      ['something else', 'script-src-elem'],
    ]);
    const forgotten = await app.request(`${REPORT_PATH}?page=probe%3D1`, { method: 'DELETE' });
    expect(await forgotten.json()).toEqual({ removed: 1 });
    const left = (await (await app.request(REPORT_PATH)).json()) as { violations: unknown[] };
    expect(left.violations).toHaveLength(1);
  });

  it('refuses a body that is not a report, and does not exist outside test mode', async () => {
    const app = portal({ testMode: true });
    expect((await app.request(REPORT_PATH, { method: 'POST', body: '{"x":1}' })).status).toBe(400);
    expect((await portal().request(REPORT_PATH, report('x'))).status).toBe(404);
  });
});
