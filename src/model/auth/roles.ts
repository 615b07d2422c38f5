import { UnitType, UserType } from '../enums';

/** Access §6: which portal a user type gets, and whose support address it is shown. */

export const PROVIDER_PORTAL_USER_TYPES: readonly number[] = [
  UserType.Provider,
  UserType.Nurse,
  UserType.NursePractitioner,
  UserType.PhysicianAssistant,
  UserType.OfficeManager,
  UserType.Receptionist,
  UserType.Practice,
  UserType.Concierge,
  UserType.PharmacyTech,
  UserType.Pharmacist,
  UserType.StandardUser,
];

export const PATIENT_PORTAL_USER_TYPES: readonly number[] = [UserType.Patient];

export type Portal = 'provider' | 'patient';

/** A user type outside both groups gets neither portal: the user-type guard refuses it. */
export function portalFor(userType: number): Portal | null {
  if (PATIENT_PORTAL_USER_TYPES.includes(userType)) return 'patient';
  if (PROVIDER_PORTAL_USER_TYPES.includes(userType)) return 'provider';
  return null;
}

export function isUserTypeAllowed(userType: number, allowed: readonly number[]): boolean {
  return allowed.includes(userType);
}

/** Unknown (0) is treated as HCP (access §1). */
export function effectiveUnitType(unitType: number): number {
  return unitType === UnitType.Unknown ? UnitType.HCP : unitType;
}

/**
 * Ordering §2 and §6: HCP users (Unknown counts as HCP) see the tier promo banner, prices and required asterisks.
 * Here, beside the unit type rule, so that the catalogue asks it without loading checkout's rules and country list.
 */
export function isHcp(unitType: number | null | undefined): boolean {
  return unitType !== null && unitType !== undefined && effectiveUnitType(unitType) === UnitType.HCP;
}

export type SupportKind = 'patient' | 'provider' | 'research';

/** Patients see the patient address, healthcare-provider users the provider one, everyone else the research one. */
export function supportKindFor(userType: number, unitType: number): SupportKind {
  if (userType === UserType.Patient) return 'patient';
  if (effectiveUnitType(unitType) === UnitType.HCP) return 'provider';
  return 'research';
}
