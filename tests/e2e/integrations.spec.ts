import { expect, test, type Page } from '@playwright/test';
import * as v from 'valibot';
import { THEME_STORAGE_KEY } from '../../src/model/constants';
import { maskSecret } from '../../src/model/developers/webhook-rules';
import { expectAccessible, resetDatabase, signInThroughApi } from './support';

/**
 * Developer settings (/integrations) against the reference server (kits §2, §5, §8, §9; issue 11 item 3): the API
 * key copied to the clipboard is the key the server answers, the secret shows and hides, a webhook is created,
 * edited and deleted with the §8 toasts, an endpoint that is no web address is refused with a message, and the
 * API documentation opens the server's readable reference. No demo practice has webhooks, so the list starts empty.
 */

test.beforeEach(async ({ request }) => {
  await resetDatabase(request);
});

const TokenSchemaAnswer = v.object({ apiKey: v.string(), name: v.string() });
const SecretAnswer = v.object({ secret: v.string(), maskedSecret: v.nullish(v.string()) });

const field = (page: Page, label: string) => page.getByRole('textbox', { name: label, exact: true });
const button = (page: Page, name: string) => page.getByRole('button', { name, exact: true });
const webhookRow = (page: Page, endpoint: string) =>
  page.getByRole('list', { name: 'Webhooks' }).getByRole('listitem').filter({ hasText: endpoint });
const toast = (page: Page, text: string) => page.getByRole('status').filter({ hasText: text });

/** Signs in and opens /integrations, answering what the server said the API key and the secret are. */
async function openIntegrations(page: Page) {
  await signInThroughApi(page, 'hcp.checkout');
  const tokenAnswer = page.waitForResponse((response) => response.url().endsWith('/portalApi/Webhooks/TokenSchema') && response.ok());
  const secretAnswer = page.waitForResponse((response) => response.url().endsWith('/portalApi/Webhooks/Secret') && response.ok());
  await page.goto('/integrations');
  await expect(page.getByRole('heading', { name: 'Developer Settings' })).toBeVisible();
  const token = v.parse(TokenSchemaAnswer, await (await tokenAnswer).json());
  const secret = v.parse(SecretAnswer, await (await secretAnswer).json());
  return { token, secret };
}

