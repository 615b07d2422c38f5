import type { SnapshotFrom } from 'xstate';
import type { restorePasswordMachine } from './restore-password.machine';

type RestorePasswordSnapshot = SnapshotFrom<typeof restorePasswordMachine>;

export interface RestorePasswordView {
  busy: boolean;
  /** The form takes no input: the link has no token, or the password was reset and the page is about to leave. */
  locked: boolean;
  succeeded: boolean;
  error: string | null;
}

export function selectRestorePassword(snapshot: RestorePasswordSnapshot): RestorePasswordView {
  return {
    busy: snapshot.hasTag('busy'),
    locked: snapshot.hasTag('locked'),
    succeeded: snapshot.hasTag('succeeded'),
    error: snapshot.context.error,
  };
}
