import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { UserType } from '../../src/model/enums';
import { PROVIDER_PORTAL_USER_TYPES } from '../../src/model/auth/roles';
import { roleName } from '../../src/model/team/role-names';
import { DISCIPLINE_OPTIONS } from '../../src/model/team/team-form';
import { notificationsUserTypeProblem, TEAM_USER_TYPES, USER_TYPE_NOT_TEAM, userTypeProblem } from '../../src/model/team/user-rules';
import { UserMessageText, UserValidationText as T } from '../../src/model/team/user-texts';
import {
  UserCreateRequestSchema,
  UserNotificationsRequestSchema,
  UsersPageSchema,
  UserUpdateRequestSchema,
} from '../../src/model/team/user';
import { UserListQuerySchema } from '../../src/model/team/user-list-params';
import { displayName } from '../../src/model/team/user-record';
import { AccountUpdateRequestSchema } from '../../src/model/account/account-update';

const MEMBER = {
  firstName: 'Nora',
  lastName: 'Lindqvist',
  email: 'nora@clinic.example',
  phone: '(916) 555-0150',
  receiveNotifications: true,
  notificationPreferences: [],
  userType: UserType.Nurse,
};

const firstMessage = (schema: v.GenericSchema, value: unknown) => {
  const result = v.safeParse(schema, value);
  return result.success ? null : result.issues[0].message;
};

describe('users: the new team member body (kits §5)', () => {
  it.each<[string, Record<string, unknown>, string]>([
    ['a blank first name', { firstName: '   ' }, T.firstNameRequired],
    ['no last name', { lastName: undefined }, T.lastNameRequired],
    ['no phone', { phone: '' }, T.phoneRequired],
    ['no email', { email: undefined }, T.emailRequired],
    ['a malformed email', { email: 'nora@clinic' }, T.emailInvalid],
    ['no user type', { userType: undefined }, T.disciplineRequired],
    ['the Unknown user type', { userType: UserType.Unknown }, T.disciplineRequired],
    ['a user type outside the role enumeration', { userType: 99 }, T.userTypeUnknown],
    ['the Patient role', { userType: UserType.Patient }, USER_TYPE_NOT_TEAM],
    ['the System role', { userType: UserType.System }, USER_TYPE_NOT_TEAM],
    ['the Shipping role, which cannot sign in to the portal', { userType: UserType.Shipping }, USER_TYPE_NOT_TEAM],
    ['the Lab User role, which cannot sign in to the portal', { userType: UserType.LabUser }, USER_TYPE_NOT_TEAM],
  ])('refuses %s with “%s”', (_case, change, message) => {
    expect(firstMessage(UserCreateRequestSchema, { ...MEMBER, ...change })).toBe(message);
  });

  it('trims the text fields and fills the notifications a client left out', () => {
    const { receiveNotifications: _on, notificationPreferences: _prefs, ...rest } = MEMBER;
    const parsed = v.parse(UserCreateRequestSchema, { ...rest, firstName: ' Nora ', email: ' nora@clinic.example ' });
    expect(parsed).toEqual({ ...MEMBER, firstName: 'Nora' });
  });
});

describe('users: editing, the account tab and notifications (kits §5, §7)', () => {
  it('words a missing user type “User type is required” when editing', () => {
    expect(firstMessage(UserUpdateRequestSchema, { ...MEMBER, userType: null })).toBe(T.userTypeRequired);
    expect(firstMessage(UserNotificationsRequestSchema, { receiveNotifications: true })).toBe(T.userTypeRequired);
  });

  it('drops the read-only email of an edit and of the account tab', () => {
    expect(v.parse(UserUpdateRequestSchema, MEMBER)).not.toHaveProperty('email');
    const account = v.parse(AccountUpdateRequestSchema, { firstName: 'Ava', lastName: 'Morgan', phone: '1', email: 'x@y.example' });
    expect(account).toEqual({ firstName: 'Ava', lastName: 'Morgan', phone: '1' });
  });

  it('requires the account tab’s first name, last name and phone', () => {
    expect(firstMessage(AccountUpdateRequestSchema, { lastName: 'M', phone: '1' })).toBe(T.firstNameRequired);
    expect(firstMessage(AccountUpdateRequestSchema, { firstName: 'A', phone: '1' })).toBe(T.lastNameRequired);
    expect(firstMessage(AccountUpdateRequestSchema, { firstName: 'A', lastName: 'M', phone: ' ' })).toBe(T.phoneRequired);
  });

  it('sends notification preferences empty when none are given', () => {
    expect(v.parse(UserNotificationsRequestSchema, { receiveNotifications: false, userType: UserType.Provider })).toEqual({
      receiveNotifications: false,
      notificationPreferences: [],
      userType: UserType.Provider,
    });
  });
});

