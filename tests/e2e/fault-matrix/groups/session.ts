import { expect, type Page } from '@playwright/test';
import { ACCESS_TOKEN_TTL_SECONDS } from '../../../../playwright.config';
import { ErrorText } from '../../../../src/model/messages';
import { Paths, SettingsPaths } from '../../../../src/model/shell/navigation';
import { PracticeSettingsText } from '../../../../src/model/practice/settings-texts';
import { AccountFieldText, ConsentText, ProfileText } from '../../../../src/model/account/account-texts';
import { PatientConsentText } from '../../../../src/model/account/patient-account-texts';
import { UserMessageText } from '../../../../src/model/team/user-texts';
import { DEMO_PASSWORD, hasStoredSession, openPracticeSwitcher, practiceSwitcherButton, restoreLink, signIn } from '../../support';
import { visit, type MatrixGroup } from '../matrix';
import { alertWith, nothing, providerSignIn } from './common';
import { AuthPageText, FallbackText, PracticeSwitcherText } from '../../../../src/model/auth/auth-texts';
import { PasswordChangeText, TwoStepAccountText } from '../../../../src/model/account/account-texts';
import { TwoStepSignInText } from '../../../../src/model/auth/auth-texts';
import { PracticeTwoStepText } from '../../../../src/model/practice/settings-texts';
import { Secret, TOTP } from 'otpauth';

/** A strong password, other than the demo one, that a user types as the new one. */
const NEW_PASSWORD = 'Fresh-Start-2027!';

/**
 * Whether the page shows `path` (and its query) already, as the row's previous case left it: a failure keeps the
 * screen and its form, and each fault's text differs from the others', so the next case can start from there.
 */
function showing(page: Page, path: string): boolean {
  const url = page.url();
  if (!url.startsWith('http')) return false;
  const here = new URL(url);
  const there = new URL(path, url);
  return here.pathname === there.pathname && here.search === there.search;
}

/** Loads `path` unless the page shows it already. */
async function stayOrVisit(page: Page, path: string): Promise<void> {
  if (!showing(page, path)) await visit(page, path);
}

const mainNavigation = (page: Page) => page.getByRole('navigation', { name: 'Main navigation' });
const SIGN_OUT = 'Sign out';

// ---- Signed out: sign-in, forgotten password, restore link, migration ----------------------------------------------

const SIGN_IN_USERNAME = 'hcp.checkout';
const FORGOT_USERNAME = 'cps.user';

let restoreAddress: string | undefined;

/** The restore link of one forgot-password request, asked for once: a faulted restore never uses its token up. */
async function restorePasswordLink(page: Page): Promise<string> {
  if (restoreAddress) return restoreAddress;
  const requested = await page.request.post('/portalApi/Auth/Password/Forgot', { data: { username: FORGOT_USERNAME } });
  expect(requested.ok()).toBe(true);
  restoreAddress = (await restoreLink(page.request, FORGOT_USERNAME)).link;
  return restoreAddress;
}

/** Issue 44: the account whose sign-in asks for a code; no other row signs it in. */
const TWO_STEP_USERNAME = 'dtc.user';

/**
 * Turns two-step sign-in on for TWO_STEP_USERNAME through the API, unless its sign-in asks for a code already (the
 * group's reseed turns it off again): the row is about the code step's faults, not about turning it on.
 */
async function ensureTwoStep(page: Page): Promise<void> {
  const signedIn = await page.request.post('/portalApi/Auth', {
    data: { username: TWO_STEP_USERNAME, password: DEMO_PASSWORD, rememberMe: false },
  });
  expect(signedIn.ok()).toBe(true);
  const answer = (await signedIn.json()) as { twoStepRequired?: boolean; accessToken?: { token: string } };
  if (answer.twoStepRequired) return;
  const headers = { Authorization: `Bearer ${answer.accessToken?.token ?? ''}` };
  const begun = await page.request.post('/portalApi/Users/Me/TwoStep/Enrolment', { headers, data: {} });
  const { manualKey } = (await begun.json()) as { manualKey: string };
  const code = new TOTP({ secret: Secret.fromBase32(manualKey.replace(/\s/g, '')), period: 30 }).generate();
  const confirmed = await page.request.post('/portalApi/Users/Me/TwoStep/Confirmation', { headers, data: { code } });
  expect(confirmed.ok()).toBe(true);
}

