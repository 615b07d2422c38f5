import { expect, test, type Page, type Route } from '@playwright/test';
import { DEMO_PASSWORD, resetDatabase, signIn } from './support';

/**
 * Access §8 in the browser: every case of the catalogue reaches the user through the sign-in form,
 * with the server's answer shaped by intercepting the call where the real server cannot produce it.
 */

test.beforeEach(async ({ request }) => resetDatabase(request));

async function answerSignInWith(page: Page, handle: (route: Route) => Promise<void>) {
  await page.route('**/portalApi/Auth', handle);
  await page.goto('/sign-in');
  await signIn(page, 'hcp.checkout');
}

const cases: [string, (route: Route) => Promise<void>, string][] = [
  [
    'a network failure',
    (route) => route.abort('internetdisconnected'),
    'Cannot connect to the server. Please check your connection and try again.',
  ],
  [
    '400 without a message',
    (route) => route.fulfill({ status: 400, body: '' }),
    'The request could not be processed. Please check your input and try again.',
  ],
  ['403 without a message', (route) => route.fulfill({ status: 403, body: '' }), 'You do not have permission to perform this action.'],
  ['404 without a message', (route) => route.fulfill({ status: 404, body: '' }), 'The requested resource was not found.'],
  [
    '500 without a message',
    (route) => route.fulfill({ status: 500, body: '' }),
    'An internal server error occurred. Please try again later.',
  ],
  [
    "sign-in's own 401 text, over the server's message",
    (route) => route.fulfill({ status: 401, json: { error: { message: 'Bad credentials' }, correlationId: 'c-401' } }),
    'Invalid username or password. Please try again.',
  ],
  [
    "the server's error.message with its correlationId",
    (route) => route.fulfill({ status: 503, json: { error: { message: 'Sign-in is paused for maintenance' }, correlationId: 'c-503' } }),
    'Sign-in is paused for maintenance (Correlation ID: c-503)',
  ],
  [
    "the server's message when there is no error.message",
    (route) => route.fulfill({ status: 429, json: { message: 'Too many attempts, wait a minute', correlationId: 'c-429' } }),
    'Too many attempts, wait a minute',
  ],
  [
    'a success status whose body carries error.message',
    (route) => route.fulfill({ status: 200, json: { error: { message: 'Account locked' }, correlationId: 'c-200' } }),
    'Account locked (Correlation ID: c-200)',
  ],
  [
    "the action's fallback for an answer it cannot read",
    (route) => route.fulfill({ status: 200, json: { unexpected: true } }),
    'Failed to sign in',
  ],
];

for (const [name, handle, text] of cases) {
  test(`${name}: "${text}"`, async ({ page }) => {
    await answerSignInWith(page, handle);
    await expect(page.getByRole('alert').filter({ hasText: text })).toBeVisible();
    await expect(page).toHaveURL('/sign-in');
    await expect(page.getByLabel('Username or email')).toHaveValue('hcp.checkout');
  });
}

test('the real server refuses a request the form would not send, with its message and correlationId', async ({ page }) => {
  // The form trims and checks; sent directly, a mistyped field reaches the server's own check of the same schema.
  await page.route('**/portalApi/Auth', (route) =>
    route.continue({ postData: JSON.stringify({ username: 42, password: 'x', rememberMe: false }) }),
  );
  await page.goto('/sign-in');
  await signIn(page, 'hcp.checkout');
  await expect(
    page.getByRole('alert').filter({ hasText: /^username: Expected text but received 42 \(Correlation ID: [\w-]+\)$/ }),
  ).toBeVisible();
});

test('a call that outlives 30 seconds says "Request timed out. Please try again."', async ({ page }) => {
  await page.clock.install();
  await page.route('**/portalApi/Auth', () => {
    // Never answered: only the client's own timer can end this call.
  });
  await page.goto('/sign-in');
  await page.getByLabel('Username or email').fill('hcp.checkout');
  await page.getByLabel('Password').fill(DEMO_PASSWORD);
  // The page's time stands still from here, so that only runFor moves it: on a busy machine the real seconds spent
  // clicking and waiting would otherwise count towards the 30 s as well.
  await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1_000);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await page.clock.runFor(29_000);
  await expect(page.getByRole('alert')).toHaveCount(0);
  await page.clock.runFor(1_500);
  await expect(page.getByRole('alert').filter({ hasText: 'Request timed out. Please try again.' })).toBeVisible();
});
