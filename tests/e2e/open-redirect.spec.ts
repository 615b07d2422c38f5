import { expect, test } from '@playwright/test';
import { OPEN_REDIRECT_VECTORS } from '../support/fixtures/open-redirect-vectors';
import { forgetSession, resetDatabase, signIn } from './support';

/**
 * Issue 13, item 2 in the browser: a sign-in link carrying each open-redirect vector of the corpus as its
 * `redirect` (the one place the portal follows a path it was given; the session guard writes it) lands inside the
 * portal after signing in, and the browser never asks another host for anything.
 */

test.beforeEach(async ({ request }) => {
  await resetDatabase(request);
});

test('the return path is followed inside the portal, and every vector of the corpus stays there', async ({ page, baseURL }) => {
  test.setTimeout(180_000);
  const origin = new URL(baseURL ?? '').origin;
  const elsewhere: string[] = [];
  await page.context().route(
    (url) => url.origin !== origin && !url.hostname.endsWith('.stripe.com'),
    async (route) => {
      elsewhere.push(route.request().url());
      await route.abort();
    },
  );
  const signInFrom = async (query: string) => {
    await forgetSession(page);
    await page.goto(`/sign-in?redirect=${query}`);
    await signIn(page, 'hcp.checkout');
    // Wherever the portal sends the user next: a page of the portal, another host, or an error page.
    await page.waitForURL((url) => url.pathname !== '/sign-in');
  };

  await page.goto('/sign-in');
  // The parameter is honoured: a path of the portal is where the user lands.
  await signInFrom(encodeURIComponent('/orders?from=link'));
  await expect(page).toHaveURL(`${origin}/orders?from=link`);

  const landed: string[] = [];
  for (const vector of OPEN_REDIRECT_VECTORS) {
    await signInFrom(vector);
    const url = new URL(page.url());
    landed.push(`${vector} → ${url.origin === origin ? url.pathname : url.href}`);
    expect(url.origin, vector).toBe(origin);
    // The home page, on its way to the kit list.
    expect(['/', '/kits'], vector).toContain(url.pathname);
  }
  expect(landed).toHaveLength(OPEN_REDIRECT_VECTORS.length);
  expect(elsewhere).toEqual([]);
});
