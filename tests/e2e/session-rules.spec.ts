import { expect, test, type Page, type Request, type Response } from '@playwright/test';
import { ACCESS_TOKEN_TTL_SECONDS } from '../../playwright.config';
import { mainMenu, resetDatabase, signIn } from './support';

/** Access §4, page by page: the page-load rules, one refresh for calls in flight, and a failed refresh. */

test.beforeEach(async ({ request }) => resetDatabase(request));

const SESSION_KEY = 'portal-session';
const apiPath = (url: string) => new URL(url).pathname.replace(/^\/portalApi/, '');

/**
 * The portal calls the page sends. With `fromNextPage`, only those of the page the next navigation loads: the page
 * before it may still be loading its list while the test reloads, and its calls are not the page-load rules' doing.
 */
function recordCalls(page: Page, { fromNextPage = false } = {}) {
  const requests: Request[] = [];
  const responses: Response[] = [];
  let recording = !fromNextPage;
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) recording = true;
  });
  page.on('request', (request) => {
    if (recording && new URL(request.url()).pathname.startsWith('/portalApi/')) requests.push(request);
  });
  page.on('response', (response) => {
    if (requests.includes(response.request())) responses.push(response);
  });
  return {
    paths: () => requests.map((request) => apiPath(request.url())),
    /** Answers in the order their requests were sent, so that a retry can be told from a first call. */
    statuses: () => requests.map((request) => responses.find((response) => response.request() === request)?.status() ?? 0),
    answers: (path: string) => responses.filter((response) => apiPath(response.url()) === path).map((response) => response.status()),
  };
}

/** Rewrites the remembered session the way time or tampering would. */
async function editStoredSession(page: Page, edit: { accessExpired?: boolean; refreshExpired?: boolean; refreshToken?: string }) {
  await page.evaluate(
    ({ key, edit }) => {
      const raw = localStorage.getItem(key);
      if (!raw) throw new Error('no remembered session');
      const session = JSON.parse(raw) as {
        accessToken: { expiresAt: string };
        refreshToken: { token: string; expiresAt: string };
        user: { accessToken: { expiresAt: string }; refreshToken: { token: string; expiresAt: string } };
      };
      const past = new Date(Date.now() - 60_000).toISOString();
      if (edit.accessExpired) session.accessToken.expiresAt = session.user.accessToken.expiresAt = past;
      if (edit.refreshExpired) session.refreshToken.expiresAt = session.user.refreshToken.expiresAt = past;
      if (edit.refreshToken) session.refreshToken.token = session.user.refreshToken.token = edit.refreshToken;
      localStorage.setItem(key, JSON.stringify(session));
    },
    { key: SESSION_KEY, edit },
  );
}

async function signedInWithRememberMe(page: Page, username = 'hcp.checkout') {
  await page.goto('/sign-in');
  await signIn(page, username, { remember: true });
  await expect(page.getByRole('heading', { name: 'Kit Status' })).toBeVisible();
}

test('page load without tokens: signed out, and nothing is asked of the server', async ({ page }) => {
  const calls = recordCalls(page, { fromNextPage: true });
  await page.goto('/kits');
  await expect(page).toHaveURL('/sign-in?redirect=%2Fkits');
  await expect(page.getByRole('heading', { name: 'Welcome Back' })).toBeVisible();
  expect(calls.paths()).toEqual([]);
});

test('page load with a valid access token: authenticated at once, no refresh', async ({ context }) => {
  const first = await context.newPage();
  await signedInWithRememberMe(first);
  const expiresAt = await first.evaluate(
    (key) => (JSON.parse(localStorage.getItem(key) ?? '{}') as { accessToken: { expiresAt: string } }).accessToken.expiresAt,
    SESSION_KEY,
  );
  const second = await context.newPage();
  // The access token lives seconds in this suite; the page's clock stands just before its expiry so that a slow machine cannot make it stale.
  await second.clock.setFixedTime(Date.parse(expiresAt) - 1000);
  const calls = recordCalls(second);
  await second.goto('/orders');
  await expect(second.getByRole('heading', { name: 'Orders' })).toBeVisible();
  await expect(mainMenu(second).first()).toBeVisible();
  expect(calls.paths()[0]).not.toBe('/Auth/refresh');
  // The server's own clock still runs: a refresh may follow its 401, never precede it.
  const firstRefresh = calls.paths().indexOf('/Auth/refresh');
  if (firstRefresh >= 0) expect(calls.statuses().slice(0, firstRefresh)).toContain(401);
});

