import { expect, type Page } from '@playwright/test';
import type { PortalApiFake } from './contract/portal-api-fake';
import { contractTest, signInToFake, signInToPortal } from './contract/contract-test';
import { THEME_STORAGE_KEY } from '../../src/model/constants';
import { expectAccessible, readableTexts } from './support';

/**
 * The patients list and a patient against the in-test fake written from the documents (kits §2, §3, §7, README
 * decisions), not the reference server: pages asked by number with Previous and Next, the remote sort and filter
 * exactly as the contract writes them, numeric ids taken back as issued. The fake adds unknown fields (its own
 * count among them), leaves optional ones out or null, and words its 404 its own way.
 */

const test = contractTest;

test.use({ serviceWorkers: 'block' });

const rows = (page: Page) => page.getByRole('table', { name: 'Patients' }).getByRole('rowgroup').nth(1).getByRole('row');
const names = (page: Page) => readableTexts(rows(page).locator('td:first-child'));
const listQueries = (api: PortalApiFake) => api.callsTo('GET', '/Patients').map((call) => call.query);
const button = (page: Page, name: string) => page.getByRole('button', { name, exact: true });

const FIRST_PAGE = [
  'Amara Reyes',
  'Bruno Okafor',
  'Chiara Lind',
  'Dmitri Ito',
  'Elif Reyes',
  'Farid Okafor',
  'Greta Lind',
  'Hamish Ito',
  'Ines Reyes',
  'Jonas Okafor',
];