describe('users: the role rule, the list query and the page', () => {
  it('gives a team member only the roles that sign in to the provider portal, in the enumeration’s order', () => {
    expect(TEAM_USER_TYPES).toEqual([...PROVIDER_PORTAL_USER_TYPES].sort((a, b) => a - b));
    for (const refused of [
      UserType.Unknown,
      UserType.System,
      UserType.Patient,
      UserType.Shipping,
      UserType.SupportTeam,
      UserType.LabUser,
      UserType.LabDirector,
      UserType.MembershipAdvisor,
    ]) {
      expect(TEAM_USER_TYPES).not.toContain(refused);
    }
    expect(userTypeProblem(UserType.Provider, T.userTypeRequired)).toBeNull();
    expect(USER_TYPE_NOT_TEAM).toBe(
      'userType must be a role that signs in to the provider portal: 2 (Practice), 3 (Provider), 5 (Office Manager), ' +
        '6 (Physician Assistant), 7 (Receptionist), 8 (Concierge), 9 (Nurse), 10 (Nurse Practitioner), 11 (Pharmacy Tech), ' +
        '12 (Pharmacist), 13 (Standard User)',
    );
  });

  it('names each role in words, for the discipline list and the switcher alike; an unlisted role says its number', () => {
    expect(DISCIPLINE_OPTIONS.map((option) => option.label)).toEqual([
      'Practice',
      'Provider',
      'Office Manager',
      'Physician Assistant',
      'Receptionist',
      'Concierge',
      'Nurse',
      'Nurse Practitioner',
      'Pharmacy Tech',
      'Pharmacist',
      'Standard User',
    ]);
    expect(DISCIPLINE_OPTIONS.map((option) => option.value)).toEqual(TEAM_USER_TYPES);
    expect([UserType.SupportTeam, UserType.LabDirector, UserType.MembershipAdvisor].map(roleName)).toEqual([
      'Support Team',
      'Lab Director',
      'Membership Advisor',
    ]);
    expect(roleName(42)).toBe('Role 42');
  });

  it('the notifications toggle may repeat a member’s stored role, even one the portal refuses, but never change to one', () => {
    expect(v.parse(UserNotificationsRequestSchema, { receiveNotifications: true, userType: UserType.LabUser }).userType).toBe(
      UserType.LabUser,
    );
    expect(firstMessage(UserNotificationsRequestSchema, { receiveNotifications: true, userType: 99 })).toBe(T.userTypeUnknown);
    expect(firstMessage(UserNotificationsRequestSchema, { receiveNotifications: true, userType: 0 })).toBe(T.userTypeRequired);
    expect(notificationsUserTypeProblem(UserType.LabUser, UserType.LabUser)).toBeNull();
    expect(notificationsUserTypeProblem(UserType.Nurse, UserType.LabUser)).toBeNull();
    expect(notificationsUserTypeProblem(UserType.LabUser, UserType.Nurse)).toBe(USER_TYPE_NOT_TEAM);
  });

  it('reads the list query with page size 10, name ascending and a trimmed search', () => {
    expect(v.parse(UserListQuerySchema, { searchQuery: '  nora ' })).toEqual({
      sort: { column: 'name', direction: 'asc' },
      filters: [],
      page: 1,
      pageSize: 10,
      search: 'nora',
    });
    expect(v.safeParse(UserListQuerySchema, { sortColumn: 'password' }).success).toBe(false);
  });

  it('reads a page leniently: extra fields ignored, optional ones missing or null', () => {
    const page = v.parse(UsersPageSchema, {
      items: [{ uid: 'u1', username: 'nora', userType: 3, firstName: null, phone: undefined, extra: 1 }],
      hasMore: null,
    });
    expect(page).toEqual({
      page: 1,
      hasMore: false,
      items: [
        {
          uid: 'u1',
          username: 'nora',
          userType: 3,
          firstName: '',
          lastName: '',
          email: '',
          phone: null,
          receiveNotifications: false,
          notificationPreferences: [],
          address: null,
        },
      ],
    });
    expect(v.safeParse(UsersPageSchema, { items: [{ username: 'no uid', userType: 3 }] }).success).toBe(false);
  });

  it('words the §8 texts exactly', () => {
    expect(UserMessageText).toMatchObject({
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
      cannotDeleteYourself: 'Cannot delete yourself',
    });
  });
});

describe('users: the user record (kits §3; its schema is read in answers.test.ts)', () => {
  it('names a user by first and last name, else by the username', () => {
    expect(displayName({ firstName: 'Nora', lastName: 'Lindqvist', username: 'nora.l' })).toBe('Nora Lindqvist');
    expect(displayName({ firstName: 'Nora', lastName: '', username: 'nora.l' })).toBe('Nora');
    expect(displayName({ firstName: ' ', lastName: '', username: 'nora.l' })).toBe('nora.l');
  });
});
