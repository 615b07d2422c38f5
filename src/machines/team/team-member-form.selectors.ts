import type { SnapshotFrom } from 'xstate';
import type { TeamMemberFieldErrors, TeamMemberMode, TeamMemberValues } from '../../model/team/team-form';
import type { teamMemberFormMachine } from './team-member-form.machine';

type TeamMemberFormSnapshot = SnapshotFrom<typeof teamMemberFormMachine>;

export interface TeamMemberFormView {
  mode: TeamMemberMode;
  values: TeamMemberValues;
  /** Kits §5's message under each field that broke a rule, until that field is edited. */
  fieldErrors: TeamMemberFieldErrors;
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
  canSubmit: boolean;
}

export function selectTeamMemberForm(snapshot: TeamMemberFormSnapshot): TeamMemberFormView {
  const { mode, values, fieldErrors, error } = snapshot.context;
  return {
    mode,
    values,
    fieldErrors,
    loading: snapshot.hasTag('loading'),
    loadFailed: snapshot.hasTag('loadFailed'),
    error,
    open: snapshot.hasTag('open'),
    saving: snapshot.hasTag('saving'),
    canSubmit: snapshot.can({ type: 'member.submit' }),
  };
}
