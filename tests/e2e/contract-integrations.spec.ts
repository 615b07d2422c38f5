import { expect, type Page } from '@playwright/test';
import { maskSecret } from '../../src/model/developers/webhook-rules';
import { contractTest, signInToPortal } from './contract/contract-test';
import { FAKE_API_KEY, FAKE_MASKED_SECRET, FAKE_SCHEMA_NAME, FAKE_WEBHOOK_SECRET } from './contract/portal-api-webhooks';
import { expectAccessible } from './support';

/**
 * Developer settings (/integrations) against the in-test fake written from the documents (kits §2, §3, §5, §7,
 * §8, §9 and the README's decisions), not the reference server: the API key and schema name masked but for their
 * last 4 characters, the secret as the service masks it, show/hide, copy read back from the clipboard, and the
 * webhooks created, edited and deleted with exactly `{ endpoint, events }` (the events by name). The fake adds
 * fields nobody asked for, leaves optional ones out, and answers saves with bodies the documents do not describe.
 */

const test = contractTest;

test.use({ serviceWorkers: 'block' });

const field = (page: Page, label: string) => page.getByRole('textbox', { name: label, exact: true });
const button = (page: Page, name: string) => page.getByRole('button', { name, exact: true });
const webhookList = (page: Page) => page.getByRole('list', { name: 'Webhooks' }).getByRole('listitem');
const webhookRow = (page: Page, endpoint: string) => webhookList(page).filter({ hasText: endpoint });
const toast = (page: Page, text: string) => page.getByRole('status').filter({ hasText: text });
const clipboardText = (page: Page) => page.evaluate(() => navigator.clipboard.readText());

async function openIntegrations(page: Page) {
  await signInToPortal(page);
  await page.goto('/integrations');
  await expect(page.getByRole('heading', { name: 'Developer Settings' })).toBeVisible();
  await expect(field(page, 'API Key')).not.toHaveValue('');
}

