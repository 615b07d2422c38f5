import { expect, test, type Page } from '@playwright/test';
import * as v from 'valibot';
import { PRACTICE_IDS } from '../../server/seed/seed-data';
import { SEED_PATIENTS, type SeedPatient } from '../../server/seed/patients';
import { THEME_STORAGE_KEY } from '../../src/model/constants';
import { chooseOption, expectAccessible, openSignedIn, readableTexts, resetDatabase, signIn, watchListAnswers } from './support';

/**
 * The patients list and patient detail against the reference server and its demo patients (kits §2, §9):
 * Riverside Family Medicine (hcp.checkout) has 14, two pages of ten, the last one without name, email or phone.
 */

test.beforeEach(async ({ request }) => {
  await resetDatabase(request);
});

const RIVERSIDE = SEED_PATIENTS.filter((patient) => patient.practiceId === PRACTICE_IDS.riverside);
const nameOf = (patient: SeedPatient) => [patient.firstName, patient.lastName].filter(Boolean).join(' ');
const shown = (patient: SeedPatient) => nameOf(patient) || 'Anonymous';

/** By name, A to Z without regard to case, a patient without a name last (the list's default). */
const BY_NAME = [...RIVERSIDE].sort((a, b) => {
  const [x, y] = [nameOf(a).toLowerCase(), nameOf(b).toLowerCase()];
  if (!x || !y) return x ? -1 : y ? 1 : 0;
  return x < y ? -1 : x > y ? 1 : 0;
});
const BY_BIRTH = [...RIVERSIDE].sort((a, b) => (a.dateOfBirth < b.dateOfBirth ? -1 : a.dateOfBirth > b.dateOfBirth ? 1 : 0));

/** What this journey reads of GET /Patients' answers: each patient's id, name and kits. */
const ListedSchema = v.object({
  items: v.array(v.object({ id: v.number(), name: v.nullable(v.string()), kits: v.array(v.string()) })),
});
async function openPatients(page: Page) {
  await openSignedIn(page, 'hcp.checkout', '/patients');
  await expect(page.getByRole('heading', { name: 'Patients' })).toBeVisible();
}

const rows = (page: Page) => page.getByRole('table', { name: 'Patients' }).getByRole('rowgroup').nth(1).getByRole('row');
const names = (page: Page) => readableTexts(rows(page).locator('td:first-child'));
const button = (page: Page, name: string) => page.getByRole('button', { name, exact: true });
const chips = (page: Page) => page.getByRole('list', { name: 'Active filters' }).getByRole('listitem');

async function addFilter(page: Page, column: string, operator: 'contains' | 'ends with', value: string) {
  await button(page, 'Filter').click();
  await page.getByRole('textbox', { name: 'Find column...' }).fill(column);
  await page.getByRole('dialog', { name: 'Add a filter' }).getByRole('button', { name: column, exact: true }).click();
  if (operator !== 'contains') {
    await page.getByRole('combobox', { name: 'Operator' }).click();
    await page.getByTitle(operator, { exact: true }).click();
  }
  await page.getByRole('textbox', { name: 'Value' }).fill(value);
  await button(page, 'Apply').click();
}

const includes = (text: string | null, part: string) => (text ?? '').toLowerCase().includes(part.toLowerCase());

