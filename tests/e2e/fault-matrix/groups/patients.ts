import { expect, type Page } from '@playwright/test';
import { PRACTICE_IDS } from '../../../../server/seed/seed-data';
import { SEED_PATIENTS } from '../../../../server/seed/patients';
import { PatientReportsText } from '../../../../src/model/patient-portal/patient-reports-texts';
import { PatientKitStatusText } from '../../../../src/model/patient-portal/patient-tracker-texts';
import { ErrorText } from '../../../../src/model/messages';
import {
  DeactivationText,
  PatientAccountText,
  PatientConsentText,
  PatientProfileFormText,
} from '../../../../src/model/account/patient-account-texts';
import {
  PatientColumnText,
  PatientConsentText as ProviderConsentText,
  PatientDeleteText,
  PatientFilterText,
  PatientFormText,
  PatientListText,
  PatientMessageText,
} from '../../../../src/model/patients/patient-texts';
import { PracticeSettingsText } from '../../../../src/model/practice/settings-texts';
import { CONSENT_FAILURE } from '../../../../src/model/account/account-consents';
import { AccountFieldText } from '../../../../src/model/account/account-texts';
import { signIn } from '../../support';
import { visit, type MatrixGroup } from '../matrix';
import { providerSignIn } from './common';

const PROVIDER = 'hcp.checkout';
const PATIENT = 'patient';

async function signInAs(page: Page, username: string) {
  await visit(page, '/sign-in');
  await signIn(page, username);
}

// ---- The provider's patients list and patient detail (kits §2) ----

const patientsTable = (page: Page) => page.getByRole('table', { name: PatientListText.tableLabel });
const names = (page: Page) => patientsTable(page).getByRole('rowgroup').nth(1).getByRole('row').locator('td:first-child');
const chips = (page: Page) => page.getByRole('list', { name: PatientFilterText.activeFilters }).getByRole('listitem');

/** A part of a Riverside patient's last name, as a user filtering the list would type it. */
const NAME_PART = (
  SEED_PATIENTS.find((patient) => patient.practiceId === PRACTICE_IDS.riverside && patient.lastName)?.lastName ?? ''
).slice(0, 3);
const NAME_CHIP = PatientFilterText.chip(PatientColumnText.name, PatientFilterText.operators.contains, NAME_PART);

const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** An error box's whole text: its title, then the expected text under it. */
function titled(title: string, expected: string | RegExp): RegExp {
  const under = typeof expected === 'string' ? escaped(expected) : expected.source;
  return new RegExp(`^${escaped(title)}\\s*${under}$`);
}

let patientPath: string | undefined;

/** The first patient's detail address, read once from the list's link as the user sees it. */
async function firstPatientPath(page: Page): Promise<string> {
  if (patientPath) return patientPath;
  await visit(page, '/patients');
  const link = patientsTable(page).getByRole('link').first();
  await expect(link).toBeVisible();
  patientPath = (await link.getAttribute('href')) ?? undefined;
  if (!patientPath) throw new Error('the patients list links no patient');
  return patientPath;
}

/** The list loaded, then narrowed by a filter the user built: the filter is what must outlive a failed page. */
async function filteredPatients(page: Page) {
  await visit(page, '/patients');
  await expect(patientsTable(page).getByRole('row').nth(1)).toBeVisible();
  await page.getByRole('button', { name: PatientFilterText.open, exact: true }).click();
  await page.getByRole('textbox', { name: PatientFilterText.findColumn }).fill(PatientColumnText.name);
  const builder = page.getByRole('dialog', { name: PatientFilterText.title });
  await builder.getByRole('button', { name: PatientColumnText.name, exact: true }).click();
  await page.getByRole('textbox', { name: PatientFilterText.value }).fill(NAME_PART);
  await page.getByRole('button', { name: PatientFilterText.apply, exact: true }).click();
  await expect(chips(page)).toHaveText([NAME_CHIP]);
  // The narrowed page must have come before the fault is set, or the fault would meet it instead of the sort.
  await expect
    .poll(async () => {
      const shown = await names(page).allTextContents();
      return shown.length > 0 && shown.every((name) => name.toLowerCase().includes(NAME_PART.toLowerCase()));
    })
    .toBe(true);
}

/** What the user types into Add Patient or Edit Patient before saving. */
const NEW_PATIENT = { firstName: 'Marisol', lastName: 'Quintero', phone: '(206) 555-0147' } as const;
const EDITED_LAST_NAME = 'Quintero-Lind';

const patientDialog = (page: Page, title: string) => page.getByRole('dialog', { name: title });

/** The first patient's page, loaded: its Edit, Delete and consent switches take a click. */
async function openFirstPatient(page: Page) {
  await visit(page, await firstPatientPath(page));
  await expect(page.getByRole('button', { name: PatientFormText.edit, exact: true })).toBeEnabled();
}

/** The research consent switch of the patient's page, and how it stood before the click that failed. */
const providerResearch = (page: Page) => page.getByRole('switch', { name: ProviderConsentText.researchConsent });
let researchBefore = false;