test('the patients list pages, sorts and filters exactly as the contract says, and opens a patient', async ({ page, api }) => {
  await signInToPortal(page);
  await page.goto('/patients');
  await expect(page.getByRole('heading', { name: 'Patients' })).toBeVisible();
  await expect.poll(() => names(page)).toEqual(FIRST_PAGE);
  expect(listQueries(api)).toStrictEqual([{ sortColumn: 'name', sortDirection: 'asc', page: '1', pageSize: '10' }]);
  // Optional fields left out or null read as "N/A"; the service's own count is not the contract's, so no total yet.
  const farid = rows(page).filter({ hasText: 'Farid Okafor' });
  await expect(farid.getByRole('cell').nth(1)).toHaveText('N/A');
  await expect(rows(page).filter({ hasText: 'Chiara Lind' }).getByRole('cell').nth(2)).toHaveText('N/A');
  await expect(page.getByText(/row\(s\) total\./)).toHaveCount(0);
  await expectAccessible(page, { label: 'patients list against the contract fake' });

  // Next asks page 2; the last page (hasMore false) tells the count; Previous goes back.
  await button(page, 'Next').click();
  await expect.poll(() => names(page)).toEqual(['Kaia Lind', 'Luca Ito', 'Anonymous']);
  expect(listQueries(api).at(-1)).toStrictEqual({ sortColumn: 'name', sortDirection: 'asc', page: '2', pageSize: '10' });
  await expect(page.getByText('13 row(s) total.')).toBeVisible();
  await expect(button(page, 'Next')).toBeDisabled();
  await button(page, 'Previous').click();
  await expect.poll(() => names(page)).toEqual(FIRST_PAGE);

  // The remote sort: ascending first, then descending, each from page 1.
  await button(page, 'Next').click();
  await expect.poll(() => listQueries(api).at(-1)?.page).toBe('2');
  await button(page, 'Date of Birth').click();
  await expect
    .poll(() => listQueries(api).at(-1))
    .toStrictEqual({ sortColumn: 'dateOfBirth', sortDirection: 'asc', page: '1', pageSize: '10' });
  const born = api.patients
    .patientsOf(11)
    .flatMap(({ name, dateOfBirth }) => (typeof name === 'string' && typeof dateOfBirth === 'string' ? [{ name, dateOfBirth }] : []))
    .sort((a, b) => a.dateOfBirth.localeCompare(b.dateOfBirth));
  await expect.poll(async () => (await names(page))[0]).toBe(born[0]?.name);
  await expect(page.getByRole('columnheader', { name: 'Date of Birth' })).toHaveAttribute('aria-sort', 'ascending');
  await button(page, 'Date of Birth').click();
  await expect.poll(() => listQueries(api).at(-1)?.sortDirection).toBe('desc');
  await expect.poll(async () => (await names(page))[0]).toBe(born.at(-1)?.name);

  // The remote filter, sent as the JSON `filters` array; Clear all sends none.
  await button(page, 'Filter').click();
  await page.getByRole('textbox', { name: 'Find column...' }).fill('Name');
  await page.getByRole('textbox', { name: 'Find column...' }).press('Enter');
  await page.getByRole('textbox', { name: 'Value' }).fill('Okafor');
  await page.getByRole('textbox', { name: 'Value' }).press('Enter');
  await expect
    .poll(() => listQueries(api).at(-1))
    .toStrictEqual({
      sortColumn: 'dateOfBirth',
      sortDirection: 'desc',
      page: '1',
      pageSize: '10',
      filters: JSON.stringify([{ column: 'name', operator: 'contains', value: 'Okafor' }]),
    });
  await expect.poll(async () => (await names(page)).sort()).toEqual(['Bruno Okafor', 'Farid Okafor', 'Jonas Okafor']);
  await expect(page.getByText('3 row(s) total.')).toBeVisible();
  await page.getByRole('button', { name: 'Clear all' }).click();
  await expect.poll(() => listQueries(api).at(-1)?.filters).toBeUndefined();

  // A patient by the numeric id the service issued, with what it left out shown as missing.
  await button(page, 'Name').click();
  await expect.poll(() => names(page)).toEqual(FIRST_PAGE);
  await page.getByRole('link', { name: 'Amara Reyes' }).click();
  await expect(page).toHaveURL('/patients/501');
  await expect(page.getByRole('heading', { name: 'Amara Reyes' })).toBeVisible();
  expect(api.lastCallTo('GET', '/Patients/501').status).toBe(200);
  await expect(page.getByText('100 Pine Street')).toBeVisible();
  await expect(page.getByText('Seattle, WA 98101')).toBeVisible();
  // Its kits, each read with GET /Kits/{barcode}: status, the attention mark, and the current reports on its page.
  const kits = page.getByRole('table', { name: 'The patient’s kits' });
  const kitRow = (barcode: string) => kits.getByRole('row').filter({ has: page.getByRole('link', { name: barcode, exact: true }) });
  await expect(kitRow('HB-0004').getByRole('link', { name: 'HB-0004' })).toHaveAttribute('href', '/kits/HB-0004');
  await expect(kitRow('HB-0004').getByRole('link', { name: '2 reports' })).toHaveAttribute('href', '/kits/HB-0004');
  await expect(kitRow('HB-0003').getByText('Sample Failed', { exact: true })).toBeVisible();
  await expect(kitRow('HB-0003').getByText('No reports yet')).toBeVisible();
  expect(api.lastCallTo('GET', '/Kits/HB-0003').status).toBe(200);
  await expectAccessible(page, { label: 'patient detail against the contract fake' });
  await page.getByRole('link', { name: 'Back to Patients' }).click();
  await page.getByRole('link', { name: 'Dmitri Ito' }).click();
  await expect(page.getByRole('heading', { name: 'Dmitri Ito' })).toBeVisible();
  await expect(page.getByText('No address information available')).toBeVisible();
  expect(api.unknownCalls(), 'calls the documents do not name').toEqual([]);
});

test('an id the service does not have, or another practice’s, is "Patient not found"', async ({ page, api }) => {
  await signInToPortal(page);
  for (const id of ['9999', '601']) {
    await page.goto(`/patients/${id}`);
    await expect(page.getByRole('heading', { name: 'Patient not found' })).toBeVisible();
    expect(api.lastCallTo('GET', `/Patients/${id}`).status).toBe(404);
  }
  await expect(page.getByRole('link', { name: 'Back to Patients' })).toBeVisible();
  // The only calls answered 404 are these two, which is what "Patient not found" stands for.
  expect(api.unknownCalls()).toEqual(['GET /Patients/9999', 'GET /Patients/601']);
});

/**
 * Issue 40 against a service that knows only the documents' patient (kits §3: one `name`, no first and last name):
 * add, edit, consents and delete, with the calls kits §7 names and each dialog checked by axe, on a desktop in the
 * light theme and on a 375 × 812 phone in the dark one.
 */
