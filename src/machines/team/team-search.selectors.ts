import type { SnapshotFrom } from 'xstate';
import type { teamSearchMachine } from './team-search.machine';

type TeamSearchSnapshot = SnapshotFrom<typeof teamSearchMachine>;

export interface TeamSearchView {
  text: string;
  /** The search the list's query carries: empty for none. */
  query: string;
  /** The wait after the last key is running. */
  typing: boolean;
}

export function selectTeamSearch(snapshot: TeamSearchSnapshot): TeamSearchView {
  const { text, query } = snapshot.context;
  return { text, query, typing: snapshot.hasTag('typing') };
}