test('copies the API key the server answers; the key and schema are masked but for the last 4; the secret shows and hides', async ({
  page,
  context,
}) => {
  // The API reference below may take most of a normal journey's time to draw on a busy machine.
  test.slow();
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const { token, secret } = await openIntegrations(page);

  await expect(field(page, 'API Key')).toHaveValue(maskSecret(token.apiKey));
  await expect(field(page, 'Schema name')).toHaveValue(maskSecret(token.name));
  await expect(field(page, 'Webhooks Secret')).toHaveValue(secret.maskedSecret || maskSecret(secret.secret));
  await expect(field(page, 'Webhooks Secret')).not.toHaveValue(secret.secret);
  await expectAccessible(page, { label: 'developer settings' });

  await button(page, 'Copy API Key').click();
  await expect(page.getByRole('status').filter({ hasText: 'Copied' })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(token.apiKey);
  await expect(page.getByRole('status').filter({ hasText: 'Copied' })).toBeHidden({ timeout: 3_000 });

  await button(page, 'Show Webhooks Secret').click();
  await expect(field(page, 'Webhooks Secret')).toHaveValue(secret.secret);
  await button(page, 'Hide Webhooks Secret').click();
  await expect(field(page, 'Webhooks Secret')).toHaveValue(secret.maskedSecret || maskSecret(secret.secret));

  // The API documentation: the server's readable reference of its OpenAPI document, in a new tab.
  const [reference] = await Promise.all([context.waitForEvent('page'), page.getByRole('link', { name: /API documentation/ }).click()]);
  await expect(reference).toHaveURL(/\/portalApi\/reference$/);
  await expect(reference).toHaveTitle('Diagnostics laboratory portalApi reference');
  // Swagger UI draws nothing until it has resolved the whole contract (470 KB, every field's limits included) on the
  // main thread: 3 to 5 s on an idle machine, past 10 s on two cores that three browser workers keep busy.
  await expect(reference.getByRole('heading', { name: /Diagnostics laboratory portalApi/ })).toBeVisible({ timeout: 30_000 });
  await expect(reference.getByText('/Webhooks/TokenSchema').first()).toBeVisible();
  await expectAccessible(reference, { label: 'the API reference' });
  // An operation opened: its parameters (some a choice of values), examples and responses.
  const kits = reference.getByRole('button', { name: /^GET \/Kits A page of/ });
  await kits.click();
  await expect(kits).toHaveAttribute('aria-expanded', 'true');
  await expect(reference.getByRole('combobox', { name: 'sortDirection' })).toBeVisible();
  await expectAccessible(reference, { label: 'an operation opened in the API reference' });
});

test('creates, edits and deletes a webhook with the §8 toasts; an endpoint that is no web address is refused with a message', async ({
  page,
}) => {
  await openIntegrations(page);
  await expect(page.getByRole('table', { name: 'Webhook events' })).toContainText('Kit status changed');

  await button(page, 'New Webhook').click();
  const form = page.getByRole('form', { name: 'New Webhook' });
  await expect(form.getByRole('checkbox', { name: 'Kit status changed' })).toBeChecked();
  await expect(form.getByRole('checkbox', { name: 'Report ready' })).toBeChecked();
  await expectAccessible(page, { label: 'the new webhook form' });

  // Not a web address: refused by the form with kits §5's message, nothing sent, what was typed kept.
  await form.getByLabel('Endpoint URL').fill('ftp://files.example/hook');
  await button(page, 'Save').click();
  await expect(form.getByText('Please enter a valid URL')).toBeVisible();
  await expect(form.getByLabel('Endpoint URL')).toHaveValue('ftp://files.example/hook');
  // A web address the server refuses (credentials in it): the server's message, the form kept.
  await form.getByLabel('Endpoint URL').fill('https://ops:secret@hooks.example.com/lab');
  await button(page, 'Save').click();
  await expect(form.getByRole('alert')).toContainText('The endpoint must not carry a user name or password');
  await expect(form.getByLabel('Endpoint URL')).toHaveValue('https://ops:secret@hooks.example.com/lab');

  await form.getByLabel('Endpoint URL').fill('https://hooks.example.com/lab');
  await form.getByRole('checkbox', { name: 'Report ready' }).uncheck();
  await button(page, 'Save').click();
  await expect(toast(page, 'Webhook created successfully')).toBeVisible();
  const row = webhookRow(page, 'https://hooks.example.com/lab');
  await expect(row).toContainText('Kit status changed');
  await expect(row).not.toContainText('Report ready');

  await row.getByRole('button', { name: 'Edit' }).click();
  const edit = page.getByRole('form', { name: 'Edit Webhook' });
  await expect(edit.getByLabel('Endpoint URL')).toHaveValue('https://hooks.example.com/lab');
  await expect(edit.getByRole('checkbox', { name: 'Report ready' })).not.toBeChecked();
  await edit.getByLabel('Endpoint URL').fill('https://hooks.example.com/lab/v2');
  await edit.getByRole('checkbox', { name: 'Report ready' }).check();
  await button(page, 'Save').click();
  await expect(toast(page, 'Webhook updated successfully')).toBeVisible();
  const edited = webhookRow(page, 'https://hooks.example.com/lab/v2');
  await expect(edited).toContainText('Report ready');

  // Delete asks first, like deleting a team member: Cancel keeps the webhook, the question's Delete deletes it.
  await edited.getByRole('button', { name: 'Delete' }).click();
  const question = page.getByRole('dialog', { name: 'Are you sure you want to delete this webhook?' });
  await expect(question).toContainText('https://hooks.example.com/lab/v2 will no longer receive events.');
  await expectAccessible(page, { label: 'delete webhook question' });
  await question.getByRole('button', { name: 'Cancel' }).click();
  await expect(question).toBeHidden();
  await expect(edited).toHaveCount(1);
  // The same question on a phone in the dark theme.
  await page.evaluate(([key]) => localStorage.setItem(key, 'dark'), [THEME_STORAGE_KEY] as const);
  await page.setViewportSize({ width: 375, height: 812 });
  await page.reload();
  await edited.getByRole('button', { name: 'Delete' }).click();
  await expect(question).toBeVisible();
  await expectAccessible(page, { label: 'delete webhook question (dark, 375 px)' });
  await question.getByRole('button', { name: 'Delete' }).click();
  await expect(toast(page, 'Webhook deleted successfully')).toBeVisible();
  await expect(edited).toHaveCount(0);
  // The server agrees after a reload.
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Developer Settings' })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Webhook events' })).toBeVisible();
  await expect(page.getByText('https://hooks.example.com/lab')).toHaveCount(0);
});

test('in the dark theme the page and the open form pass axe', async ({ page }) => {
  await page.addInitScript((key) => localStorage.setItem(key, 'dark'), THEME_STORAGE_KEY);
  await openIntegrations(page);
  await expect(page.locator('html')).toHaveClass(/\bdark\b/);
  await expect(page.getByRole('table', { name: 'Webhook events' })).toBeVisible();
  await expectAccessible(page, { label: 'developer settings, dark theme' });
  await button(page, 'New Webhook').click();
  await button(page, 'Save').click();
  await expect(page.getByText('Endpoint URL is required')).toBeVisible();
  await expectAccessible(page, { label: 'the new webhook form with its messages, dark theme' });
});
