import { readFileSync } from 'node:fs';
import { expect, type Page } from '@playwright/test';
import { parseConsentStatement } from '../../src/model/account/consent-statement';
import { contractTest, signInToPortal } from './contract/contract-test';
import { PATIENT_CREDENTIALS } from './contract/portal-api-accounts';
import { expectAccessible } from './support';

/**
 * The patient's Account page against the in-test fake written from the documents (kits §2 "Patient Account screen",
 * §4 "Consents", §7, README decisions), not the reference server: the fake's record leaves the research consent out
 * and writes the Olympics one null (both read as not given) and adds fields of its own; PUT /Patients/Me and PATCH
 * /Patients/Me/Consents go out exactly as the contract writes them, the uid the record's own.
 */

const test = contractTest;

test.use({ serviceWorkers: 'block' });

const research = parseConsentStatement(readFileSync(new URL('../../content/consents/research.md', import.meta.url), 'utf8'));
const toast = (page: Page, text: string) => page.getByRole('status').filter({ hasText: text }).last();

async function openAccount(page: Page) {
  await signInToPortal(page, PATIENT_CREDENTIALS);
  await page.goto('/account');
  await expect(page.getByRole('heading', { name: 'Account', level: 2 })).toBeVisible();
}

test('the consents: agreeing through "Learn more" or through the statement a switch opens saves the whole pair with the record’s uid', async ({
  page,
  api,
}) => {
  await openAccount(page);
  await page.getByRole('tab', { name: 'Data & Privacy' }).click();
  const researchSwitch = page.getByRole('switch', { name: 'Research Consent' });
  const olympics = page.getByRole('switch', { name: 'Rejuvenation Olympics Consent' });
  await expect(researchSwitch).not.toBeChecked();
  await expect(olympics).not.toBeChecked();

  await page.getByRole('button', { name: 'Learn more', description: 'Research Consent' }).click();
  const statement = page.getByRole('dialog', { name: research.title });
  await expect(statement).toBeVisible();
  await statement.getByRole('button', { name: "I don't agree" }).click();
  await expect(statement).toBeHidden();
  expect(api.callsTo('PATCH', '/Patients/Me/Consents')).toEqual([]);

  await page.getByRole('button', { name: 'Learn more', description: 'Research Consent' }).click();
  await statement.getByRole('button', { name: 'I agree' }).click();
  await expect(researchSwitch).toBeChecked();
  await expect(toast(page, 'Your consents updated successfully.')).toBeVisible();
  expect(api.lastCallTo('PATCH', '/Patients/Me/Consents').body).toStrictEqual({
    uid: 'pat_5c7e10',
    researchConsent: true,
    rejuvenationOlympicsConsent: false,
  });

  // Issue 41: turning a consent on opens its statement; "I don't agree" leaves it off, "I agree" turns it on.
  await olympics.click();
  const olympicsStatement = page.getByRole('dialog', { name: 'Rejuvenation Olympics Consent' });
  await expect(olympicsStatement).toBeVisible();
  await expectAccessible(page, { label: 'the Olympics consent statement, against the contract fake' });
  await olympicsStatement.getByRole('button', { name: "I don't agree" }).click();
  await expect(olympicsStatement).toBeHidden();
  await expect(olympics).not.toBeChecked();
  expect(api.callsTo('PATCH', '/Patients/Me/Consents')).toHaveLength(1);
  await olympics.click();
  await olympicsStatement.getByRole('button', { name: 'I agree' }).click();
  await expect(olympics).toBeChecked();
  await expect.poll(() => api.callsTo('PATCH', '/Patients/Me/Consents').length).toBe(2);
  expect(api.lastCallTo('PATCH', '/Patients/Me/Consents').body).toStrictEqual({
    uid: 'pat_5c7e10',
    researchConsent: true,
    rejuvenationOlympicsConsent: true,
  });
  await expectAccessible(page, { label: 'patient consents, against the contract fake' });

  await page.reload();
  await page.getByRole('tab', { name: 'Data & Privacy' }).click();
  await expect(page.getByRole('switch', { name: 'Research Consent' })).toBeChecked();
  await expect(page.getByRole('switch', { name: 'Rejuvenation Olympics Consent' })).toBeChecked();
  expect(api.unknownCalls(), 'calls the documents do not name').toEqual([]);
});

test('the profile saves exactly the account profile body with PUT /Patients/Me, never the email', async ({ page, api }) => {
  await openAccount(page);
  const personal = page.getByRole('region', { name: 'Personal Information' });
  const address = page.getByRole('region', { name: 'Address Information' });
  await expect(personal.getByLabel('First name')).toHaveValue('Mia');
  await expect(personal.getByLabel('Email', { exact: true })).toHaveValue('mia.patel@mail.example');
  await expect(address.getByLabel('City')).toHaveValue('Portland');

  await personal.getByLabel('Last name').fill('Patel-Ross ');
  await address.getByLabel('Address line 2').fill('Unit 5');
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(toast(page, 'Changes saved successfully!')).toBeVisible();
  expect(api.lastCallTo('PUT', '/Patients/Me').body).toStrictEqual({
    firstName: 'Mia',
    lastName: 'Patel-Ross',
    phone: '+1 207 555 0311',
    address: { addressLine1: '14 Harbor View', addressLine2: 'Unit 5', city: 'Portland', state: 'ME', zipCode: '04101', country: 'US' },
  });

  await page.reload();
  await expect(personal.getByLabel('Last name')).toHaveValue('Patel-Ross');
  await expect(address.getByLabel('Address line 2')).toHaveValue('Unit 5');
  expect(api.unknownCalls(), 'calls the documents do not name').toEqual([]);
});

test('the Help Center frames the built-in help pages, whatever service answers the portalApi (issue 41)', async ({ page, api }) => {
  await signInToPortal(page, PATIENT_CREDENTIALS);
  await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Help Center' }).click();
  await expect(page.getByRole('heading', { name: 'Help Center', level: 2 })).toBeVisible();
  const frame = page.frameLocator('iframe[title="Help Center"]');
  await expect(frame.getByRole('heading', { name: 'Help', level: 1 })).toBeVisible();
  await frame.getByRole('navigation', { name: 'Help topics' }).getByRole('link', { name: 'When a sample fails' }).click();
  await expect(frame.getByRole('heading', { name: 'When a sample fails', level: 1 })).toBeVisible();
  await expectAccessible(page, { label: 'the help centre, against the contract fake' });
  expect(api.unknownCalls(), 'calls the documents do not name').toEqual([]);
});
