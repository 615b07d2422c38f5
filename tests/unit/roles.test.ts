import { describe, expect, it } from 'vitest';
import { UnitType, UserType } from '../../src/model/enums';
import { portalFor, supportKindFor } from '../../src/model/auth/roles';

describe('portal by user type (access §6)', () => {
  it('patients get the patient portal', () => {
    expect(portalFor(UserType.Patient)).toBe('patient');
  });

  it.each([
    'Provider',
    'Nurse',
    'NursePractitioner',
    'PhysicianAssistant',
    'OfficeManager',
    'Receptionist',
    'Practice',
    'Concierge',
    'PharmacyTech',
    'Pharmacist',
    'StandardUser',
  ] as const)('%s gets the provider portal', (name) => {
    expect(portalFor(UserType[name])).toBe('provider');
  });

  it.each(['Unknown', 'System', 'Shipping', 'SupportTeam', 'LabUser', 'LabDirector', 'MembershipAdvisor'] as const)(
    '%s belongs to neither portal',
    (name) => {
      expect(portalFor(UserType[name])).toBeNull();
    },
  );
});

describe('support contact by role (access §6)', () => {
  it('patients see the patient address, healthcare providers the provider one, others the research one', () => {
    expect(supportKindFor(UserType.Patient, UnitType.HCP)).toBe('patient');
    expect(supportKindFor(UserType.Provider, UnitType.HCP)).toBe('provider');
    expect(supportKindFor(UserType.Provider, UnitType.Unknown)).toBe('provider');
    expect(supportKindFor(UserType.Provider, UnitType.IRC)).toBe('research');
    expect(supportKindFor(UserType.StandardUser, UnitType.CPS)).toBe('research');
  });
});
