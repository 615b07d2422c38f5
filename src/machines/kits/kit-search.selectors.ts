import type { SnapshotFrom } from 'xstate';
import { isKitSearchTooShort } from '../../model/kits/kit-list-rules';
import type { kitSearchMachine } from './kit-search.machine';

type KitSearchSnapshot = SnapshotFrom<typeof kitSearchMachine>;

export interface KitSearchView {
  text: string;
  /** The search the list's query carries: empty for none. */
  query: string;
  /** The wait after the last key is running. */
  typing: boolean;
  /** Kits §5: the settled text is 1 or 2 characters, so the hint "Please enter at least 3 characters to search" shows. */
  tooShort: boolean;
}

export function selectKitSearch(snapshot: KitSearchSnapshot): KitSearchView {
  const { text, query } = snapshot.context;
  const typing = snapshot.hasTag('typing');
  return { text, query, typing, tooShort: !typing && isKitSearchTooShort(text) };
}
