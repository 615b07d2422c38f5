import { expect, type Page } from '@playwright/test';
import { contractTest, signInToPortal } from './contract/contract-test';
import { FAKE_WEBHOOKS } from './contract/portal-api-webhooks';
import { expectAccessible } from './support';

/**
 * The webhook console is this project's extension of the contract (issue 44): against the contract fake, which
 * answers 404 to every call the documents do not name, /integrations still works and each console part says
 * plainly that it is not available, asking nothing before someone uses it.
 */

const test = contractTest;
test.use({ serviceWorkers: 'block' });

const button = (page: Page, name: string) => page.getByRole('button', { name, exact: true });
const HOOK = FAKE_WEBHOOKS[0]?.endpoint ?? '';

test('without the console’s calls the page works and each part says it is not available', async ({ page, api }) => {
  await signInToPortal(page);
  await page.goto('/integrations');
  await expect(page.getByRole('heading', { name: 'Developer Settings' })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Webhooks' }).getByRole('listitem')).toHaveCount(2);
  // Nothing the documents do not name is asked for until the console is used.
  expect(api.unknownCalls()).toEqual([]);

  const notAvailable = 'Test events and the delivery log are not available on this server.';
  await page.getByRole('button', { name: `Send test event to ${HOOK}` }).click();
  // An error toast: the call failed, and the page says why in plain words.
  await expect(page.getByRole('alert').filter({ hasText: notAvailable })).toBeVisible();

  await page.getByRole('button', { name: `Show delivery log of ${HOOK}` }).click();
  const list = page.getByRole('list', { name: 'Webhooks' }).getByRole('listitem').filter({ hasText: HOOK });
  await expect(list.getByRole('alert').filter({ hasText: notAvailable })).toBeVisible();
  await expectAccessible(page, { label: 'the console without its calls' });

  await button(page, 'Rotate secret').click();
  const rotate = page.getByRole('dialog', { name: 'Rotate the webhook secret?' });
  await rotate.getByLabel('Your password').fill('Any-password-1');
  await rotate.getByRole('button', { name: 'Rotate secret' }).click();
  await expect(rotate.getByText('Rotating the webhook secret is not available on this server.')).toBeVisible();
  await expectAccessible(page, { label: 'the rotation without its call' });
  await rotate.getByRole('button', { name: 'Cancel' }).click();

  await button(page, 'Regenerate API key').click();
  const regenerate = page.getByRole('dialog', { name: 'Regenerate the API key?' });
  await regenerate.getByLabel('Your password').fill('Any-password-1');
  await regenerate.getByRole('button', { name: 'Regenerate API key' }).click();
  await expect(regenerate.getByText('Regenerating the API key is not available on this server.')).toBeVisible();
  await regenerate.getByRole('button', { name: 'Cancel' }).click();

  // The documented parts still work: the list and the secret are there.
  await expect(page.getByRole('textbox', { name: 'Webhooks Secret', exact: true })).not.toHaveValue('');
  expect(new Set(api.unknownCalls())).toEqual(
    new Set([
      `POST /Webhooks/${FAKE_WEBHOOKS[0]?.uid}/Test`,
      `GET /Webhooks/${FAKE_WEBHOOKS[0]?.uid}/Deliveries`,
      'POST /Webhooks/Secret/Rotate',
      'POST /Webhooks/TokenSchema/Regenerate',
    ]),
  );
});
