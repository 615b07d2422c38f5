import { expect, test } from '@playwright/test';
import * as v from 'valibot';
import { CspForgetSchema, CspViolationsSchema } from '../../src/model/test-support';

/**
 * Issue 13, item 1, in the browser: the real build's policy, and proof that a violation reaches the collector that
 * tests/e2e/csp-teardown.ts reads after the suite (so its "zero" can fail).
 */

const REPORTS = '/portalApi/__test/csp-reports';

test('the page’s policy allows the build’s card provider and help centre, no inline script, and nothing may frame it', async ({ page }) => {
  const response = await page.goto('/sign-in');
  const policy = response?.headers()['content-security-policy'] ?? '';
  const scripts = policy.split(';').find((directive) => directive.trim().startsWith('script-src')) ?? '';
  expect(scripts.trim()).toBe("script-src 'self' https://js.stripe.com https://*.js.stripe.com");
  expect(policy).toContain("frame-ancestors 'none'");
  // The default help centre is the portal's own help pages (/help/), which the same origin may frame.
  const frames = policy.split(';').find((directive) => directive.trim().startsWith('frame-src')) ?? '';
  expect(frames.trim().split(/\s+/)).toContain("'self'");
  expect(policy).not.toContain('help.diagnostics-lab.example');
  expect(policy).not.toContain('recaptcha');
  await expect(page.getByRole('button', { name: 'Sign In' })).toBeVisible();
});

test('an injected inline script is refused and reported to the server', async ({ page, request }) => {
  const marker = `csp-probe-${Date.now()}`;
  await page.goto(`/sign-in?${marker}`);
  await expect(page.getByRole('button', { name: 'Sign In' })).toBeVisible();
  const ran = await page.evaluate(async () => {
    const refused = new Promise<string>((resolve) =>
      document.addEventListener('securitypolicyviolation', (event) => resolve(event.effectiveDirective), { once: true }),
    );
    const script = document.createElement('script');
    script.textContent = 'document.body.dataset.probeRan = "yes"';
    document.head.append(script);
    return { directive: await refused, ran: document.body.dataset.probeRan ?? 'no' };
  });
  expect(ran).toEqual({ directive: 'script-src-elem', ran: 'no' });

  await expect
    .poll(async () => {
      const { violations } = v.parse(CspViolationsSchema, await (await request.get(REPORTS)).json());
      return violations.filter((violation) => violation.documentUri.includes(marker)).map((violation) => violation.directive);
    })
    .toEqual(['script-src-elem']);
  const forgotten = v.parse(CspForgetSchema, await (await request.delete(`${REPORTS}?page=${marker}`)).json());
  expect(forgotten.removed).toBe(1);
});
