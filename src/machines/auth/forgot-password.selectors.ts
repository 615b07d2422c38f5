import type { SnapshotFrom } from 'xstate';
import type { forgotPasswordMachine } from './forgot-password.machine';

type ForgotPasswordSnapshot = SnapshotFrom<typeof forgotPasswordMachine>;

export interface ForgotPasswordView {
  busy: boolean;
  /** The form takes no more input: the link was sent and the page is about to leave. */
  locked: boolean;
  succeeded: boolean;
  error: string | null;
}

export function selectForgotPassword(snapshot: ForgotPasswordSnapshot): ForgotPasswordView {
  return {
    busy: snapshot.hasTag('busy'),
    locked: snapshot.hasTag('locked'),
    succeeded: snapshot.hasTag('succeeded'),
    error: snapshot.context.error,
  };
}