test('page load with an expired access token and a valid refresh token: refreshed first, then in', async ({ page }) => {
  await signedInWithRememberMe(page);
  await editStoredSession(page, { accessExpired: true });
  const calls = recordCalls(page, { fromNextPage: true });
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Kit Status' })).toBeVisible();
  await expect(mainMenu(page).first()).toBeVisible();
  expect(calls.paths()[0]).toBe('/Auth/refresh');
  expect(calls.answers('/Auth/refresh')).toEqual([200]);
});

test('page load with both tokens expired: signed out without a call, the stored session gone', async ({ page }) => {
  await signedInWithRememberMe(page);
  await editStoredSession(page, { accessExpired: true, refreshExpired: true });
  const calls = recordCalls(page, { fromNextPage: true });
  await page.reload();
  await expect(page).toHaveURL('/sign-in?redirect=%2Fkits');
  expect(calls.paths()).toEqual([]);
  expect(await page.evaluate((key) => localStorage.getItem(key), SESSION_KEY)).toBeNull();
});

test('page load whose refresh fails: signed out with "Session expired. Please sign in again."', async ({ page }) => {
  await signedInWithRememberMe(page);
  await editStoredSession(page, { accessExpired: true, refreshToken: 'tampered-refresh-token' });
  const calls = recordCalls(page, { fromNextPage: true });
  await page.reload();
  await expect(page.getByText('Session expired. Please sign in again.')).toBeVisible();
  await expect(page).toHaveURL('/sign-in?redirect=%2Fkits');
  expect(calls.answers('/Auth/refresh')).toEqual([401]);
  expect(calls.paths()).toEqual(['/Auth/refresh']);
});

test('several calls in flight with an expired token: one refresh, each call retried once', async ({ page }) => {
  await page.goto('/sign-in');
  await signIn(page, 'hcp.net30');
  await expect(page.getByText('Ben Carter')).toBeVisible();
  await page.waitForTimeout((ACCESS_TOKEN_TTL_SECONDS + 1) * 1000);
  const calls = recordCalls(page);
  // Coming back to the tab re-reads what the page shows: the practice and the user, at the same time.
  await page.evaluate(() => window.dispatchEvent(new Event('visibilitychange')));
  await expect.poll(() => calls.answers('/Practices')).toEqual([401, 200]);
  await expect.poll(() => calls.answers('/Users/Me')).toEqual([401, 200]);
  expect(calls.answers('/Auth/refresh')).toEqual([200]);
  await expect(page.getByText('Session expired. Please sign in again.')).toHaveCount(0);
});

test('a refresh that fails mid-session signs out, clears the session and says so', async ({ page }) => {
  await signedInWithRememberMe(page);
  await page.waitForTimeout((ACCESS_TOKEN_TTL_SECONDS + 1) * 1000);
  await page.route('**/portalApi/Auth/refresh', (route) =>
    route.fulfill({ status: 401, json: { error: { message: 'Refresh token is no longer valid' }, correlationId: 'e2e' } }),
  );
  await mainMenu(page).filter({ hasText: 'Settings' }).click();
  await expect(page.getByText('Session expired. Please sign in again.')).toBeVisible();
  await expect(page).toHaveURL('/sign-in?redirect=%2Fsettings%2Faccount');
  expect(await page.evaluate((key) => localStorage.getItem(key), SESSION_KEY)).toBeNull();
});
