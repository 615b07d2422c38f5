import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import { searchQuery } from '../../model/lists/search';
import type { searchBoxMachine } from './search-box.machine';

type SearchBoxSnapshot = SnapshotFrom<typeof searchBoxMachine>;
export type SearchBoxActor = ActorRefFrom<typeof searchBoxMachine>;

export interface SearchBoxView {
  text: string;
  /** The search the list's query carries: empty for none. */
  query: string;
  /** The wait after the last key is running. */
  typing: boolean;
  /** The settled text is too short to send (kits §5: the hint "Please enter at least 3 characters to search"). */
  tooShort: boolean;
}

export function selectSearchBox(snapshot: SearchBoxSnapshot): SearchBoxView {
  const { text, query, minChars } = snapshot.context;
  const typing = snapshot.hasTag('typing');
  return { text, query, typing, tooShort: !typing && searchQuery(text, minChars) === null };
}
