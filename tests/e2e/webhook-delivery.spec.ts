import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test } from '@playwright/test';
import * as v from 'valibot';
import { KitStatus } from '../../src/model/kits/kit-status';
import { PRACTICE_IDS } from '../../server/seed/seed-data';
import { seedKitBarcode } from '../../server/seed/kits';
import { DeliveryPayloadSchema } from '../../server/developers/payload';
import { DeliveryHeader } from '../../server/developers/sender';
import { verifySignature } from '../../server/developers/signature';
import { openSignedIn, resetDatabase } from './support';

/**
 * Issue 11, "Done when": a local receiver registered as an endpoint on /integrations gets a correctly signed event
 * after a kit status change, verifies the signature with the secret shown on /integrations, and gets the retries
 * after failing twice. The reference server runs with WEBHOOK_RETRY_BASE_MS=200 (playwright.config.ts), so the
 * two retries come after 200 and 400 ms.
 */

interface Hit {
  readonly headers: IncomingHttpHeaders;
  readonly body: string;
}

/** Answers 500 to the first `failures` requests, then 200; keeps every request as it came. */
function receiver(failures: number) {
  const hits: Hit[] = [];
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      hits.push({ headers: request.headers, body: Buffer.concat(chunks).toString('utf8') });
      response.statusCode = hits.length <= failures ? 500 : 200;
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

const headerOf = (hit: Hit, name: string): string => String(hit.headers[name.toLowerCase()] ?? '');

test('a kit status change reaches the registered receiver signed with the secret shown on /integrations, retried after two failures', async ({
  page,
  request,
}) => {
  await resetDatabase(request);
  const hooks = receiver(2);
  const endpoint = await hooks.start();
  try {
    await openSignedIn(page, 'hcp.checkout', '/integrations');
    await expect(page.getByRole('heading', { name: 'Developer Settings' })).toBeVisible();

    // The secret as the page shows it.
    await page.getByRole('button', { name: 'Show Webhooks Secret', exact: true }).click();
    const secret = await page.getByRole('textbox', { name: 'Webhooks Secret', exact: true }).inputValue();
    expect(secret).toMatch(/^whsec_/);

    // The receiver, registered for kit status changes only.
    await page.getByRole('button', { name: 'New Webhook', exact: true }).click();
    const form = page.getByRole('form', { name: 'New Webhook' });
    await form.getByLabel('Endpoint URL').fill(endpoint);
    await form.getByRole('checkbox', { name: 'Report ready' }).uncheck();
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Webhook created successfully' })).toBeVisible();

    // The documented test-mode trigger; it answers before any delivery is attempted.
    const barcode = seedKitBarcode(PRACTICE_IDS.riverside, 8);
    const changed = await request.post(`/portalApi/__test/kits/${barcode}/status`, {
      data: { status: KitStatus.ResultReady, practiceId: PRACTICE_IDS.riverside },
    });
    expect(changed.ok(), await changed.text()).toBe(true);

    // Two 500s, then the third attempt is answered 200: three requests, one delivery.
    await expect.poll(() => hooks.hits.length, { timeout: 15_000 }).toBe(3);
    const ids = new Set(hooks.hits.map((hit) => headerOf(hit, DeliveryHeader.delivery)));
    expect(ids.size).toBe(1);
    for (const hit of hooks.hits) {
      expect(headerOf(hit, 'content-type')).toMatch(/^application\/json/);
      expect(headerOf(hit, DeliveryHeader.event)).toBe('KitStatusChanged');
      expect(verifySignature(secret, headerOf(hit, DeliveryHeader.signature), hit.body, 300)).toBe(true);
      expect(verifySignature(`${secret}x`, headerOf(hit, DeliveryHeader.signature), hit.body, 300)).toBe(false);
      const event = v.parse(DeliveryPayloadSchema, JSON.parse(hit.body));
      expect(event.id).toBe(headerOf(hit, DeliveryHeader.delivery));
      expect(event.type).toBe('KitStatusChanged');
      expect(event.data.kit.barcode).toBe(barcode);
      expect(event.data.kit.status.status).toBe(KitStatus.ResultReady);
    }
    // Nothing more once delivered.
    await page.waitForTimeout(1_000);
    expect(hooks.hits).toHaveLength(3);
  } finally {
    await hooks.close();
  }
});