test('hcp.checkout pages, sorts and filters the patients, opens one with its kits, and meets an unknown id', async ({ page }) => {
  test.slow();
  expect(RIVERSIDE).toHaveLength(14);
  const list = watchListAnswers(page, '/portalApi/Patients', ListedSchema, (patient) => patient.name ?? 'Anonymous');
  await openPatients(page);
  await expect.poll(() => names(page)).toEqual(BY_NAME.slice(0, 10).map(shown));
  expect(list.queries[0]).toStrictEqual({ sortColumn: 'name', sortDirection: 'asc', page: '1', pageSize: '10' });
  await expect(page.getByText('14 row(s) total.')).toBeVisible();
  await expect(page.getByRole('columnheader', { name: 'Name' })).toHaveAttribute('aria-sort', 'ascending');
  await expect(button(page, 'Previous')).toBeDisabled();
  await expectAccessible(page, { label: 'patients list (light)' });

  // Next and Previous: the second page holds the other four, the patient without a name last.
  await button(page, 'Next').click();
  await expect.poll(() => names(page)).toEqual(BY_NAME.slice(10).map(shown));
  const anonymous = rows(page).filter({ hasText: 'Anonymous' });
  await expect(anonymous.getByRole('cell').nth(1)).toHaveText('N/A');
  await expect(anonymous.getByRole('cell').nth(2)).toHaveText('N/A');
  await expect(button(page, 'Next')).toBeDisabled();
  await button(page, 'Previous').click();
  await expect.poll(() => names(page)).toEqual(BY_NAME.slice(0, 10).map(shown));

  // Sorting by date of birth, oldest first, then youngest first; each from page 1.
  expect(new Set(RIVERSIDE.map((patient) => patient.dateOfBirth)).size, 'birth dates tell the patients apart').toBe(14);
  await button(page, 'Next').click();
  await expect.poll(() => list.queries.at(-1)?.page).toBe('2');
  await button(page, 'Date of Birth').click();
  await expect.poll(() => names(page)).toEqual(BY_BIRTH.slice(0, 10).map(shown));
  await expect(page.getByRole('columnheader', { name: 'Date of Birth' })).toHaveAttribute('aria-sort', 'ascending');
  await button(page, 'Date of Birth').click();
  await expect.poll(() => names(page)).toEqual([...BY_BIRTH].reverse().slice(0, 10).map(shown));
  await expect(page.getByRole('columnheader', { name: 'Date of Birth' })).toHaveAttribute('aria-sort', 'descending');
  await button(page, 'Name').click();

  // Filters as chips: each narrows the list on the server; a chip removes its own; Clear all removes every one.
  await button(page, 'Filter').click();
  await expect(page.getByRole('dialog', { name: 'Add a filter' })).toBeVisible();
  await expectAccessible(page, { label: 'patients filter builder, column step (light)' });
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog', { name: 'Add a filter' })).toBeHidden();
  const part = (BY_NAME[0]?.lastName ?? '').slice(1, 4);
  const byPart = BY_NAME.filter((patient) => includes(nameOf(patient), part));
  expect(byPart.length, 'the demo names share the part').toBeGreaterThan(0);
  await addFilter(page, 'Name', 'contains', part);
  await expect.poll(() => names(page)).toEqual(byPart.map(shown));
  await expect(chips(page)).toHaveText([`Name contains "${part}"`]);
  await expect(page.getByText(`${byPart.length} row(s) total.`)).toBeVisible();
  const domain = '@mail.example';
  const both = byPart.filter((patient) => (patient.email ?? '').toLowerCase().endsWith(domain));
  await addFilter(page, 'Email', 'ends with', domain);
  await expect(chips(page)).toHaveCount(2);
  await expect.poll(() => names(page)).toEqual(both.map(shown));
  await page.getByRole('button', { name: `Remove filter Name contains "${part}"` }).click();
  await expect(chips(page)).toHaveText([`Email ends with "${domain}"`]);
  await page.getByRole('button', { name: 'Clear all' }).click();
  await expect(chips(page)).toHaveCount(0);
  await expect(page.getByText('14 row(s) total.')).toBeVisible();
  await expect.poll(() => list.queries.at(-1)?.filters).toBeUndefined();

  // A patient with kits: every kit id links to its kit; back to the list.
  const withKits = BY_NAME.slice(0, 10).find((patient) => (list.rows.get(shown(patient))?.kits.length ?? 0) > 0);
  const listed = withKits && list.rows.get(shown(withKits));
  if (!withKits || !listed) throw new Error('no patient on the first page has a kit');
  await page.getByRole('link', { name: shown(withKits), exact: true }).click();
  await expect(page).toHaveURL(`/patients/${listed.id}`);
  await expect(page.getByRole('heading', { name: shown(withKits) })).toBeVisible();
  if (withKits.email) await expect(page.getByText(withKits.email, { exact: true })).toBeVisible();
  await expectPatientKits(page, listed.kits);
  await expectAccessible(page, { label: 'patient detail (light)' });
  const [firstKit] = listed.kits;
  await page.getByRole('link', { name: firstKit, exact: true }).click();
  await expect(page).toHaveURL(`/kits/${encodeURIComponent(firstKit ?? '')}`);
  await page.goBack();
  await page.getByRole('link', { name: 'Back to Patients' }).click();
  await expect(page).toHaveURL('/patients');

  // A patient without an address says so.
  const homeless = BY_NAME.slice(0, 10).find((patient) => patient.address === null);
  if (!homeless) throw new Error('no patient on the first page lacks an address');
  await page.getByRole('link', { name: shown(homeless), exact: true }).click();
  await expect(page.getByText('No address information available')).toBeVisible();

  // An id no patient of the practice has.
  await page.goto('/patients/999999');
  await expect(page.getByRole('heading', { name: 'Patient not found' })).toBeVisible();
  await expectAccessible(page, { label: 'patient not found (light)' });
});

