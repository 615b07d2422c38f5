/**
 * Kits §2 "Settings: Team" and "Add / Edit team member": the labels of the team page, its delete question and
 * the member form. Quoted texts of the specification are exactly as it writes them; the rest name the part.
 */

export const TeamListText = {
  search: 'Search by name...',
  searchLabel: 'Search team members by name',
  add: 'Add Team Member',
  tableLabel: 'Team members',
  scrollLabel: 'Team members, scroll to load more',
  loadingMore: 'Loading more team members',
  loading: 'Loading team members',
  notificationsLabel: (name: string) => `Email notifications for ${name}`,
  /** With the account's role: one person may hold two accounts at the practice, and each row's buttons must differ. */
  editLabel: (name: string, role: string) => `Edit ${name}, ${role}`,
  deleteLabel: (name: string, role: string) => `Delete ${name}, ${role}`,
} as const;

export const TeamColumnText = {
  name: 'Name',
  /** Not a column of the documents: tells apart the rows of one person who holds two roles at the practice. */
  role: 'Role',
  username: 'Username',
  email: 'Email',
  notifications: 'Email Notifications',
  actions: 'Actions',
} as const;

/** Kits §2: the delete confirmation. */
export const DeleteUserText = {
  question: 'Are you sure you want to delete this user?',
  cancel: 'Cancel',
  confirm: 'Delete',
} as const;

/** Kits §2 "Add / Edit team member". */
export const TeamMemberText = {
  addTitle: 'Add Team Member',
  editTitle: 'Edit Team Member',
  back: 'Back to Team',
  firstName: 'First Name',
  lastName: 'Last Name',
  email: 'Email',
  phone: 'Phone',
  notifications: 'Email Notifications',
  discipline: 'Discipline',
  create: 'Add Team Member',
  /** Not worded by the documents: what the new member gets (the server mails the set-password link on create). */
  setPasswordNote: 'The new team member receives an email with a link to set a password before signing in.',
  save: 'Save Changes',
  cancel: 'Cancel',
  loading: 'Loading team member',
} as const;
