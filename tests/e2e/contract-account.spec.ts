import { expect, type Page } from '@playwright/test';
import { contractTest, signInToPortal } from './contract/contract-test';
import { chooseOption, expectAccessible } from './support';

/**
 * The account tab and the provider profile against the in-test fake written from the documents (kits §2, §5, §7,
 * README decisions), not the reference server: PUT /Users/Me and PATCH /Users/Me/Consents go out exactly as the
 * contract writes them, and the fake's user record (which leaves its address and consents out, and adds fields of
 * its own) is read as the screens need it.
 */

const test = contractTest;

test.use({ serviceWorkers: 'block' });

const toast = (page: Page, text: string) => page.getByRole('status').filter({ hasText: text }).last();
const save = (page: Page) => page.getByRole('button', { name: 'Save Changes' }).click();

test('the account tab refuses blank fields, then saves exactly the body the contract names and reads it back', async ({ page, api }) => {
  await signInToPortal(page);
  await page.goto('/settings/account');
  const account = page.getByRole('region', { name: 'Account' });
  await expect(account.getByLabel('First name')).toHaveValue('Grace');
  await expect(account.getByLabel('Last name')).toHaveValue('Hall');
  await expect(account.getByLabel('Email', { exact: true })).toHaveValue('grace.hall@harbor.example');
  await expect(account.getByLabel('Email', { exact: true })).toBeDisabled();
  await expect(account.getByRole('switch', { name: 'Email notifications' })).toBeChecked();
  await expect(page.getByRole('heading', { name: 'Change Password' })).toBeVisible();

  // The fake's record has no phone: kits §5 asks for one before anything is sent.
  await account.getByLabel('First name').fill(' ');
  await save(page);
  await expect(account.getByText('First name is required')).toBeVisible();
  await expect(account.getByText('Phone is required')).toBeVisible();
  await expectAccessible(page, { label: 'account tab with refused fields, against the contract fake' });
  expect(api.callsTo('PUT', '/Users/Me')).toEqual([]);

  await account.getByLabel('First name').fill('Grace');
  await expect(account.getByText('First name is required')).toHaveCount(0);
  await account.getByLabel('Last name').fill('Hall-Reed ');
  await account.getByLabel('Phone').fill('(207) 555-0142');
  await account.getByRole('switch', { name: 'Email notifications' }).click();
  await save(page);
  await expect(toast(page, 'Changes saved successfully!')).toBeVisible();
  expect(api.lastCallTo('PUT', '/Users/Me').body).toStrictEqual({
    firstName: 'Grace',
    lastName: 'Hall-Reed',
    phone: '(207) 555-0142',
    receiveNotifications: false,
  });

  await page.reload();
  await expect(account.getByLabel('Last name')).toHaveValue('Hall-Reed');
  await expect(account.getByLabel('Phone')).toHaveValue('(207) 555-0142');
  await expect(account.getByRole('switch', { name: 'Email notifications' })).not.toBeChecked();
  expect(api.unknownCalls(), 'calls the documents do not name').toEqual([]);
});

test('the provider profile saves its address with PUT /Users/Me and a consent with PATCH /Users/Me/Consents', async ({ page, api }) => {
  await signInToPortal(page);
  await page.goto('/account');
  await expect(page.getByRole('heading', { name: 'Profile' })).toBeVisible();
  await page.getByLabel('Phone').fill('(207) 555-0142');
  await page.getByLabel('Address line 1').fill('1 Harbor Way');
  await page.getByLabel('City').fill('Portland');
  await page.getByLabel('Zip code').fill('04101');
  await chooseOption(page, 'Country', 'United States of America');
  await chooseOption(page, 'State', 'Maine');
  await save(page);
  await expect(toast(page, 'Changes saved successfully!')).toBeVisible();
  expect(api.lastCallTo('PUT', '/Users/Me').body).toStrictEqual({
    firstName: 'Grace',
    lastName: 'Hall',
    phone: '(207) 555-0142',
    address: { addressLine1: '1 Harbor Way', addressLine2: null, city: 'Portland', state: 'ME', zipCode: '04101', country: 'US' },
  });

  await page.getByRole('tab', { name: 'Data & Privacy' }).click();
  // The fake leaves the consents out: none given.
  await expect(page.getByRole('switch', { name: 'Research consent' })).not.toBeChecked();
  await page.getByRole('switch', { name: 'Research consent' }).click();
  await page.getByRole('dialog', { name: 'Research Consent' }).getByRole('button', { name: 'I agree' }).click();
  await expect(toast(page, 'Your consents updated successfully.')).toBeVisible();
  expect(api.lastCallTo('PATCH', '/Users/Me/Consents').body).toStrictEqual({
    uid: 'usr_7f3a9c',
    researchConsent: true,
    rejuvenationOlympicsConsent: false,
  });
  await expectAccessible(page, { label: 'profile Data & Privacy tab against the contract fake' });
  expect(api.unknownCalls(), 'calls the documents do not name').toEqual([]);
});