/** A code the step sends; the call is faulted before the server could judge it. */
const TYPED_CODE = '123456';

const SIGNED_OUT_GROUP: MatrixGroup = {
  title: 'signing in, a forgotten password and the account migration',
  // Each call is made signed out (or, for the migration, just signed in): every row signs in itself.
  signIn: nothing,
  calls: [
    {
      call: 'POST /Auth',
      arrive: async (page) => {
        await stayOrVisit(page, Paths.signIn);
        await page.getByLabel(AuthPageText.signInUsernameLabel).fill(SIGN_IN_USERNAME);
        await page.getByLabel(AuthPageText.passwordLabel).fill(DEMO_PASSWORD);
      },
      act: (page) => page.getByRole('button', { name: AuthPageText.signIn }).click(),
      unreadable: FallbackText.signIn,
      failure: alertWith,
      keeps: async (page) => {
        await expect(page).toHaveURL(Paths.signIn);
        await expect(page.getByLabel(AuthPageText.signInUsernameLabel)).toHaveValue(SIGN_IN_USERNAME);
        await expect(page.getByLabel(AuthPageText.passwordLabel)).toHaveValue(DEMO_PASSWORD);
      },
    },
    {
      call: 'POST /Auth/TwoStep',
      arrive: async (page) => {
        // A failed code stays on the code step; only the first case signs in with the password.
        const code = page.getByLabel(TwoStepSignInText.codeLabel);
        if (!(await code.isVisible())) {
          await ensureTwoStep(page);
          await visit(page, Paths.signIn);
          await signIn(page, TWO_STEP_USERNAME);
          await expect(code).toBeVisible();
        }
        await code.fill(TYPED_CODE);
      },
      act: (page) => page.getByRole('button', { name: TwoStepSignInText.verify }).click(),
      unreadable: TwoStepSignInText.failed,
      failure: alertWith,
      keeps: async (page) => {
        await expect(page).toHaveURL(Paths.signIn);
        await expect(page.getByLabel(TwoStepSignInText.codeLabel)).toHaveValue(TYPED_CODE);
      },
    },
    {
      call: 'POST /Auth/Password/Forgot',
      arrive: async (page) => {
        await stayOrVisit(page, Paths.forgotPassword);
        await page.getByLabel(AuthPageText.usernameLabel).fill(FORGOT_USERNAME);
      },
      act: (page) => page.getByRole('button', { name: AuthPageText.sendResetLink }).click(),
      unreadable: FallbackText.forgotPassword,
      failure: alertWith,
      keeps: async (page) => {
        await expect(page).toHaveURL(Paths.forgotPassword);
        await expect(page.getByLabel(AuthPageText.usernameLabel)).toHaveValue(FORGOT_USERNAME);
        await expect(page.getByLabel(AuthPageText.usernameLabel)).toBeEnabled();
      },
    },
    {
      call: 'POST /Auth/Password/Restore',
      arrive: async (page) => {
        await stayOrVisit(page, await restorePasswordLink(page));
        await page.getByLabel(AuthPageText.newPasswordLabel).fill(NEW_PASSWORD);
        await page.getByLabel(AuthPageText.confirmPasswordLabel).fill(NEW_PASSWORD);
      },
      act: (page) => page.getByRole('button', { name: AuthPageText.resetPassword }).click(),
      unreadable: FallbackText.restorePassword,
      failure: alertWith,
      keeps: async (page) => {
        await expect(page.getByLabel(AuthPageText.newPasswordLabel)).toHaveValue(NEW_PASSWORD);
        await expect(page.getByLabel(AuthPageText.confirmPasswordLabel)).toHaveValue(NEW_PASSWORD);
        await expect(page.getByLabel(AuthPageText.newPasswordLabel)).toBeEnabled();
      },
    },
    {
      call: 'POST /Auth/Migrate',
      arrive: async (page) => {
        // A failed migration stays on its page, signed in; only the first case signs in.
        if (!showing(page, Paths.migrate)) {
          await visit(page, Paths.signIn);
          await signIn(page, 'must.migrate');
          await expect(page.getByRole('heading', { name: AuthPageText.migrationTitle })).toBeVisible();
        }
        await page.getByLabel(AuthPageText.newPasswordLabel).fill(NEW_PASSWORD);
        await page.getByLabel(AuthPageText.confirmPasswordLabel).fill(NEW_PASSWORD);
      },
      act: (page) => page.getByRole('button', { name: AuthPageText.completeMigration }).click(),
      unreadable: FallbackText.migrate,
      failure: alertWith,
      keeps: async (page) => {
        await expect(page).toHaveURL(Paths.migrate);
        await expect(page.getByLabel(AuthPageText.newPasswordLabel)).toHaveValue(NEW_PASSWORD);
        await expect(page.getByLabel(AuthPageText.confirmPasswordLabel)).toHaveValue(NEW_PASSWORD);
        await expect(page.getByRole('button', { name: AuthPageText.completeMigration })).toBeEnabled();
      },
    },
  ],
};