test('API key, schema name and secret: masked but for the last 4, shown and hidden, copied to the clipboard for 2 s', async ({
  page,
  context,
  api,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await openIntegrations(page);

  await expect(field(page, 'API Key')).toHaveValue(maskSecret(FAKE_API_KEY));
  expect(maskSecret(FAKE_API_KEY).endsWith(FAKE_API_KEY.slice(-4))).toBe(true);
  await expect(field(page, 'Schema name')).toHaveValue(maskSecret(FAKE_SCHEMA_NAME));
  // The secret as the service masked it.
  await expect(field(page, 'Webhooks Secret')).toHaveValue(FAKE_MASKED_SECRET);
  await expectAccessible(page, { label: 'developer settings against the contract fake' });

  await button(page, 'Show API Key').click();
  await expect(field(page, 'API Key')).toHaveValue(FAKE_API_KEY);
  // Each field is shown on its own.
  await expect(field(page, 'Schema name')).toHaveValue(maskSecret(FAKE_SCHEMA_NAME));
  await button(page, 'Hide API Key').click();
  await expect(field(page, 'API Key')).toHaveValue(maskSecret(FAKE_API_KEY));

  // A copy takes the full value, masked or not, and says "Copied" for 2 s.
  await button(page, 'Copy API Key').click();
  const copied = page.getByRole('status').filter({ hasText: 'Copied' });
  await expect(copied).toBeVisible();
  expect(await clipboardText(page)).toBe(FAKE_API_KEY);
  await expect(copied).toBeHidden({ timeout: 3_000 });

  await button(page, 'Copy Schema name').click();
  expect(await clipboardText(page)).toBe(FAKE_SCHEMA_NAME);

  await button(page, 'Show Webhooks Secret').click();
  await expect(field(page, 'Webhooks Secret')).toHaveValue(FAKE_WEBHOOK_SECRET);
  await button(page, 'Hide Webhooks Secret').click();
  await expect(field(page, 'Webhooks Secret')).toHaveValue(FAKE_MASKED_SECRET);
  await button(page, 'Copy Webhooks Secret').click();
  await expect.poll(() => clipboardText(page)).toBe(FAKE_WEBHOOK_SECRET);

  // The API documentation opens in a new tab, below the API base the app calls.
  const docs = page.getByRole('link', { name: /API documentation/ });
  await expect(docs).toHaveAttribute('href', '/portalApi/reference');
  await expect(docs).toHaveAttribute('target', '_blank');

  expect(api.callsTo('GET', '/Webhooks/TokenSchema')).toHaveLength(1);
  expect(api.unknownCalls()).toEqual([]);
});

test('a copy the browser refuses says so instead of "Copied"', async ({ page, api }) => {
  await page.addInitScript(() => {
    Object.defineProperty(navigator, 'clipboard', {
      value: { writeText: () => Promise.reject(new DOMException('Write permission denied.', 'NotAllowedError')) },
    });
  });
  await openIntegrations(page);
  await button(page, 'Copy API Key').click();
  await expect(page.getByRole('status').filter({ hasText: 'Could not copy to the clipboard' })).toBeVisible();
  await expect(page.getByText('Copied', { exact: true })).toHaveCount(0);
  expect(api.unknownCalls()).toEqual([]);
});

test('webhooks: the events table, create with every event selected, kits §5 messages, edit one at a time, delete, exact bodies', async ({
  page,
  api,
}) => {
  await openIntegrations(page);

  // The events table: full name (the name where the service gives none) and description.
  const events = page.getByRole('table', { name: 'Webhook events' });
  await expect(events.getByRole('row')).toHaveText([
    /Full name\s*Description/,
    /Kit status changed\s*A kit moved/,
    /Report ready\s*A report/,
    'order.shipped',
  ]);
  // Harbor's two webhooks, never another practice's; each with its events by full name.
  await expect(webhookList(page)).toHaveCount(2);
  await expect(webhookRow(page, 'https://hooks.harbor.example/lab')).toContainText('Kit status changed');
  await expect(webhookRow(page, 'https://erp.harbor.example/in')).toContainText('Report ready');
  await expect(page.getByText('https://lakeshore.example/hook')).toHaveCount(0);

  // "New Webhook" opens with every event selected.
  await button(page, 'New Webhook').click();
  const form = page.getByRole('form', { name: 'New Webhook' });
  await expect(form.getByRole('checkbox')).toHaveCount(3);
  for (const box of await form.getByRole('checkbox').all()) await expect(box).toBeChecked();
  await expectAccessible(page, { label: 'the new webhook form against the contract fake' });

  // Kits §5, each message under its field; nothing is sent.
  await button(page, 'Save').click();
  await expect(form.getByText('Endpoint URL is required')).toBeVisible();
  await form.getByLabel('Endpoint URL').fill('hooks.example');
  await expect(form.getByText('Endpoint URL is required')).toHaveCount(0);
  await button(page, 'Save').click();
  await expect(form.getByText('Please enter a valid URL')).toBeVisible();
  for (const name of ['Kit status changed', 'Report ready', 'order.shipped']) await form.getByRole('checkbox', { name }).uncheck();
  await button(page, 'Save').click();
  await expect(form.getByText('At least one event must be selected')).toBeVisible();
  await expectAccessible(page, { label: 'the new webhook form with kits §5 messages' });
  expect(api.callsTo('POST', '/Webhooks')).toHaveLength(0);

  // Cancel closes and clears; opening again starts afresh.
  await button(page, 'Cancel').click();
  await expect(form).toHaveCount(0);
  await button(page, 'New Webhook').click();
  await expect(form.getByLabel('Endpoint URL')).toHaveValue('');
  await expect(form.getByText(/required|valid URL|At least one/)).toHaveCount(0);
  await expect(form.getByRole('checkbox', { name: 'Report ready' })).toBeChecked();

  // A save the service refuses keeps what was typed and shows its message.
  api.webhooks.failNext('POST', 'Endpoint did not answer the verification request');
  await form.getByLabel('Endpoint URL').fill(' https://new.harbor.example/events ');
  await form.getByRole('checkbox', { name: 'Report ready' }).uncheck();
  await button(page, 'Save').click();
  await expect(form.getByRole('alert')).toContainText('Endpoint did not answer the verification request');
  await expect(form.getByLabel('Endpoint URL')).toHaveValue(' https://new.harbor.example/events ');
  await expect(form.getByRole('checkbox', { name: 'Report ready' })).not.toBeChecked();

  // Saved again: exactly `{ endpoint, events }`, trimmed, the events by name; the list is read again.
  await button(page, 'Save').click();
  await expect(toast(page, 'Webhook created successfully')).toBeVisible();
  await expect(form).toHaveCount(0);
  expect(api.lastCallTo('POST', '/Webhooks').body).toStrictEqual({
    endpoint: 'https://new.harbor.example/events',
    events: ['kit.status.changed', 'order.shipped'],
  });
  await expect(webhookList(page)).toHaveCount(3);

  // Edit opens prefilled in the webhook's place; another Edit replaces it (one at a time).
  await webhookRow(page, 'https://hooks.harbor.example/lab').getByRole('button', { name: 'Edit' }).click();
  const edit = page.getByRole('form', { name: 'Edit Webhook' });
  await expect(edit.getByLabel('Endpoint URL')).toHaveValue('https://hooks.harbor.example/lab');
  await expect(edit.getByRole('checkbox', { name: 'Kit status changed' })).toBeChecked();
  await expect(edit.getByRole('checkbox', { name: 'Report ready' })).not.toBeChecked();
  await webhookRow(page, 'https://erp.harbor.example/in').getByRole('button', { name: 'Edit' }).click();
  await expect(edit).toHaveCount(1);
  await expect(edit.getByLabel('Endpoint URL')).toHaveValue('https://erp.harbor.example/in');
  await expect(edit.getByRole('checkbox', { name: 'Report ready' })).toBeChecked();
  await expect(edit.getByRole('checkbox', { name: 'order.shipped' })).toBeChecked();
  await expect(edit.getByRole('checkbox', { name: 'Kit status changed' })).not.toBeChecked();
  await expectAccessible(page, { label: 'a webhook in edit mode against the contract fake' });

  await edit.getByLabel('Endpoint URL').fill('https://erp.harbor.example/v2/in');
  await edit.getByRole('checkbox', { name: 'order.shipped' }).uncheck();
  await button(page, 'Save').click();
  await expect(toast(page, 'Webhook updated successfully')).toBeVisible();
  expect(api.lastCallTo('PUT', '/Webhooks/wh_4a77').body).toStrictEqual({
    endpoint: 'https://erp.harbor.example/v2/in',
    events: ['report.ready'],
  });
  await expect(webhookRow(page, 'https://erp.harbor.example/v2/in')).toBeVisible();

  // A refused update says why and keeps the form.
  api.webhooks.failNext('PUT', 'Webhook endpoint is already registered');
  await webhookRow(page, 'https://hooks.harbor.example/lab').getByRole('button', { name: 'Edit' }).click();
  await button(page, 'Save').click();
  await expect(edit.getByRole('alert')).toContainText('Webhook endpoint is already registered');
  await button(page, 'Cancel').click();

  // Delete asks first (issue 40); nothing is sent until the question's Delete, then the list is read again.
  await webhookRow(page, 'https://hooks.harbor.example/lab').getByRole('button', { name: 'Delete' }).click();
  const question = page.getByRole('dialog', { name: 'Are you sure you want to delete this webhook?' });
  await expect(question).toBeVisible();
  expect(api.callsTo('DELETE', '/Webhooks/wh_9c1e')).toHaveLength(0);
  await question.getByRole('button', { name: 'Delete' }).click();
  await expect(toast(page, 'Webhook deleted successfully')).toBeVisible();
  expect(api.callsTo('DELETE', '/Webhooks/wh_9c1e')).toHaveLength(1);
  await expect(webhookRow(page, 'https://hooks.harbor.example/lab')).toHaveCount(0);
  expect(api.webhooks.stored(11)).toStrictEqual([
    { endpoint: 'https://erp.harbor.example/v2/in', events: ['report.ready'] },
    { endpoint: 'https://new.harbor.example/events', events: ['kit.status.changed', 'order.shipped'] },
  ]);
  expect(api.unknownCalls()).toEqual([]);
});

test('a service that writes the events’ ids as digit strings: the page reads them and sends the names back', async ({ page, api }) => {
  api.webhooks.ids = 'digit strings';
  await openIntegrations(page);
  await expect(page.getByRole('table', { name: 'Webhook events' }).getByRole('row')).toHaveCount(4);
  await button(page, 'New Webhook').click();
  const form = page.getByRole('form', { name: 'New Webhook' });
  await form.getByLabel('Endpoint URL').fill('https://digits.harbor.example/hook');
  await form.getByRole('checkbox', { name: 'order.shipped' }).uncheck();
  await button(page, 'Save').click();
  await expect(toast(page, 'Webhook created successfully')).toBeVisible();
  expect(api.lastCallTo('POST', '/Webhooks').body).toStrictEqual({
    endpoint: 'https://digits.harbor.example/hook',
    events: ['kit.status.changed', 'report.ready'],
  });
  expect(api.unknownCalls()).toEqual([]);
});