// ---- The patient portal (kits §2 "Patient Kit Status", "Patient Reports" and "Patient Account" screens) ----

const kitCards = (page: Page) => page.getByRole('list', { name: PatientKitStatusText.kits }).getByRole('article');
const personal = (page: Page) => page.getByRole('region', { name: PatientProfileFormText.personalInformation });
const address = (page: Page) => page.getByRole('region', { name: PatientProfileFormText.addressInformation });
const researchSwitch = (page: Page) => page.getByRole('switch', { name: PatientConsentText.research });

/** What the patient types into the profile before saving: each differs from the seed's record. */
const TYPED = { firstName: 'Isabel', phone: '(530) 555-0199', city: 'Sacramento', addressLine2: 'Suite 9' } as const;

const typedFields = (page: Page) =>
  [
    [personal(page).getByLabel(AccountFieldText.firstName), TYPED.firstName],
    [personal(page).getByLabel(AccountFieldText.phone), TYPED.phone],
    [address(page).getByLabel(PracticeSettingsText.city), TYPED.city],
    [address(page).getByLabel(PracticeSettingsText.addressLine2), TYPED.addressLine2],
  ] as const;

/** The account page afresh, on one of its tabs once the patient's record is shown. */
async function openAccountTab(page: Page, tab: string) {
  await visit(page, '/account');
  await page.getByRole('tab', { name: tab }).click();
  await expect(page.getByRole('tab', { name: tab, selected: true })).toBeVisible();
}

/** A screen's load needs nothing before the visit that makes it. */
const nothingFirst = () => Promise.resolve();

