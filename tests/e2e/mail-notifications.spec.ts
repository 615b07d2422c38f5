import { expect, test, type Page } from '@playwright/test';
import * as v from 'valibot';
import { KitStatus } from '../../src/model/kits/kit-status';
import { TestKitStatusSchema } from '../../src/model/test-support';
import { MailText } from '../../server/mail/templates/messages';
import { UnsubscribeText } from '../../server/routes/team/unsubscribe';
import { seedKitBarcode } from '../../server/seed/kits';
import { PRACTICE_IDS } from '../../server/seed/seed-data';
import { linkIn, nextMessage, seenMessages } from './inbox';
import { expectAccessible, openSignedIn, resetDatabase } from './support';

/**
 * Issue 39: a kit's result-ready e-mail as the practice's team receives it at the test SMTP server, read in the browser
 * on a desktop and a phone in both colour schemes, and its unsubscribe link followed to the end: the pages it opens,
 * and the account tab's switch, which shows the same flag off.
 */

const AVA = 'ava.morgan@riverside-family.example';
const PHONE = { width: 375, height: 812 } as const;
const DESKTOP = { width: 1400, height: 900 } as const;

/** axe on what the page shows, on a desktop and a phone, in the light and the dark colour scheme. */
async function accessibleEverywhere(page: Page, label: string) {
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    for (const [size, viewport] of [
      ['desktop', DESKTOP],
      ['phone', PHONE],
    ] as const) {
      await page.setViewportSize(viewport);
      await expectAccessible(page, { label: `${label} (${size}, ${colorScheme})` });
    }
  }
  await page.setViewportSize(DESKTOP);
  await page.emulateMedia({ colorScheme: 'light' });
}

test('a result-ready e-mail reaches the team and reads on any screen; its unsubscribe link turns the account’s notifications off', async ({
  page,
  request,
}) => {
  test.slow();
  await resetDatabase(request);
  const seen = await seenMessages(request);
  const barcode = seedKitBarcode(PRACTICE_IDS.riverside, 8);
  const changed = await request.post(`/portalApi/__test/kits/${barcode}/status`, {
    data: { status: KitStatus.ResultReady, practiceId: PRACTICE_IDS.riverside },
  });
  expect(changed.ok(), await changed.text()).toBe(true);
  expect(v.parse(TestKitStatusSchema, await changed.json()).messages).toBeGreaterThan(0);

  const message = await nextMessage(request, AVA, MailText.resultReadySubject(barcode), seen);
  // The message as a mail client shows it.
  await page.setContent(message.html);
  await expect(page.getByRole('heading', { level: 1, name: MailText.resultReadySubject(barcode) })).toBeVisible();
  await expect(page.getByRole('link', { name: MailText.kitButton })).toHaveAttribute('href', new RegExp(`/kits/${barcode}$`));
  await accessibleEverywhere(page, 'result-ready e-mail');

  // Its unsubscribe link, opened without a sign-in: a page that asks first, then one that says it is done.
  const origin = new URL(changed.url()).origin;
  await page.goto(linkIn(message, `${origin}/portalApi/Notifications/Unsubscribe/`));
  await expect(page.getByRole('heading', { level: 1, name: UnsubscribeText.confirmTitle })).toBeVisible();
  await accessibleEverywhere(page, 'unsubscribe page');
  await page.getByRole('button', { name: UnsubscribeText.confirmButton }).click();
  await expect(page.getByRole('heading', { level: 1, name: UnsubscribeText.doneTitle })).toBeVisible();
  await accessibleEverywhere(page, 'unsubscribed page');

  // The account tab's switch is the same flag.
  await openSignedIn(page, 'hcp.checkout', '/settings/account');
  await expect(page.getByRole('switch', { name: 'Email notifications' })).not.toBeChecked();
});
