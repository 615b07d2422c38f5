/**
 * Kits §2 "Patient Account screen", §4 "Consents" and "Account deactivation", §8: the texts of the patient
 * portal's account page. Quoted texts are exactly as the specification writes them; the rest name the part.
 */

export const PatientAccountText = {
  title: 'Account',
  subtitle: 'Manage your account information and preferences',
  /**
   * The documents number the tabs without naming them; they hold what the provider's profile page calls
   * Profile, Security and Data & Privacy (kits §2 "Profile page"), so they carry those names.
   */
  profileTab: 'Profile',
  securityTab: 'Security',
  privacyTab: 'Data & Privacy',
} as const;

/** Tab 0: the account profile (kits §3), saved with PUT /Patients/Me. */
export const PatientProfileFormText = {
  personalInformation: 'Personal Information',
  addressInformation: 'Address Information',
  save: 'Save Changes',
  saving: 'Saving...',
  /** Kits §8 "(account)". */
  saved: 'Changes saved successfully!',
  /** Kits §8 "Profile and users": the fallback when the server gives no message. */
  failed: 'Failed to update profile',
} as const;

/** Tab 1: deactivation (kits §2, §4 "Account deactivation", §8). */
export const DeactivationText = {
  title: 'Deactivate Account',
  button: 'Deactivate Account',
  /** Kits §2: the dialog "says personal data is permanently forgotten and the action is irreversible". */
  warning: 'Your personal data will be permanently forgotten and this action is irreversible.',
  confirm: 'Deactivate Account',
  cancel: 'Cancel',
  deleted: 'Your account has been deleted successfully',
  failed: 'Failed to deactivate account',
} as const;

/** Tab 2: the two consent switches and their statements (kits §2, §4 "Consents"). */
export const PatientConsentText = {
  research: 'Research Consent',
  olympics: 'Rejuvenation Olympics Consent',
  learnMore: 'Learn more',
  disagree: "I don't agree",
  agree: 'I agree',
} as const;
