import { describe, expect, it } from 'vitest';
import {
  DISCIPLINE_OPTIONS,
  EMPTY_TEAM_MEMBER,
  editedMemberUid,
  editTeamMemberPath,
  teamMemberFieldErrors,
  teamMemberUpdateRequest,
  teamMemberValues,
} from '../../src/model/team/team-form';
import { searchQuery } from '../../src/model/lists/search';
import { isSelf } from '../../src/model/team/team-list';

describe('the team member form (kits §2, §5)', () => {
  it('an empty new member breaks every rule, with "Discipline is required" for the user type', () => {
    expect(teamMemberFieldErrors('create', EMPTY_TEAM_MEMBER)).toEqual({
      firstName: 'First name is required',
      lastName: 'Last name is required',
      email: 'Email is required',
      phone: 'Phone is required',
      userType: 'Discipline is required',
    });
  });

  it('an edited member needs no email and says "User type is required"', () => {
    expect(teamMemberFieldErrors('edit', { ...EMPTY_TEAM_MEMBER, email: '' })).toEqual({
      firstName: 'First name is required',
      lastName: 'Last name is required',
      phone: 'Phone is required',
      userType: 'User type is required',
    });
  });

  it('a malformed email is "Invalid email format"', () => {
    const values = { ...EMPTY_TEAM_MEMBER, firstName: 'A', lastName: 'B', phone: '1', userType: 3, email: 'a@b' };
    expect(teamMemberFieldErrors('create', values)).toEqual({ email: 'Invalid email format' });
  });

  it('a name over 100 characters or a phone over 40 is refused under its field', () => {
    const values = { ...EMPTY_TEAM_MEMBER, firstName: 'A'.repeat(101), lastName: 'B', phone: '1'.repeat(41), userType: 3, email: 'a@b.co' };
    expect(teamMemberFieldErrors('create', values)).toEqual({
      firstName: 'First name must be at most 100 characters long',
      phone: 'Phone must be at most 40 characters long',
    });
  });

  it('the disciplines are the provider portal’s roles in words, never enumeration names or roles that cannot sign in', () => {
    const labels = DISCIPLINE_OPTIONS.map((option) => option.label);
    expect(labels).toContain('Provider');
    expect(labels).toContain('Office Manager');
    expect(labels).toContain('Physician Assistant');
    expect(labels).toContain('Nurse Practitioner');
    for (const refused of ['Unknown', 'System', 'Patient', 'Shipping', 'Support Team', 'Lab User', 'Lab Director', 'Membership Advisor']) {
      expect(labels).not.toContain(refused);
    }
    expect(labels.filter((label) => /[a-z][A-Z]/.test(label))).toEqual([]);
  });

  it('the edit form opens with the record; a missing phone is empty and a role a practice cannot give is none chosen', () => {
    const record = {
      uid: 'u',
      firstName: 'A',
      lastName: 'B',
      email: 'a@b.co',
      phone: null,
      username: 'ab',
      userType: 4,
      receiveNotifications: true,
      notificationPreferences: [],
      address: null,
    };
    expect(teamMemberValues(record)).toEqual({
      firstName: 'A',
      lastName: 'B',
      email: 'a@b.co',
      phone: '',
      receiveNotifications: true,
      userType: null,
    });
  });

  it('PUT’s body leaves the read-only email out and sends the preferences empty', () => {
    const values = { ...EMPTY_TEAM_MEMBER, firstName: ' A ', lastName: 'B', phone: '1', email: 'x@y.z', userType: 9 };
    expect(teamMemberUpdateRequest(values)).toEqual({
      firstName: 'A',
      lastName: 'B',
      phone: '1',
      receiveNotifications: true,
      notificationPreferences: [],
      userType: 9,
    });
  });

  it('edit uses the query parameter edit={uid}', () => {
    expect(editTeamMemberPath('a b')).toBe('/settings/team/add?edit=a%20b');
    expect(editedMemberUid('edit=a%20b')).toBe('a b');
    expect(editedMemberUid('')).toBeNull();
    expect(editedMemberUid('edit=')).toBeNull();
  });
});

describe('the team page’s rules', () => {
  it('every search text is sent trimmed, with no minimum length', () => {
    expect(searchQuery(' a ', 0)).toBe('a');
    expect(searchQuery('   ', 0)).toBe('');
  });

  it('yourself is the signed-in user’s uid; unknown while it has not loaded', () => {
    expect(isSelf('u-1', 'u-1')).toBe(true);
    expect(isSelf('u-1', 'u-2')).toBe(false);
    expect(isSelf('u-1', null)).toBe(false);
  });
});