/**
 * Issue 40 §1: the patient's kits, each linked, with its status read from its own kit call (no spinner, no failure
 * left) and its reports: a link to the kit's page when it has current ones, else "No reports yet".
 */
async function expectPatientKits(page: Page, barcodes: readonly string[]) {
  const kits = page.getByRole('table', { name: 'The patient’s kits' });
  await expect(kits.getByRole('status')).toHaveCount(0);
  for (const barcode of barcodes) {
    const link = page.getByRole('link', { name: barcode, exact: true });
    await expect(kits.getByRole('link', { name: barcode, exact: true })).toHaveAttribute('href', `/kits/${encodeURIComponent(barcode)}`);
    // `has` is looked for inside each row, so it starts from the page, not from the table.
    const row = kits.getByRole('row').filter({ has: link });
    await expect(row.getByText(/^(\d+ reports?|No reports yet)$/)).toHaveCount(1);
    await expect(row.getByRole('button', { name: 'Try Again' })).toHaveCount(0);
  }
}

for (const theme of ['light', 'dark'] as const) {
  test(`on a 375 × 812 phone a patient's kits are cards with status and reports (${theme})`, async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 812 });
    await page.addInitScript(([key, value]) => localStorage.setItem(key, value), [THEME_STORAGE_KEY, theme] as const);
    const list = watchListAnswers(page, '/portalApi/Patients', ListedSchema, (patient) => patient.name ?? 'Anonymous');
    await openPatients(page);
    await expect.poll(() => list.rows.size).toBeGreaterThan(0);
    const withKits = [...list.rows.entries()].find(([, patient]) => patient.kits.length > 0);
    if (!withKits) throw new Error('no listed patient has a kit');
    const [name, patient] = withKits;
    await page.goto(`/patients/${patient.id}`);
    await expect(page.getByRole('heading', { name })).toBeVisible();
    await expectPatientKits(page, patient.kits);
    await expectAccessible(page, { label: `patient detail with kits, phone (${theme})` });
  });
}

test('another practice’s patient is not found, and in the dark theme the list, filter builder and detail pass axe', async ({ page }) => {
  await page.addInitScript(([key]) => localStorage.setItem(key, 'dark'), [THEME_STORAGE_KEY] as const);
  const list = watchListAnswers(page, '/portalApi/Patients', ListedSchema, (patient) => patient.name ?? 'Anonymous');
  await openPatients(page);
  await expect.poll(() => names(page)).toEqual(BY_NAME.slice(0, 10).map(shown));
  await expect(page.locator('html')).toHaveClass(/\bdark\b/);
  await expectAccessible(page, { label: 'patients list (dark)' });
  await button(page, 'Filter').click();
  await page.getByRole('textbox', { name: 'Find column...' }).press('Enter');
  await expect(page.getByRole('textbox', { name: 'Value' })).toBeFocused();
  await expectAccessible(page, { label: 'patients filter builder, value step (dark)' });
  await page.keyboard.press('Escape');
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog', { name: 'Add a filter' })).toBeHidden();

  const first = BY_NAME[0];
  const listed = first && list.rows.get(shown(first));
  if (!first || !listed) throw new Error('the first patient was not listed');
  await page.getByRole('link', { name: shown(first), exact: true }).click();
  await expect(page.getByRole('heading', { name: shown(first) })).toBeVisible();
  await expectAccessible(page, { label: 'patient detail (dark)' });

  // The same id under another practice's sign-in is as absent as none.
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/sign-in/);
  await signIn(page, 'hcp.net30');
  await expect(page.getByRole('navigation', { name: 'Main navigation' })).toBeVisible();
  await page.goto(`/patients/${listed.id}`);
  await expect(page.getByRole('heading', { name: 'Patient not found' })).toBeVisible();
  await expectAccessible(page, { label: 'patient not found (dark)' });
});

/**
 * Issue 40: a practice adds a patient (the documents' rules first), edits it, switches its consents and deletes it
 * after a question, with each dialog checked by axe; once on a desktop in the light theme, once on a 375 × 812
 * phone in the dark one.
 */
for (const look of [
  { name: 'desktop, light', theme: 'light', viewport: { width: 1280, height: 800 } },
  { name: 'phone 375 × 812, dark', theme: 'dark', viewport: { width: 375, height: 812 } },
] as const) {
  test(`hcp.checkout adds, edits, consents and deletes a patient (${look.name})`, async ({ page }) => {
    test.slow();
    await page.setViewportSize(look.viewport);
    await page.addInitScript(([key, theme]) => localStorage.setItem(key, theme), [THEME_STORAGE_KEY, look.theme] as const);
    await managePatient(page, look.name);
  });
}