/** The provider's patients screens, and the patient portal's kits, reports and account. */
export const PATIENTS_GROUPS: readonly MatrixGroup[] = [
  {
    title: 'the provider’s patients',
    signIn: providerSignIn(PROVIDER),
    calls: [
      {
        call: 'GET /Patients',
        arrive: filteredPatients,
        // Sorting the filtered list asks for another page of it.
        act: (page) => page.getByRole('button', { name: PatientColumnText.dateOfBirth, exact: true }).click(),
        unreadable: PatientListText.loadError(PatientListText.loadFailed),
        keeps: async (page) => {
          await expect(chips(page)).toHaveText([NAME_CHIP]);
        },
      },
      {
        call: 'GET /Patients/{id}',
        arrive: async (page) => {
          await firstPatientPath(page);
        },
        act: async (page) => visit(page, await firstPatientPath(page)),
        unreadable: PatientMessageText.loadFailed,
        // Kits §2, §8: the detail's error box is titled "Failed to load patient" whatever the failure, and says it
        // under the title; the whole box is matched, so that the title alone never passes for the fallback.
        failure: (page, expected) => page.getByRole('alert').filter({ hasText: titled(PatientMessageText.loadFailed, expected) }),
      },
      {
        call: 'POST /Patients/',
        arrive: async (page) => {
          await visit(page, '/patients');
          await page.getByRole('button', { name: PatientFormText.add, exact: true }).click();
          const add = patientDialog(page, PatientFormText.add);
          await add.getByLabel(PatientFormText.firstName).fill(NEW_PATIENT.firstName);
          await add.getByLabel(PatientFormText.lastName).fill(NEW_PATIENT.lastName);
          await add.getByLabel(PatientFormText.phone).fill(NEW_PATIENT.phone);
        },
        act: (page) => patientDialog(page, PatientFormText.add).getByRole('button', { name: PatientFormText.save }).click(),
        unreadable: PatientMessageText.createFailed,
        // A failed save keeps the dialog open as typed.
        keeps: async (page) => {
          const add = patientDialog(page, PatientFormText.add);
          await expect(add.getByLabel(PatientFormText.firstName)).toHaveValue(NEW_PATIENT.firstName);
          await expect(add.getByLabel(PatientFormText.lastName)).toHaveValue(NEW_PATIENT.lastName);
          await expect(add.getByLabel(PatientFormText.phone)).toHaveValue(NEW_PATIENT.phone);
        },
      },
      {
        call: 'PUT /Patients/{id}',
        arrive: async (page) => {
          await openFirstPatient(page);
          await page.getByRole('button', { name: PatientFormText.edit, exact: true }).click();
          const edit = patientDialog(page, PatientFormText.editTitle);
          await expect(edit.getByLabel(PatientFormText.lastName)).not.toHaveValue('');
          await edit.getByLabel(PatientFormText.lastName).fill(EDITED_LAST_NAME);
        },
        act: (page) => patientDialog(page, PatientFormText.editTitle).getByRole('button', { name: PatientFormText.save }).click(),
        // The documents give a failed update no text of its own (patient-form.machine.ts): the catalogue's server error.
        unreadable: ErrorText.server,
        keeps: async (page) => {
          await expect(patientDialog(page, PatientFormText.editTitle).getByLabel(PatientFormText.lastName)).toHaveValue(EDITED_LAST_NAME);
        },
      },
      {
        call: 'PATCH /Patients/{uid}/Consents',
        arrive: async (page) => {
          await openFirstPatient(page);
          await expect(providerResearch(page)).toBeEnabled();
          researchBefore = await providerResearch(page).isChecked();
        },
        act: (page) => providerResearch(page).click(),
        unreadable: PatientMessageText.consentsFailed,
        // The switch goes back to how it stood.
        keeps: async (page) => {
          if (researchBefore) await expect(providerResearch(page)).toBeChecked();
          else await expect(providerResearch(page)).not.toBeChecked();
        },
      },
      {
        call: 'DELETE /Patients/{id}',
        arrive: async (page) => {
          await openFirstPatient(page);
          await page.getByRole('button', { name: PatientDeleteText.delete, exact: true }).click();
          await expect(patientDialog(page, PatientDeleteText.question)).toBeVisible();
        },
        act: (page) => patientDialog(page, PatientDeleteText.question).getByRole('button', { name: PatientDeleteText.confirm }).click(),
        unreadable: PatientMessageText.deleteFailed,
        // A failed delete leaves the patient and its page where they were.
        keeps: async (page) => {
          await expect(page).toHaveURL(await firstPatientPath(page));
          await expect(page.getByRole('button', { name: PatientFormText.edit, exact: true })).toBeVisible();
        },
      },
    ],
  },
  {
    title: 'the patient portal',
    signIn: async (page) => {
      await signInAs(page, PATIENT);
      await expect(page.getByRole('heading', { level: 2, name: PatientKitStatusText.title })).toBeVisible();
    },
    calls: [
      {
        call: 'GET /Kits/My',
        arrive: nothingFirst,
        act: (page) => visit(page, '/kit-status'),
        unreadable: PatientKitStatusText.error(PatientKitStatusText.loadFailed),
      },
      {
        call: 'GET /Kits/{barcode}/My',
        // Afresh each time: a kit read once stays fresh for five minutes (kits §7) and would not be asked for again.
        arrive: async (page) => {
          await visit(page, '/kit-status');
          await expect(kitCards(page).first()).toBeVisible();
        },
        act: (page) => kitCards(page).first().getByRole('button').click(),
        unreadable: PatientKitStatusText.error(PatientKitStatusText.kitLoadFailed),
        failure: (page, expected) => page.getByRole('dialog').getByText(expected),
      },
      {
        call: 'GET /Reports/My',
        arrive: nothingFirst,
        act: (page) => visit(page, '/reports'),
        unreadable: PatientReportsText.error(PatientReportsText.loadFailed),
      },
      {
        call: 'GET /Patients/Me',
        arrive: nothingFirst,
        act: (page) => visit(page, '/account'),
        // The account tabs' own fallback (src/views/account/patient/profile-loaded.tsx).
        unreadable: ErrorText.server,
      },
      {
        call: 'PUT /Patients/Me',
        arrive: async (page) => {
          await openAccountTab(page, PatientAccountText.profileTab);
          await expect(personal(page).getByLabel(AccountFieldText.firstName)).not.toHaveValue('');
          for (const [field, value] of typedFields(page)) await field.fill(value);
        },
        act: (page) => page.getByRole('button', { name: PatientProfileFormText.save }).click(),
        unreadable: PatientProfileFormText.failed,
        keeps: async (page) => {
          for (const [field, value] of typedFields(page)) await expect(field).toHaveValue(value);
        },
      },
      {
        call: 'PATCH /Patients/Me/Consents',
        arrive: async (page) => {
          await openAccountTab(page, PatientAccountText.privacyTab);
          await expect(researchSwitch(page)).toBeChecked();
        },
        act: (page) => researchSwitch(page).click(),
        // Kits §8 "Patient portal": a consent's failure reads "Failed to update research consent. Please try again."
        // whatever the cause, and the switch reverts.
        failure: (page) => page.getByRole('alert').filter({ hasText: CONSENT_FAILURE.researchConsent }).last(),
        unreadable: CONSENT_FAILURE.researchConsent,
        keeps: async (page) => {
          await expect(researchSwitch(page)).toBeChecked();
        },
      },
      {
        call: 'DELETE /Patients/Me',
        arrive: async (page) => {
          await openAccountTab(page, PatientAccountText.securityTab);
          await page.getByRole('button', { name: DeactivationText.button }).click();
          await expect(page.getByRole('dialog', { name: DeactivationText.title })).toBeVisible();
        },
        act: (page) =>
          page.getByRole('dialog', { name: DeactivationText.title }).getByRole('button', { name: DeactivationText.confirm }).click(),
        unreadable: DeactivationText.failed,
        keeps: async (page) => {
          // A deactivation that failed leaves the patient signed in, on the page they were on.
          await expect(page).toHaveURL('/account');
          await expect(page.getByRole('heading', { name: PatientAccountText.title, level: 2 })).toBeVisible();
        },
      },
    ],
  },
];
