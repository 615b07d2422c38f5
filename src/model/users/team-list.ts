import { KIT_SEARCH_DEBOUNCE_MS } from '../kits/kit-list-rules';

/**
 * Kits §2 "Settings: Team": the search box. The documents give a debounce only for the kit search (400 ms, §4);
 * the team search waits as long, so that the two boxes behave alike. Unlike the kit search it has no minimum
 * length: every text is sent, trimmed, and an empty box sends no search.
 */
export const TEAM_SEARCH_DEBOUNCE_MS = KIT_SEARCH_DEBOUNCE_MS;

export function teamSearchQuery(text: string): string {
  return text.trim();
}

/** Kits §5, §6: any team member may delete others, never themselves. */
export function isSelf(uid: string, ownUid: string | null | undefined): boolean {
  return ownUid !== null && ownUid !== undefined && uid === ownUid;
}