/** A toast has said its words and gone: the pointer leaves it (a hovered toast stays), so it no longer covers a phone's page. */
async function toastSaid(page: Page, text: string) {
  const toast = page.getByText(text, { exact: true });
  await expect(toast).toBeVisible();
  await page.mouse.move(1, 1);
  await expect(toast).toBeHidden();
}

async function managePatient(page: Page, look: string) {
  await openPatients(page);
  await button(page, 'Add Patient').click();
  const add = page.getByRole('dialog', { name: 'Add Patient' });
  await expect(add).toBeVisible();
  // Kits §5: nothing is sent until the names and the phone are there.
  await add.getByRole('button', { name: 'Save' }).click();
  await expect(add.getByText('First name is required')).toBeVisible();
  await expect(add.getByText('Last name is required')).toBeVisible();
  await expect(add.getByText('Phone is required')).toBeVisible();
  await expectAccessible(page, { label: `add patient dialog (${look})` });

  await add.getByLabel('First name').fill('Juniper');
  await add.getByLabel('Last name').fill('Okafor Vance');
  await add.getByLabel('Email').fill('juniper.okafor@mail.example');
  await add.getByLabel('Phone').fill('(312) 555-0190');
  await add.getByLabel('Date of Birth').fill('1988-07-14');
  // An address begun asks for the rest of it.
  await add.getByLabel('Address line 1').fill('500 West Lake Street');
  await add.getByRole('button', { name: 'Save' }).click();
  await expect(add.getByText('City is required')).toBeVisible();
  await add.getByLabel('City').fill('Chicago');
  await chooseOption(page, 'Country', 'United States of America');
  await chooseOption(page, 'State', 'Illinois');
  await add.getByLabel('Zip code').fill('60661');
  await add.getByRole('button', { name: 'Save' }).click();
  await toastSaid(page, 'Patient created successfully.');
  await expect(add).toBeHidden();
  await expect(page.getByText('15 row(s) total.')).toBeVisible();

  // The new patient is listed; its page shows what was typed.
  await page.getByRole('link', { name: 'Juniper Okafor Vance', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Juniper Okafor Vance' })).toBeVisible();
  await expect(page.getByText('Jul 14, 1988')).toBeVisible();
  await expect(page.getByText('Chicago, IL 60661')).toBeVisible();
  await expectAccessible(page, { label: `patient page (${look})` });

  // Edit: the form opens with the record, and a change is saved.
  await button(page, 'Edit').click();
  const edit = page.getByRole('dialog', { name: 'Edit Patient' });
  await expect(edit.getByLabel('First name')).toHaveValue('Juniper');
  await expect(edit.getByLabel('Last name')).toHaveValue('Okafor Vance');
  await expectAccessible(page, { label: `edit patient dialog (${look})` });
  await edit.getByLabel('Phone').fill('');
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(edit.getByText('Phone is required')).toBeVisible();
  await edit.getByLabel('Phone').fill('(312) 555-0191');
  await edit.getByLabel('First name').fill('June');
  await edit.getByRole('button', { name: 'Save' }).click();
  await toastSaid(page, 'Patient updated successfully.');
  await expect(page.getByRole('heading', { name: 'June Okafor Vance' })).toBeVisible();
  await expect(page.getByText('(312) 555-0191')).toBeVisible();

  // Consents: each switch saves at once, and the page reads it back after a reload.
  const research = page.getByRole('switch', { name: 'Research consent' });
  await expect(research).not.toBeChecked();
  await research.click();
  await toastSaid(page, 'Consents updated successfully.');
  await expect(research).toBeChecked();
  await page.reload();
  await expect(page.getByRole('switch', { name: 'Research consent' })).toBeChecked();
  await expect(page.getByRole('switch', { name: 'Rejuvenation Olympics consent' })).not.toBeChecked();

  // Delete asks first; Cancel keeps the patient, Delete removes it and goes back to the list.
  await button(page, 'Delete').click();
  const question = page.getByRole('dialog', { name: 'Are you sure you want to delete this patient?' });
  await expect(question).toBeVisible();
  await expectAccessible(page, { label: `delete patient question (${look})` });
  await question.getByRole('button', { name: 'Cancel' }).click();
  await expect(question).toBeHidden();
  await button(page, 'Delete').click();
  await question.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Patient deleted successfully')).toBeVisible();
  await expect(page).toHaveURL('/patients');
  await expect(page.getByText('14 row(s) total.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'June Okafor Vance', exact: true })).toHaveCount(0);
}
