import { expect, type Page } from '@playwright/test';
import { ErrorText } from '../../../../src/model/messages';
import { SettingsPaths } from '../../../../src/model/shell/navigation';
import {
  BillingSettingsText,
  FulfilmentText,
  PracticeSettingsText,
  SettingsToastText,
} from '../../../../src/model/practice/settings-texts';
import { WhiteLabelText, WhiteLabelToastText } from '../../../../src/model/practice/white-label-texts';
import { DeleteUserText, TeamListText, TeamMemberText } from '../../../../src/model/team/team-texts';
import { UserMessageText } from '../../../../src/model/team/user-texts';
import { roleName } from '../../../../src/model/team/role-names';
import { UserType } from '../../../../src/model/enums';
import { pngImage } from '../../../support/fixtures/white-label-images';
import { visit, type MatrixGroup } from '../matrix';
import { alertWith, fill, kept, nothing, providerSignIn, saveButton, type Typed } from './common';

// ---- The practice (Lakeside Internal Medicine: a healthcare practice paying Net 30) ----------------------------------

const PRACTICE: Typed = { [PracticeSettingsText.city]: 'Lake Oswego', [PracticeSettingsText.contactFirstName]: 'Priya' };
const INVOICE: Typed = { [BillingSettingsText.invoicePhone]: '(312) 555-0100', [BillingSettingsText.invoiceFax]: '(312) 555-0101' };
const BILLING: Typed = { [PracticeSettingsText.addressLine1]: '77 West Wacker Drive', [PracticeSettingsText.zipCode]: '60601' };
const LOGO = 'lakeside-logo.png';

const PRACTICE_GROUP: MatrixGroup = {
  title: 'the provider’s practice, billing and white label settings',
  signIn: providerSignIn('hcp.net30'),
  calls: [
    {
      call: 'PUT /Practices',
      arrive: async (page) => {
        await visit(page, SettingsPaths.organization);
        await fill(page, PRACTICE);
      },
      act: (page) => saveButton(page, PracticeSettingsText.save).click(),
      unreadable: SettingsToastText.practice.failure,
      failure: alertWith,
      keeps: (page) => kept(page, PRACTICE),
    },
    {
      call: 'PATCH /Practices/Fulfillment',
      arrive: async (page) => {
        await visit(page, SettingsPaths.organization);
        // Lakeside ships kits (Physical): the user picks the other one.
        await page.getByRole('radio', { name: FulfilmentText.digital }).check();
      },
      act: (page) => saveButton(page, FulfilmentText.save).click(),
      unreadable: SettingsToastText.fulfilment.failure,
      failure: alertWith,
      keeps: async (page) => {
        await expect(page.getByRole('radio', { name: FulfilmentText.digital })).toBeChecked();
      },
    },
    {
      call: 'PATCH /Practices/InvoiceContact',
      arrive: async (page) => {
        await visit(page, SettingsPaths.billing);
        await fill(page, INVOICE);
      },
      act: (page) => saveButton(page, BillingSettingsText.saveInvoiceContact).click(),
      unreadable: SettingsToastText.invoiceContact.failure,
      failure: alertWith,
      keeps: (page) => kept(page, INVOICE),
    },
    {
      call: 'PATCH /Practices/BillingAddress',
      arrive: async (page) => {
        await visit(page, SettingsPaths.billing);
        // Its own address, beginning from the practice's (its state and country stay).
        await page.getByRole('checkbox', { name: BillingSettingsText.sameAsPractice }).uncheck();
        await fill(page, BILLING);
      },
      act: (page) => saveButton(page, BillingSettingsText.saveBillingAddress).click(),
      unreadable: SettingsToastText.billingAddress.failure,
      failure: alertWith,
      keeps: async (page) => {
        await expect(page.getByRole('checkbox', { name: BillingSettingsText.sameAsPractice })).not.toBeChecked();
        await kept(page, BILLING);
      },
    },
    {
      call: 'PATCH /Practices/WhiteLabel',
      arrive: async (page) => {
        await visit(page, SettingsPaths.reports);
        await page.getByRole('switch', { name: WhiteLabelText.toggle }).click();
        const chooser = page.waitForEvent('filechooser');
        await page.getByRole('button', { name: WhiteLabelText.chooseFile }).click();
        await (await chooser).setFiles({ name: LOGO, mimeType: 'image/png', buffer: pngImage(300, 120) });
        await expect(page.getByRole('img', { name: WhiteLabelText.preview })).toBeVisible();
      },
      act: (page) => saveButton(page, WhiteLabelText.save).click(),
      unreadable: WhiteLabelToastText.failure,
      failure: alertWith,
      keeps: async (page) => {
        // Ordering §8: the chosen logo stays, ready to be saved again.
        await expect(page.getByRole('switch', { name: WhiteLabelText.toggle })).toBeChecked();
        await expect(page.getByRole('img', { name: WhiteLabelText.preview })).toBeVisible();
        await expect(saveButton(page, WhiteLabelText.save)).toBeEnabled();
      },
    },
  ],
};

