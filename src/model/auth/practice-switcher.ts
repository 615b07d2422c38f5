import type { PracticeAccount } from './auth';
import { idKey, sameId } from '../id';
import { roleName } from '../team/role-names';
import { PracticeSwitcherText } from './auth-texts';

/** Access §3 "Practice switcher" and §4 "Account switching": what the switcher shows and which entry is current. */

/** "64 units wide": the 4 px spacing unit the specification counts in (Tailwind's w-64). */
export const SWITCHER_DROPDOWN_WIDTH_PX = 64 * 4;

/** First letter of each word of the name, in capitals: "Harbor Medical Group" is "HMG". */
export function practiceInitials(name: string): string {
  return name
    .split(/\s+/)
    .filter(Boolean)
    .map((word) => word.charAt(0).toLocaleUpperCase())
    .join('');
}

/**
 * The switcher button's accessible name. It holds the visible text, initials and name in that order
 * (WCAG 2.5.3 Label in Name), so that a voice user can say what is shown, even when only the initials are.
 */
export function switcherButtonName(label: string, initials: string = practiceInitials(label)): string {
  return `${PracticeSwitcherText.switchPractice}: ${initials} ${label}`;
}

/** An account is one user at one practice; the same practice can be held in several roles. */
export function isSameAccount(a: PracticeAccount, b: PracticeAccount | null): boolean {
  return b !== null && sameId(a.userId, b.userId) && sameId(a.practiceId, b.practiceId);
}

export interface SwitcherEntry {
  /** Unique per account, since one practice may appear once per role. */
  readonly key: string;
  readonly account: PracticeAccount;
  readonly initials: string;
  readonly label: string;
  readonly current: boolean;
}

/** Hidden without practices or a current one; one practice is only shown; several make a dropdown. */
export type PracticeSwitcher =
  | { readonly mode: 'hidden' }
  | { readonly mode: 'single'; readonly current: SwitcherEntry }
  | { readonly mode: 'dropdown'; readonly current: SwitcherEntry; readonly entries: readonly SwitcherEntry[] };

/**
 * A practice held more than once is told apart by role, in words (`[Office Manager]`, contract decisions); then
 * every entry carries its role, so the list reads alike.
 */
function needsRoleSuffix(practices: readonly PracticeAccount[]): boolean {
  return new Set(practices.map((account) => idKey(account.practiceId))).size < practices.length;
}

function entry(account: PracticeAccount, current: PracticeAccount | null, withRole: boolean): SwitcherEntry {
  return {
    key: `${idKey(account.userId)}@${idKey(account.practiceId)}`,
    account,
    initials: practiceInitials(account.name),
    label: withRole ? `${account.name} [${roleName(account.userType)}]` : account.name,
    current: isSameAccount(account, current),
  };
}

export function practiceSwitcher(
  user: { readonly practice: PracticeAccount | null; readonly practices: readonly PracticeAccount[] } | null,
): PracticeSwitcher {
  const current = user?.practice ?? null;
  const practices = user?.practices ?? [];
  if (current === null || practices.length === 0) return { mode: 'hidden' };
  const withRole = needsRoleSuffix(practices);
  // The button names the practice alone; roles tell entries apart only inside the list.
  const shown = entry(current, current, false);
  if (practices.length === 1) return { mode: 'single', current: shown };
  return { mode: 'dropdown', current: shown, entries: practices.map((account) => entry(account, current, withRole)) };
}
