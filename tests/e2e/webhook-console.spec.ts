import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test, type Page } from '@playwright/test';
import { THEME_STORAGE_KEY } from '../../src/model/constants';
import { DeliveryHeader } from '../../server/developers/sender';
import { parseSignatureHeader, verifySignature } from '../../server/developers/signature';
import { DEMO_PASSWORD, expectAccessible, openSignedIn, resetDatabase } from './support';

/**
 * The webhook console on /integrations against the reference server (issue 44 item 3): a test event reaches a local
 * receiver and shows in the webhook's delivery log with the body it sent; a resend makes a second attempt with the
 * same delivery id; the secret is rotated after a confirmation asking for the password (a wrong one is refused), and
 * the next delivery carries both signatures; the API key is regenerated. On a desktop and a phone, in both themes,
 * with axe on the page and every dialog.
 */

interface Hit {
  readonly headers: IncomingHttpHeaders;
  readonly body: string;
}

function receiver() {
  const hits: Hit[] = [];
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      hits.push({ headers: request.headers, body: Buffer.concat(chunks).toString('utf8') });
      response.statusCode = 200;
      response.end();
    });
  });
  return {
    hits,
    async start(): Promise<string> {
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      return `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const headerOf = (hit: Hit | undefined, name: string): string => String(hit?.headers[name.toLowerCase()] ?? '');
const field = (page: Page, label: string) => page.getByRole('textbox', { name: label, exact: true });
const button = (page: Page, name: string) => page.getByRole('button', { name, exact: true });
const toast = (page: Page, text: string) => page.getByRole('status').filter({ hasText: text });
const logOf = (page: Page, endpoint: string) => page.getByRole('table', { name: `Delivery log of ${endpoint}` });
const entries = (page: Page, endpoint: string) => logOf(page, endpoint).getByRole('row').filter({ hasText: 'Ping' });

/** The full value of a secret field, read by showing it and hiding it again. */
async function shownValue(page: Page, label: string): Promise<string> {
  await button(page, `Show ${label}`).click();
  const value = await field(page, label).inputValue();
  await button(page, `Hide ${label}`).click();
  return value;
}

const THEMES = ['light', 'dark'] as const;
const DEVICES = [
  { device: 'desktop', viewport: { width: 1400, height: 900 } },
  { device: 'phone', viewport: { width: 375, height: 812 } },
] as const;

for (const { device, viewport } of DEVICES) {
  for (const theme of THEMES) {
    test.describe(`on a ${device} in the ${theme} theme`, () => {
      test.use({ viewport });
      test.beforeEach(async ({ page, request }) => {
        await resetDatabase(request);
        await page.addInitScript(([key, value]) => localStorage.setItem(key, value), [THEME_STORAGE_KEY, theme] as const);
      });
      const where = `${device}, ${theme}`;

      test('send a test event and see it in the delivery log, resend it, rotate the secret, regenerate the API key', async ({ page }) => {
        test.slow();
        const hooks = receiver();
        const endpoint = await hooks.start();
        try {
          await openSignedIn(page, 'hcp.checkout', '/integrations');
          await expect(page.getByRole('heading', { name: 'Developer Settings' })).toBeVisible();
          await button(page, 'New Webhook').click();
          await field(page, 'Endpoint URL').fill(endpoint);
          await button(page, 'Save').click();
          await expect(toast(page, 'Webhook created successfully')).toBeVisible();

          // A test event: queued, then sent by the outbox, and in the log with its status and the body it sent.
          await page.getByRole('button', { name: `Send test event to ${endpoint}` }).click();
          await expect(toast(page, 'Test event queued')).toBeVisible();
          await expect(entries(page, endpoint).filter({ hasText: 'HTTP 200' })).toHaveCount(1);
          expect(hooks.hits).toHaveLength(1);
          expect(headerOf(hooks.hits[0], DeliveryHeader.event)).toBe('Ping');
          await expectAccessible(page, { label: `the delivery log (${where})` });

          await entries(page, endpoint).first().getByRole('button', { name: 'View body' }).click();
          const bodyDialog = page.getByRole('dialog', { name: 'Request body' });
          await expect(bodyDialog).toContainText('"type": "Ping"');
          await expect(bodyDialog).toContainText(headerOf(hooks.hits[0], DeliveryHeader.delivery));
          await expectAccessible(page, { label: `a delivery's request body (${where})` });
          await bodyDialog.getByRole('button', { name: 'Close' }).click();
          await expect(bodyDialog).toBeHidden();

          // Resend: a second attempt of the same delivery, newest first in the log.
          await entries(page, endpoint).first().getByRole('button', { name: 'Resend' }).click();
          await expect(toast(page, 'Delivery queued to be sent again')).toBeVisible();
          await expect(entries(page, endpoint).filter({ hasText: 'HTTP 200' })).toHaveCount(2);
          expect(hooks.hits.map((hit) => headerOf(hit, DeliveryHeader.delivery))).toEqual([
            headerOf(hooks.hits[0], DeliveryHeader.delivery),
            headerOf(hooks.hits[0], DeliveryHeader.delivery),
          ]);

          // Rotate the secret: the confirmation names the consequence and needs the password.
          const oldSecret = await shownValue(page, 'Webhooks Secret');
          await button(page, 'Rotate secret').click();
          const rotate = page.getByRole('dialog', { name: 'Rotate the webhook secret?' });
          await expect(rotate).toContainText('keeps signing deliveries beside the new one for 24 hours');
          await rotate.getByRole('button', { name: 'Rotate secret' }).click();
          await expect(rotate.getByText('Enter your password to confirm', { exact: true })).toBeVisible();
          await rotate.getByLabel('Your password').fill('not my password');
          await rotate.getByRole('button', { name: 'Rotate secret' }).click();
          await expect(rotate.getByText('Your password is not correct, so nothing was changed')).toBeVisible();
          // What was typed stays, to be corrected.
          await expect(rotate.getByLabel('Your password')).toHaveValue('not my password');
          await expectAccessible(page, { label: `the rotation's confirmation with its message (${where})` });
          await rotate.getByLabel('Your password').fill(DEMO_PASSWORD);
          await rotate.getByRole('button', { name: 'Rotate secret' }).click();
          await expect(toast(page, 'Webhook secret rotated')).toBeVisible();
          await expect(rotate).toBeHidden();
          await expect(page.getByText(/The previous secret also signs deliveries until/)).toBeVisible();
          const newSecret = await shownValue(page, 'Webhooks Secret');
          expect(newSecret).not.toBe(oldSecret);

          // The next delivery is signed with both secrets during the overlap.
          await page.getByRole('button', { name: `Send test event to ${endpoint}` }).click();
          await expect(entries(page, endpoint).filter({ hasText: 'HTTP 200' })).toHaveCount(3);
          const signed = hooks.hits[2];
          const signature = headerOf(signed, DeliveryHeader.signature);
          expect(parseSignatureHeader(signature)?.signatures).toHaveLength(2);
          expect(verifySignature(newSecret, signature, signed?.body ?? '', 300)).toBe(true);
          expect(verifySignature(oldSecret, signature, signed?.body ?? '', 300)).toBe(true);

          // Regenerate the API key: the old one stops at once, as the confirmation says.
          const oldKey = await shownValue(page, 'API Key');
          await button(page, 'Regenerate API key').click();
          const regenerate = page.getByRole('dialog', { name: 'Regenerate the API key?' });
          await expect(regenerate).toContainText('The old key stops working at once');
          await expectAccessible(page, { label: `the API key's confirmation (${where})` });
          await regenerate.getByLabel('Your password').fill(DEMO_PASSWORD);
          await regenerate.getByRole('button', { name: 'Regenerate API key' }).click();
          await expect(toast(page, 'API key regenerated')).toBeVisible();
          await expect(regenerate).toBeHidden();
          await expect.poll(() => shownValue(page, 'API Key')).not.toBe(oldKey);
          await expectAccessible(page, { label: `developer settings after the rotations (${where})` });
        } finally {
          await hooks.close();
        }
      });
    });
  }
}
