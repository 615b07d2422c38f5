import type { SnapshotFrom } from 'xstate';
import type { TeamMemberMode, TeamMemberValues } from '../../model/team/team-form';
import type { teamMemberFormMachine } from './team-member-form.machine';

type TeamMemberFormSnapshot = SnapshotFrom<typeof teamMemberFormMachine>;

export interface TeamMemberFormView {
  mode: TeamMemberMode;
  /** What the form opens with: empty for a new member, the loaded record for an edited one. */
  values: TeamMemberValues;
  /** The edited member is being loaded. */
  loading: boolean;
  /** The edited member could not be loaded: `error` says why. */
  loadFailed: boolean;
  /** The load's or the last save's failure. */
  error: string | null;
  /** The form is shown (not while the member loads or after its load failed). */
  open: boolean;
  /** The save is under way (or done, and the page is leaving): the form is disabled and its button loading. */
  saving: boolean;
}

export function selectTeamMemberForm(snapshot: TeamMemberFormSnapshot): TeamMemberFormView {
  const { mode, values, error } = snapshot.context;
  return {
    mode,
    values,
    loading: snapshot.hasTag('loading'),
    loadFailed: snapshot.hasTag('loadFailed'),
    error,
    open: snapshot.hasTag('open'),
    saving: snapshot.hasTag('saving'),
  };
}
