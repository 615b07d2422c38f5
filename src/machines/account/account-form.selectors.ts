import type { SnapshotFrom } from 'xstate';
import type { accountFormMachine } from './account-form.machine';

type AccountFormSnapshot = SnapshotFrom<typeof accountFormMachine>;

export interface AccountFormView {
  /** The save is under way: the form is disabled and its button loading. */
  busy: boolean;
  /** The last save failed (its toast has been shown); the form still holds what was typed. */
  error: string | null;
}

export function selectAccountForm(snapshot: AccountFormSnapshot): AccountFormView {
  return {
    busy: snapshot.hasTag('busy'),
    error: snapshot.hasTag('failed') ? snapshot.context.error : null,
  };
}
