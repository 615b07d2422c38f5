import { UserType } from '../enums';

/**
 * The role enumeration (access §3) in words, as people read it: the practice switcher's role suffix
 * (`[Office Manager]`) and the team's discipline list and role column use these words, never the enumeration's
 * names (contract decisions).
 */
const ROLE_NAMES: Readonly<Record<UserType, string>> = {
  [UserType.Unknown]: 'Unknown',
  [UserType.System]: 'System',
  [UserType.Practice]: 'Practice',
  [UserType.Provider]: 'Provider',
  [UserType.Patient]: 'Patient',
  [UserType.OfficeManager]: 'Office Manager',
  [UserType.PhysicianAssistant]: 'Physician Assistant',
  [UserType.Receptionist]: 'Receptionist',
  [UserType.Concierge]: 'Concierge',
  [UserType.Nurse]: 'Nurse',
  [UserType.NursePractitioner]: 'Nurse Practitioner',
  [UserType.PharmacyTech]: 'Pharmacy Tech',
  [UserType.Pharmacist]: 'Pharmacist',
  [UserType.StandardUser]: 'Standard User',
  [UserType.Shipping]: 'Shipping',
  [UserType.SupportTeam]: 'Support Team',
  [UserType.LabUser]: 'Lab User',
  [UserType.LabDirector]: 'Lab Director',
  [UserType.MembershipAdvisor]: 'Membership Advisor',
};

function isRole(value: number): value is UserType {
  return Object.hasOwn(ROLE_NAMES, value);
}

/** A role's name in words; a value the enumeration does not list (a newer service's role) says its number. */
export function roleName(userType: number): string {
  return isRole(userType) ? ROLE_NAMES[userType] : `Role ${userType}`;
}