for (const look of [
  { name: 'desktop, light', theme: 'light', viewport: { width: 1280, height: 800 } },
  { name: 'phone 375 × 812, dark', theme: 'dark', viewport: { width: 375, height: 812 } },
] as const) {
  test(`a patient is added, edited, consented and deleted with the documents' calls (${look.name})`, async ({ page, api }) => {
    test.slow();
    await page.setViewportSize(look.viewport);
    await page.addInitScript(([key, theme]) => localStorage.setItem(key, theme), [THEME_STORAGE_KEY, look.theme] as const);
    // On a phone the menu hides behind its button: signed in is having left the sign-in page.
    await signInToFake(page);
    await expect(page).not.toHaveURL(/\/sign-in/);
    await page.goto('/patients');
    await expect.poll(() => names(page)).toEqual(FIRST_PAGE);

    await button(page, 'Add Patient').click();
    const add = page.getByRole('dialog', { name: 'Add Patient' });
    await add.getByRole('button', { name: 'Save' }).click();
    await expect(add.getByText('Phone is required')).toBeVisible();
    expect(api.callsTo('POST', '/Patients/')).toHaveLength(0);
    await expectAccessible(page, { label: `add patient dialog against the contract fake (${look.name})` });
    await add.getByLabel('First name').fill('Aaron');
    await add.getByLabel('Last name').fill('Abbott');
    await add.getByLabel('Phone').fill('(206) 555-0199');
    await add.getByRole('button', { name: 'Save' }).click();
    await toastSaid(page, 'Patient created successfully.');
    expect(api.lastCallTo('POST', '/Patients/').body).toStrictEqual({
      firstName: 'Aaron',
      lastName: 'Abbott',
      name: 'Aaron Abbott',
      email: null,
      phone: '(206) 555-0199',
      dateOfBirth: null,
      address: null,
    });
    await expect.poll(async () => (await names(page))[0]).toBe('Aaron Abbott');

    await page.getByRole('link', { name: 'Aaron Abbott' }).click();
    await expect(page.getByRole('heading', { name: 'Aaron Abbott' })).toBeVisible();
    await expectAccessible(page, { label: `new patient against the contract fake (${look.name})` });
    // The service has no first and last name: the form splits its whole name.
    await button(page, 'Edit').click();
    const edit = page.getByRole('dialog', { name: 'Edit Patient' });
    await expect(edit.getByLabel('First name')).toHaveValue('Aaron');
    await expect(edit.getByLabel('Last name')).toHaveValue('Abbott');
    await expectAccessible(page, { label: `edit patient dialog against the contract fake (${look.name})` });
    await edit.getByLabel('Last name').fill('Abbott-Reyes');
    await edit.getByRole('button', { name: 'Save' }).click();
    await toastSaid(page, 'Patient updated successfully.');
    const put = api.calls.filter((call) => call.method === 'PUT').at(-1);
    expect(put?.path).toMatch(/^\/Patients\/pat_new\d+$/);
    expect(put?.body).toMatchObject({ name: 'Aaron Abbott-Reyes', phone: '(206) 555-0199' });
    await expect(page.getByRole('heading', { name: 'Aaron Abbott-Reyes' })).toBeVisible();

    const olympics = page.getByRole('switch', { name: 'Rejuvenation Olympics consent' });
    await expect(olympics).not.toBeChecked();
    await olympics.click();
    await toastSaid(page, 'Consents updated successfully.');
    await expect(olympics).toBeChecked();
    const patch = api.calls.filter((call) => call.method === 'PATCH').at(-1);
    expect(patch?.path).toMatch(/^\/Patients\/pat_new\d+\/Consents$/);
    expect(patch?.body).toStrictEqual({ researchConsent: false, rejuvenationOlympics: true });

    await button(page, 'Delete').click();
    const question = page.getByRole('dialog', { name: 'Are you sure you want to delete this patient?' });
    await expectAccessible(page, { label: `delete patient question against the contract fake (${look.name})` });
    await question.getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByText('Patient deleted successfully')).toBeVisible();
    await expect(page).toHaveURL('/patients');
    await expect.poll(() => names(page)).toEqual(FIRST_PAGE);
    expect(api.calls.filter((call) => call.method === 'DELETE').map((call) => call.path)).toEqual([put?.path]);
    expect(api.unknownCalls(), 'calls the documents do not name').toEqual([]);
  });
}

/** A toast has said its words and gone: the pointer leaves it (a hovered toast stays), so it no longer covers a phone's page. */
async function toastSaid(page: Page, text: string) {
  const toast = page.getByText(text, { exact: true });
  await expect(toast).toBeVisible();
  await page.mouse.move(1, 1);
  await expect(toast).toBeHidden();
}
