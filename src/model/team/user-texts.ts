/**
 * Kits §2 "Settings: Account / Team / Add-Edit team member", and the users' texts of §5 and §8. Quoted texts
 * are exactly as the specification writes them; the rest name the part.
 */

/** Kits §5: the profile, team edit and new team member messages. */
export const UserValidationText = {
  firstNameRequired: 'First name is required',
  lastNameRequired: 'Last name is required',
  userTypeRequired: 'User type is required',
  phoneRequired: 'Phone is required',
  emailRequired: 'Email is required',
  emailInvalid: 'Invalid email format',
  /** A new team member's user type is shown as the discipline. */
  disciplineRequired: 'Discipline is required',
  /** Not worded by the specification: a role a practice cannot give one of its team (it cannot sign in to the portal). */
  userTypeNotTeam: (roles: string) => `userType must be a role that signs in to the provider portal: ${roles}`,
  userTypeUnknown: 'userType must be a value of the role enumeration',
  notificationPreferences: 'notificationPreferences must be a list of text',
} as const;

/** Kits §8: the users' success toasts and failure fallbacks (a failure shows the server's message when it has one). */
export const UserMessageText = {
  created: 'User created successfully',
  updated: 'User updated successfully',
  deleted: 'User deleted successfully',
  notificationsUpdated: 'Notification preferences updated successfully',
  accountSaved: 'Changes saved successfully!',
  profileFailed: 'Failed to update profile',
  notificationsFailed: 'Failed to update email notification preferences',
  createFailed: 'Failed to create team member',
  updateFailed: 'Failed to update team member',
  loadFailed: 'Failed to load users',
  noData: 'No data received from server',
  cannotDeleteYourself: 'Cannot delete yourself',
  /** The server's own words where the documents are silent. */
  notFound: 'The practice has no team member with this uid',
  emailTaken: 'A user with this email already exists',
} as const;
