import { describe, expect, it } from 'vitest';
import {
  contentSecurityPolicy,
  isCspSource,
  NO_THIRD_PARTY_ORIGINS,
  readThirdPartyOrigins,
  thirdPartyOrigins,
} from '../../src/model/security/content-security';

describe('thirdPartyOrigins: what a build loads from outside', () => {
  it('is nothing for a build without keys, help centre or outside API', () => {
    expect(thirdPartyOrigins({})).toEqual(NO_THIRD_PARTY_ORIGINS);
    expect(thirdPartyOrigins({ cardProviderKey: '  ', captchaSiteKey: '', helpCenterUrl: ' ', apiBasePath: '/portalApi' })).toEqual(
      NO_THIRD_PARTY_ORIGINS,
    );
  });

  it('adds the card provider’s script, frames and API only with its key', () => {
    expect(thirdPartyOrigins({ cardProviderKey: 'pk_test_1' })).toEqual({
      scripts: ['https://js.stripe.com', 'https://*.js.stripe.com'],
      frames: ['https://js.stripe.com', 'https://*.js.stripe.com', 'https://hooks.stripe.com'],
      connects: ['https://api.stripe.com'],
    });
  });

  it('adds the captcha’s script and frames only with its site key', () => {
    expect(thirdPartyOrigins({ captchaSiteKey: 'site-key' })).toEqual({
      scripts: ['https://www.google.com/recaptcha/', 'https://www.gstatic.com/recaptcha/'],
      frames: ['https://www.google.com/recaptcha/', 'https://recaptcha.google.com/recaptcha/'],
      connects: [],
    });
  });

  it('frames the help centre’s origin and connects to an outside API’s origin, once each', () => {
    expect(
      thirdPartyOrigins({
        helpCenterUrl: 'https://help.diagnostics-lab.example/faq?x=1',
        apiBasePath: 'https://api.diagnostics-lab.example/portalApi',
        cardProviderKey: 'pk',
      }),
    ).toEqual({
      scripts: ['https://js.stripe.com', 'https://*.js.stripe.com'],
      frames: ['https://js.stripe.com', 'https://*.js.stripe.com', 'https://hooks.stripe.com', 'https://help.diagnostics-lab.example'],
      connects: ['https://api.stripe.com', 'https://api.diagnostics-lab.example'],
    });
  });

  it('ignores an address that is not http(s)', () => {
    expect(thirdPartyOrigins({ helpCenterUrl: 'javascript:alert(1)', apiBasePath: 'ftp://files.example' })).toEqual(NO_THIRD_PARTY_ORIGINS);
  });
});

describe('readThirdPartyOrigins: a build’s file, read so that it cannot widen the policy', () => {
  it.each([
    "'unsafe-inline'",
    "'unsafe-eval'",
    "'self'",
    '*',
    'https:',
    'data:',
    'http://evil.example',
    'https://ok.example; script-src *',
    'https://ok.example ',
    'https://ok.example,https://evil.example',
    42,
    null,
  ])('leaves out %j', (source) => {
    expect(isCspSource(source)).toBe(false);
    expect(readThirdPartyOrigins({ scripts: [source], frames: [source], connects: [source] })).toEqual(NO_THIRD_PARTY_ORIGINS);
  });

  it.each(['https://js.stripe.com', 'https://*.js.stripe.com', 'https://www.google.com/recaptcha/', 'http://localhost:5173'])(
    'keeps the source %s',
    (source) => {
      expect(isCspSource(source)).toBe(true);
    },
  );

  it('reads anything that is not an object as no origins', () => {
    expect(readThirdPartyOrigins(null)).toEqual(NO_THIRD_PARTY_ORIGINS);
    expect(readThirdPartyOrigins(['https://js.stripe.com'])).toEqual(NO_THIRD_PARTY_ORIGINS);
    expect(readThirdPartyOrigins({ scripts: 'https://js.stripe.com' })).toEqual(NO_THIRD_PARTY_ORIGINS);
  });
});

describe('contentSecurityPolicy', () => {
  const card = thirdPartyOrigins({ cardProviderKey: 'pk', captchaSiteKey: 'k' });

  it('allows scripts from the portal and the configured providers only: no inline script, no eval', () => {
    const policy = contentSecurityPolicy({ origins: card });
    expect(policy.scriptSrc).toEqual(["'self'", ...card.scripts]);
    expect(policy.scriptSrc?.join(' ')).not.toContain('unsafe');
  });

  it('lets nothing frame the portal, runs no plug-in, keeps <base> on the portal', () => {
    const policy = contentSecurityPolicy({ origins: NO_THIRD_PARTY_ORIGINS });
    expect(policy.frameAncestors).toEqual(["'none'"]);
    expect(policy.objectSrc).toEqual(["'none'"]);
    expect(policy.baseUri).toEqual(["'self'"]);
    expect(policy.defaultSrc).toEqual(["'self'"]);
    expect(policy.frameSrc).toEqual(["'self'"]);
    expect(policy.connectSrc).toEqual(["'self'"]);
  });

  it('names a report-uri only when given one', () => {
    expect(contentSecurityPolicy({ origins: card }).reportUri).toBeUndefined();
    expect(contentSecurityPolicy({ origins: card, reportUri: '/r' }).reportUri).toEqual(['/r']);
  });
});
