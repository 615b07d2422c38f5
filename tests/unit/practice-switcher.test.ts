import { describe, expect, it } from 'vitest';
import type { PracticeAccount } from '../../src/model/auth/auth';
import { UserType } from '../../src/model/enums';
import {
  isSameAccount,
  practiceInitials,
  practiceSwitcher,
  switcherButtonName,
  SWITCHER_DROPDOWN_WIDTH_PX,
} from '../../src/model/auth/practice-switcher';

const account = (overrides: Partial<PracticeAccount> = {}): PracticeAccount => ({
  practiceId: 17,
  userId: 117,
  name: 'Harbor Medical Group',
  userType: UserType.Provider,
  ...overrides,
});
const harborProvider = account();
const harborManager = account({ userId: 118, userType: UserType.OfficeManager });
const summit = account({ practiceId: 18, userId: 119, name: 'Summit Wellness Clinic' });

describe('practice initials (access §3)', () => {
  it.each([
    ['Harbor Medical Group', 'HMG'],
    ['summit wellness clinic', 'SWC'],
    ['  Riverside   Family  Practice ', 'RFP'],
    ['Clinic', 'C'],
    ['', ''],
  ])('the first letter of each word of "%s", in capitals: "%s"', (name, initials) => {
    expect(practiceInitials(name)).toBe(initials);
  });
});

describe('which account is current (access §4)', () => {
  it('the same user at the same practice is the current entry', () => {
    expect(isSameAccount(harborProvider, account())).toBe(true);
  });

  it('a different user at the same practice, or the same user id at another practice, is another entry', () => {
    expect(isSameAccount(harborManager, harborProvider)).toBe(false);
    expect(isSameAccount(account({ practiceId: 18 }), harborProvider)).toBe(false);
    expect(isSameAccount(harborProvider, null)).toBe(false);
  });

  it('an account named with numbers is the same account named with strings of digits', () => {
    expect(isSameAccount(account({ userId: '117', practiceId: '17' }), harborProvider)).toBe(true);
  });
});

describe('the practice switcher (access §3)', () => {
  it('is hidden when the user has no practices', () => {
    expect(practiceSwitcher({ practice: harborProvider, practices: [] })).toEqual({ mode: 'hidden' });
  });

  it('is hidden when the user has no current practice', () => {
    expect(practiceSwitcher({ practice: null, practices: [harborProvider, summit] })).toEqual({ mode: 'hidden' });
    expect(practiceSwitcher(null)).toEqual({ mode: 'hidden' });
  });

  it('with exactly one practice nothing is selectable: the practice is only shown', () => {
    const switcher = practiceSwitcher({ practice: summit, practices: [summit] });
    expect(switcher).toEqual({
      mode: 'single',
      current: { key: '119@18', account: summit, initials: 'SWC', label: 'Summit Wellness Clinic', current: true },
    });
  });

  it('with several practices it is a dropdown showing the current practice name and initials', () => {
    const switcher = practiceSwitcher({ practice: summit, practices: [harborProvider, summit] });
    if (switcher.mode !== 'dropdown') throw new Error(`expected a dropdown, got ${switcher.mode}`);
    expect(switcher.current).toMatchObject({ label: 'Summit Wellness Clinic', initials: 'SWC' });
  });

  it('lists every practice account with initials and name, the current one marked; no practice twice means no role suffix', () => {
    const switcher = practiceSwitcher({ practice: summit, practices: [harborProvider, summit] });
    if (switcher.mode !== 'dropdown') throw new Error(`expected a dropdown, got ${switcher.mode}`);
    expect(switcher.entries.map(({ initials, label, current }) => ({ initials, label, current }))).toEqual([
      { initials: 'HMG', label: 'Harbor Medical Group', current: false },
      { initials: 'SWC', label: 'Summit Wellness Clinic', current: true },
    ]);
  });

  it("when the same practice appears more than once, each entry shows the user's role in words in square brackets", () => {
    const switcher = practiceSwitcher({ practice: harborProvider, practices: [harborProvider, harborManager, summit] });
    if (switcher.mode !== 'dropdown') throw new Error(`expected a dropdown, got ${switcher.mode}`);
    expect(switcher.entries.map(({ label, current }) => ({ label, current }))).toEqual([
      { label: 'Harbor Medical Group [Provider]', current: true },
      { label: 'Harbor Medical Group [Office Manager]', current: false },
      { label: 'Summit Wellness Clinic [Provider]', current: false },
    ]);
    expect(switcher.current.label).toBe('Harbor Medical Group');
    expect(new Set(switcher.entries.map((entry) => entry.key)).size).toBe(3);
  });

  it('a role outside the enumeration shows its number, in words', () => {
    const switcher = practiceSwitcher({ practice: harborProvider, practices: [harborProvider, account({ userId: 120, userType: 42 })] });
    if (switcher.mode !== 'dropdown') throw new Error(`expected a dropdown, got ${switcher.mode}`);
    expect(switcher.entries[1]?.label).toBe('Harbor Medical Group [Role 42]');
  });

  it('the dropdown is 64 units wide (256 px)', () => {
    expect(SWITCHER_DROPDOWN_WIDTH_PX).toBe(256);
  });
});

describe("the switcher button's accessible name", () => {
  it('holds the visible initials and name in order, after what the button does (WCAG 2.5.3)', () => {
    expect(switcherButtonName('Harbor Medical Group')).toBe('Switch practice: HMG Harbor Medical Group');
    expect(switcherButtonName('Harbor Medical Group [Provider]', 'HMG')).toBe('Switch practice: HMG Harbor Medical Group [Provider]');
  });
});