// ---- The team (Riverside Family Medicine: Ava Morgan, signed in, and Jack Kim) --------------------------------------

const MEMBER = 'Jack Kim';
/** Jack Kim's account is a Lab User's (server/seed/seed-data.ts). */
const MEMBER_ROLE = roleName(UserType.LabUser);
const EDITED: Typed = { [TeamMemberText.firstName]: 'Jackson', [TeamMemberText.lastName]: 'Kimura' };
const NEW_MEMBER: Typed = {
  [TeamMemberText.firstName]: 'Nora',
  [TeamMemberText.lastName]: 'Lindqvist',
  [TeamMemberText.email]: 'nora.lindqvist@riverside-family.example',
  [TeamMemberText.phone]: '(916) 555-0150',
};
const NEW_DISCIPLINE = 'Nurse';
const discipline = (page: Page) => page.getByRole('combobox', { name: TeamMemberText.discipline });
/** The discipline's field, which shows the chosen one (its list of options opens elsewhere on the page). */
const disciplineItem = (page: Page) => page.locator('.ant-form-item').filter({ has: discipline(page) });

async function openTeam(page: Page) {
  await visit(page, SettingsPaths.team);
  await expect(page.getByRole('button', { name: TeamListText.editLabel(MEMBER, MEMBER_ROLE) })).toBeVisible();
}

const TEAM_GROUP: MatrixGroup = {
  title: 'the provider’s team',
  signIn: providerSignIn('hcp.checkout'),
  calls: [
    {
      call: 'GET /Users',
      arrive: nothing,
      act: (page) => visit(page, SettingsPaths.team),
      unreadable: UserMessageText.loadFailed,
      failure: alertWith,
    },
    {
      call: 'GET /Users/{uid}',
      arrive: openTeam,
      act: (page) => page.getByRole('button', { name: TeamListText.editLabel(MEMBER, MEMBER_ROLE) }).click(),
      // The load's fallback (team-member-form.machine.ts LOAD_FALLBACK): kits §8 gives it no text of its own.
      unreadable: ErrorText.server,
      failure: alertWith,
    },
    {
      call: 'PUT /Users/{uid}',
      arrive: async (page) => {
        await openTeam(page);
        await page.getByRole('button', { name: TeamListText.editLabel(MEMBER, MEMBER_ROLE) }).click();
        await expect(page.getByLabel(TeamMemberText.firstName, { exact: true })).toHaveValue('Jack');
        await fill(page, EDITED);
        // Jack Kim is a Lab User, a role the provider portal no longer gives: his form asks for a discipline first.
        await discipline(page).click();
        await page.locator('.ant-select-dropdown').getByText(NEW_DISCIPLINE, { exact: true }).click();
      },
      act: (page) => saveButton(page, TeamMemberText.save).click(),
      unreadable: UserMessageText.updateFailed,
      failure: alertWith,
      keeps: (page) => kept(page, EDITED),
    },
    {
      call: 'POST /Users',
      arrive: async (page) => {
        await visit(page, SettingsPaths.addTeamMember);
        await fill(page, NEW_MEMBER);
        await discipline(page).click();
        // antd's list draws its options outside the listbox it announces, so the user's click is on the text.
        await page.locator('.ant-select-dropdown').getByText(NEW_DISCIPLINE, { exact: true }).click();
      },
      act: (page) => saveButton(page, TeamMemberText.create).click(),
      unreadable: UserMessageText.createFailed,
      failure: alertWith,
      keeps: async (page) => {
        await kept(page, NEW_MEMBER);
        await expect(disciplineItem(page).getByText(NEW_DISCIPLINE, { exact: true })).toBeVisible();
      },
    },
    {
      call: 'DELETE /Users/{uid}',
      arrive: openTeam,
      act: async (page) => {
        await page.getByRole('button', { name: TeamListText.deleteLabel(MEMBER, MEMBER_ROLE) }).click();
        await page
          .getByRole('dialog', { name: DeleteUserText.question })
          .getByRole('button', { name: DeleteUserText.confirm, exact: true })
          .click();
      },
      // The delete's fallback (delete-user.machine.ts DELETE_FALLBACK): kits §8 gives it no text of its own.
      unreadable: ErrorText.server,
      failure: alertWith,
    },
    {
      call: 'PATCH /Users/{uid}/notifications',
      arrive: openTeam,
      act: (page) => page.getByRole('switch', { name: TeamListText.notificationsLabel(MEMBER) }).click(),
      unreadable: UserMessageText.notificationsFailed,
      failure: alertWith,
    },
  ],
};

/** The provider's settings: practice, billing, white label and team. */
export const SETTINGS_GROUPS: readonly MatrixGroup[] = [PRACTICE_GROUP, TEAM_GROUP];