// ---- Signed in: the provider's own account, the practice switch and the session's refresh ---------------------------

/** Grace Hall holds three practice accounts, so the switcher offers another one. */
const PROVIDER_USERNAME = 'multi.practice';
const CURRENT_PRACTICE = 'Harbor Medical Group';
const OTHER_PRACTICE = /Summit Wellness Clinic/;
const ACCOUNT_EDIT = { firstName: 'Gracie', lastName: 'Hall-Byrne', phone: '(206) 555-0199' } as const;

const accountRegion = (page: Page) => page.getByRole('region', { name: AccountFieldText.accountTitle });
/** The password change form: its own error box, which a toast of another row cannot stand in for. */
const passwordForm = (page: Page) => page.locator('form').filter({ has: page.getByLabel(PasswordChangeText.currentPassword) });
const requirementSwitch = (page: Page) => page.getByRole('switch', { name: PracticeTwoStepText.label });
const turnOffPassword = (page: Page) => page.getByRole('textbox', { name: TwoStepAccountText.passwordLabel, exact: true });
const researchSwitch = (page: Page) => page.getByRole('switch', { name: ConsentText.research });

/** Where the user opened the practice switcher: a switch that went through would leave it for the dashboard. */
let switchedFrom: string | undefined;

const PROVIDER_GROUP: MatrixGroup = {
  title: 'the provider’s own account, practice switch and session',
  signIn: providerSignIn(PROVIDER_USERNAME),
  calls: [
    {
      call: 'GET /Practices',
      act: (page) => visit(page, SettingsPaths.organization),
      unreadable: PracticeSettingsText.loadError,
      // Ordering §2 "Settings: practice or institution": "Load error: Error loading practice information."
      failure: (page) => alertWith(page, PracticeSettingsText.loadError),
    },
    {
      call: 'GET /Practices/TwoStep',
      act: (page) => visit(page, SettingsPaths.organization),
      unreadable: PracticeTwoStepText.failed,
      failure: alertWith,
    },
    {
      call: 'PUT /Practices/TwoStep',
      arrive: async (page) => {
        // The failed setting load of the row before shows no switch: the first case loads the tab afresh.
        if (!showing(page, SettingsPaths.organization) || !(await requirementSwitch(page).isVisible())) {
          await visit(page, SettingsPaths.organization);
        }
        await expect(requirementSwitch(page)).toBeEnabled();
      },
      act: (page) => requirementSwitch(page).click(),
      unreadable: PracticeTwoStepText.failed,
      failure: alertWith,
      // The switch shows the stored setting again, not the one the failed call would have set.
      keeps: (page) => expect(requirementSwitch(page)).not.toBeChecked(),
    },
    {
      call: 'GET /Users/Me/TwoStep',
      act: (page) => visit(page, SettingsPaths.account),
      unreadable: TwoStepAccountText.failed,
      failure: alertWith,
    },
    {
      call: 'POST /Users/Me/TwoStep/Enrolment',
      arrive: async (page) => {
        // The failed status load of the row before shows no button: the first case loads the tab afresh.
        const turnOn = page.getByRole('button', { name: TwoStepAccountText.turnOn });
        if (!showing(page, SettingsPaths.account) || !(await turnOn.isVisible())) await visit(page, SettingsPaths.account);
        await expect(turnOn).toBeEnabled();
      },
      act: (page) => page.getByRole('button', { name: TwoStepAccountText.turnOn }).click(),
      unreadable: TwoStepAccountText.failed,
      failure: alertWith,
    },
    {
      call: 'POST /Users/Me/TwoStep/Confirmation',
      arrive: async (page) => {
        // A failed confirmation keeps the key and the code typed; only the first case asks for a key.
        const code = page.getByLabel(TwoStepAccountText.codeLabel);
        if (!(await code.isVisible())) {
          await stayOrVisit(page, SettingsPaths.account);
          await page.getByRole('button', { name: TwoStepAccountText.turnOn }).click();
          await expect(code).toBeVisible();
        }
        await code.fill(TYPED_CODE);
      },
      act: (page) => page.getByRole('button', { name: TwoStepAccountText.confirm }).click(),
      unreadable: TwoStepAccountText.failed,
      failure: alertWith,
      keeps: (page) => expect(page.getByLabel(TwoStepAccountText.codeLabel)).toHaveValue(TYPED_CODE),
    },
    {
      call: 'POST /Users/Me/TwoStep/TurnOff',
      arrive: async (page) => {
        // Turning off needs two-step sign-in on: the status says so here, and the faulted call never reaches the server.
        await page.route('**/portalApi/Users/Me/TwoStep', (route) =>
          route.fulfill({ json: { enabled: true, recoveryCodesLeft: 10, requiredByPractice: false } }),
        );
        const password = turnOffPassword(page);
        if (!(await password.isVisible())) {
          await visit(page, SettingsPaths.account);
          await page.getByRole('button', { name: TwoStepAccountText.turnOff }).click();
          await expect(password).toBeVisible();
        }
        await password.fill(DEMO_PASSWORD);
      },
      act: (page) => page.getByRole('button', { name: TwoStepAccountText.turnOff }).click(),
      unreadable: TwoStepAccountText.failed,
      failure: alertWith,
      keeps: (page) => expect(turnOffPassword(page)).toHaveValue(DEMO_PASSWORD),
    },
    {
      call: 'GET /Users/Me',
      act: (page) => visit(page, SettingsPaths.account),
      // The account tab's own fallback for a record it cannot read.
      unreadable: ErrorText.server,
      failure: alertWith,
    },
    {
      call: 'PUT /Users/Me',
      arrive: async (page) => {
        // The failed record load of the row before shows no form: the first case loads the tab afresh.
        if (!showing(page, SettingsPaths.account) || !(await accountRegion(page).isVisible())) await visit(page, SettingsPaths.account);
        const account = accountRegion(page);
        await account.getByLabel(AccountFieldText.firstName).fill(ACCOUNT_EDIT.firstName);
        await account.getByLabel(AccountFieldText.lastName).fill(ACCOUNT_EDIT.lastName);
        await account.getByLabel(AccountFieldText.phone).fill(ACCOUNT_EDIT.phone);
      },
      act: (page) => accountRegion(page).getByRole('button', { name: AccountFieldText.save }).click(),
      unreadable: UserMessageText.profileFailed,
      failure: alertWith,
      keeps: async (page) => {
        const account = accountRegion(page);
        await expect(account.getByLabel(AccountFieldText.firstName)).toHaveValue(ACCOUNT_EDIT.firstName);
        await expect(account.getByLabel(AccountFieldText.lastName)).toHaveValue(ACCOUNT_EDIT.lastName);
        await expect(account.getByLabel(AccountFieldText.phone)).toHaveValue(ACCOUNT_EDIT.phone);
      },
    },
    {
      call: 'POST /Auth/Password/Reset',
      arrive: async (page) => {
        await stayOrVisit(page, SettingsPaths.account);
        const form = passwordForm(page);
        await form.getByLabel(PasswordChangeText.currentPassword).fill(DEMO_PASSWORD);
        await form.getByLabel(PasswordChangeText.newPassword, { exact: true }).fill(NEW_PASSWORD);
        await form.getByLabel(PasswordChangeText.repeatNewPassword).fill(NEW_PASSWORD);
      },
      act: (page) => passwordForm(page).getByRole('button', { name: PasswordChangeText.submit }).click(),
      unreadable: FallbackText.changePassword,
      failure: (page, expected) => passwordForm(page).getByRole('alert').filter({ hasText: expected }),
      keeps: async (page) => {
        const form = passwordForm(page);
        await expect(form.getByLabel(PasswordChangeText.currentPassword)).toHaveValue(DEMO_PASSWORD);
        await expect(form.getByLabel(PasswordChangeText.newPassword, { exact: true })).toHaveValue(NEW_PASSWORD);
        await expect(form.getByLabel(PasswordChangeText.repeatNewPassword)).toHaveValue(NEW_PASSWORD);
      },
    },
    {
      call: 'PATCH /Users/Me/Consents',
      arrive: async (page) => {
        // Every fault says the same here, so each case starts on a fresh page, without the toast of the case before.
        await visit(page, Paths.account);
        await page.getByRole('tab', { name: ProfileText.privacyTab }).click();
        await expect(researchSwitch(page)).not.toBeChecked();
        await expect(researchSwitch(page)).toBeEnabled();
      },
      // Issue 41: turning a consent on shows its statement first; the call goes out on "I agree".
      act: async (page) => {
        await researchSwitch(page).click();
        await page.getByRole('dialog').getByRole('button', { name: PatientConsentText.agree }).click();
      },
      unreadable: ConsentText.researchFailed,
      // Kits §4 "Consents" and §8: a failed switch turns back and says which consent failed, whatever the cause.
      failure: (page) => alertWith(page, ConsentText.researchFailed),
      keeps: async (page) => {
        await expect(researchSwitch(page)).not.toBeChecked();
        await expect(researchSwitch(page)).toBeEnabled();
      },
    },
    {
      call: 'POST /Auth/Account/Switch',
      // The switcher heads every page of the provider portal: the case starts wherever the one before ended.
      arrive: async (page) => {
        switchedFrom = page.url();
        await openPracticeSwitcher(page, CURRENT_PRACTICE);
      },
      act: (page) =>
        page.getByRole('menu', { name: PracticeSwitcherText.switchPractice }).getByRole('menuitem', { name: OTHER_PRACTICE }).click(),
      unreadable: FallbackText.switchAccount,
      failure: alertWith,
      keeps: async (page) => {
        // Still the account and the page the user was on.
        await expect(page).toHaveURL(switchedFrom ?? '');
        await expect(practiceSwitcherButton(page, CURRENT_PRACTICE)).toBeEnabled();
      },
    },
    {
      // Each failed refresh ends the session, so each case but the first signs in again.
      call: 'POST /Auth/refresh',
      arrive: async (page) => {
        if (new URL(page.url()).pathname === Paths.signIn) {
          await signIn(page, PROVIDER_USERNAME);
          await expect(mainNavigation(page)).toBeVisible();
        }
        // The access token has expired when the next screen loads, so the session refreshes first (access §4).
        await page.clock.fastForward((ACCESS_TOKEN_TTL_SECONDS + 1) * 1000);
      },
      act: (page) => visit(page, SettingsPaths.account),
      unreadable: ErrorText.sessionExpired,
      // Access §4 and §8 "Refresh failure": whatever failed, the toast says "Session expired. Please sign in again."
      failure: (page) => alertWith(page, ErrorText.sessionExpired),
      // Signed out, the user is at sign-in, which leads back to the screen once signed in again (access §2).
      keeps: async (page) => {
        await expect(page).toHaveURL(`${Paths.signIn}?redirect=${encodeURIComponent(SettingsPaths.account)}`);
        await expect(page.getByRole('heading', { name: AuthPageText.signInTitle })).toBeVisible();
      },
    },
    {
      // Last: every case signs out, so each signs in again first (the refresh row's last case ends signed out too).
      call: 'POST /Auth/SignOut',
      arrive: async (page) => {
        if (new URL(page.url()).pathname === Paths.signIn) {
          await signIn(page, PROVIDER_USERNAME);
          await expect(mainNavigation(page)).toBeVisible();
        }
      },
      act: (page) => page.getByRole('button', { name: SIGN_OUT }).click(),
      // Never shown: the call is sent and forgotten, so no fault has a text of its own (issue 37 item 9).
      unreadable: AuthPageText.signInTitle,
      // The documented outcome of every fault is the outcome of success: signed out, at sign-in, tokens gone.
      failure: (page) => async () =>
        new URL(page.url()).pathname === Paths.signIn &&
        !(await hasStoredSession(page)) &&
        (await page.getByRole('heading', { name: AuthPageText.signInTitle }).isVisible()),
      // Nothing of the failure reaches the user, and protected pages are closed again.
      keeps: async (page) => {
        await expect(page.getByRole('alert')).toHaveCount(0);
        await expect(page.getByText(ErrorText.sessionExpired)).toHaveCount(0);
        expect(await hasStoredSession(page)).toBe(false);
      },
    },
  ],
};

/** Sign-in, the password flows, the migration, and the signed-in user's own account and session. */
export const SESSION_GROUPS: readonly MatrixGroup[] = [SIGNED_OUT_GROUP, PROVIDER_GROUP];
