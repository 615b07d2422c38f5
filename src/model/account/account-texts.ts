/**
 * Kits §2 "Settings: Account" and "Profile page (provider-side)", §4 "Consents", §5 and §8: the texts of the
 * signed-in user's own account. Quoted texts are exactly as the specification writes them; the rest name the part.
 */

/** The fields of the account tab and of the profile form. */
export const AccountFieldText = {
  /** The account tab's card is titled by its tab, as the practice tab's is. */
  accountTitle: 'Account',
  firstName: 'First name',
  lastName: 'Last name',
  phone: 'Phone',
  email: 'Email',
  receiveNotifications: 'Email notifications',
  save: 'Save Changes',
} as const;

/** The provider's profile page (/account): its heading and its three tabs, in order. */
export const ProfileText = {
  title: 'Profile',
  profileTab: 'Profile',
  securityTab: 'Security',
  privacyTab: 'Data & Privacy',
} as const;

/** Kits §5: "address if present" (an address whose every field is blank is no address). */
export const AccountAddressText = {
  addressRequired: 'Address is required',
  cityRequired: 'City is required',
  countryRequired: 'Country is required',
  stateRequired: 'State is required',
  zipRequired: 'Zip code is required',
  /** Not worded by the specification: a body whose address is not an object. */
  addressObject: 'address must be an object of text fields, or null',
} as const;

/**
 * Kits §4 "Consents" and §8. The switches' labels are not quoted by the specification ("Research consent and
 * leaderboard consent switches"); the failures name the switch that reverted.
 */
export const ConsentText = {
  research: 'Research consent',
  leaderboard: 'Leaderboard consent',
  saved: 'Your consents updated successfully.',
  researchFailed: 'Failed to update research consent. Please try again.',
  olympicsFailed: 'Failed to update Olympics consent. Please try again.',
  /** The server's own words where the documents are silent. */
  uidRequired: 'uid is required',
  notYours: 'The uid must be the signed-in user’s own',
} as const;

/** Kits "Settings: Account" and §5: the password change form (current, new and repeat fields). */
export const PasswordChangeText = {
  title: 'Change Password',
  currentPassword: 'Current password',
  newPassword: 'New password',
  repeatNewPassword: 'Repeat new password',
  submit: 'Change Password',
} as const;

/** Issue 44: two-step sign-in on the account tab. */
export const TwoStepAccountText = {
  title: 'Two-step sign-in',
  explanation:
    'Ask for a code from an authenticator app on your phone after your password, so a stolen password alone cannot open your account.',
  on: 'Two-step sign-in is on.',
  off: 'Two-step sign-in is off.',
  recoveryLeft: (count: number) => `${count} of 10 recovery codes left.`,
  requiredByPractice: 'Your practice requires two-step sign-in. Turn it on to keep using the portal.',
  unavailable: 'Two-step sign-in is not available on this server.',
  turnOn: 'Turn on two-step sign-in',
  scan: 'Scan this QR code with your authenticator app, or type the key below into it.',
  qrLabel: 'QR code for your authenticator app',
  manualKey: 'Key',
  codeLabel: 'Code from the app',
  codeRequired: 'Enter the 6-digit code your authenticator app shows',
  confirm: 'Confirm',
  cancel: 'Cancel',
  recoveryTitle: 'Save your recovery codes',
  recoveryExplanation:
    'If you lose your phone, each of these codes signs you in once instead of a code from the app. They are shown only now: copy them somewhere safe.',
  copyCodes: 'Copy codes',
  savedCodes: 'I have saved my codes',
  turnOff: 'Turn off two-step sign-in',
  turnOffExplanation: 'Enter your password to turn off two-step sign-in.',
  passwordLabel: 'Password',
  passwordRequired: 'Password is required',
  turnedOn: 'Two-step sign-in is on',
  turnedOff: 'Two-step sign-in is off',
  failed: 'Failed to change two-step sign-in',
} as const;
