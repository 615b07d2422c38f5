import type { SnapshotFrom } from 'xstate';
import type { passwordChangeMachine } from './password-change.machine';

type PasswordChangeSnapshot = SnapshotFrom<typeof passwordChangeMachine>;

export interface PasswordChangeView {
  busy: boolean;
  /** The last change went through: the form is cleared. */
  changed: boolean;
  error: string | null;
}

export function selectPasswordChange(snapshot: PasswordChangeSnapshot): PasswordChangeView {
  return { busy: snapshot.hasTag('busy'), changed: snapshot.hasTag('changed'), error: snapshot.context.error };
}
