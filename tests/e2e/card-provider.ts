import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { APIRequestContext, Page } from '@playwright/test';
import { E2E_CARD_PROVIDER } from '../../playwright.config';

/**
 * The card provider in a journey. Its browser script is served from tests/e2e/fakes/stripe-js.js in place
 * of https://js.stripe.com, and the script's calls to https://api.stripe.com go to the fake provider API that
 * playwright.config.ts starts, so no journey reaches the real provider.
 */

const FAKE_SCRIPT = readFileSync(join(import.meta.dirname, 'fakes', 'stripe-js.js'), 'utf8');

export const TEST_CARDS = {
  visa: '4242424242424242',
  mastercard: '5555555555554444',
  /** Refused by the provider (its test card "generic decline"). */
  declined: '4000000000000002',
} as const;

/** Serves the fake provider script and forwards its API calls to the fake provider. */
export async function useFakeCardProvider(page: Page) {
  await page.route('https://js.stripe.com/**', (route) =>
    route.fulfill({ status: 200, contentType: 'application/javascript; charset=utf-8', body: FAKE_SCRIPT }),
  );
  await page.route('https://api.stripe.com/**', async (route) => {
    const url = new URL(route.request().url());
    const response = await route.fetch({ url: `${E2E_CARD_PROVIDER.url}${url.pathname}${url.search}` });
    await route.fulfill({ response });
  });
}

/** The provider's script cannot be downloaded, as on a network that blocks its host. */
export async function blockCardProvider(page: Page) {
  await page.route('https://js.stripe.com/**', (route) => route.abort('blockedbyclient'));
}

/** Forgets every card and customer of the fake provider, as the database reset does for the portal. */
export async function resetCardProvider(request: APIRequestContext) {
  const response = await request.post(`${E2E_CARD_PROVIDER.url}/__fake/reset`);
  if (!response.ok()) throw new Error(`The fake card provider did not reset: ${response.status()}`);
}
