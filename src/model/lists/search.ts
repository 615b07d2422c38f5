/**
 * A list's search box (kits §2, §4, §5, §9): what is typed settles for 400 ms before it counts, then goes out
 * trimmed; an empty box sends no search. A list may ask for a minimum length (the HCP kit search: 3); a settled
 * text shorter than that (but not empty) sends nothing and the list keeps what it shows. The documents give the
 * debounce for the kit search; the team search waits as long, so that the boxes behave alike.
 */

export const SEARCH_DEBOUNCE_MS = 400;

/** The search a settled text sends: trimmed, empty for none, or null when it is too short to send. */
export function searchQuery(text: string, minChars: number): string | null {
  const trimmed = text.trim();
  if (trimmed.length > 0 && trimmed.length < minChars) return null;
  return trimmed;
}
