import { expect } from '@playwright/test';
import { ActivityText } from '../../src/model/activity/activity-texts';
import { KitDetailText } from '../../src/model/kits/kit-detail-texts';
import { SettingsPaths } from '../../src/model/shell/navigation';
import { expectAccessible } from './support';
import { contractTest as test, signInToPortal } from './contract/contract-test';

/**
 * Issue 44 against a service that keeps to the documents (the contract fake, which has no GET /Activity and answers it
 * 404): the kit's Activity section and Settings → Activity say plainly that activity is not available here, and the
 * rest of the page works.
 */

test.use({ serviceWorkers: 'block' });

test('without the trail, the kit page and Settings → Activity say activity is not available and work on', async ({ page, api }) => {
  await signInToPortal(page);
  await page.goto('/kits/HB-0004');
  await expect(page.getByRole('heading', { name: KitDetailText.title('HB-0004') })).toBeVisible();
  const section = page.getByRole('region', { name: ActivityText.section });
  await expect(section).toContainText(ActivityText.unavailable);
  await expect(page.getByRole('button', { name: KitDetailText.statusPill('Result Ready') })).toBeVisible();
  expect(api.lastCallTo('GET', '/Activity').status).toBe(404);
  await expectAccessible(page, { label: 'kit page without the activity trail' });

  await page.goto(SettingsPaths.activity);
  await expect(page.getByRole('tab', { name: 'Activity', selected: true })).toBeVisible();
  await expect(page.getByRole('alert').filter({ hasText: ActivityText.unavailable })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Account' })).toBeVisible();
  await expectAccessible(page, { label: 'Settings → Activity without the activity trail' });
  expect(api.unknownCalls()).toEqual([]);
});
