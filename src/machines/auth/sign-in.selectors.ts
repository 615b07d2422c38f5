import type { SnapshotFrom } from 'xstate';
import type { SignInCredentials, SignInFieldErrors } from '../../model/auth/auth';
import type { signInMachine } from './sign-in.machine';

type SignInSnapshot = SnapshotFrom<typeof signInMachine>;

export interface SignInView {
  busy: boolean;
  error: string | null;
  fieldErrors: SignInFieldErrors;
  /** Issue 44: the password form, or the code of two-step sign-in. */
  step: 'password' | 'code';
  /** The code step takes a recovery code. */
  recovery: boolean;
  codeError: string | null;
  /** What the form held when it was sent: back from the code step, it fills the form again. */
  typed: SignInCredentials | null;
}

export function selectSignIn(snapshot: SignInSnapshot): SignInView {
  return {
    busy: snapshot.hasTag('busy') || snapshot.status === 'done',
    error: snapshot.context.error,
    fieldErrors: snapshot.context.fieldErrors,
    step: snapshot.context.challenge !== null ? 'code' : 'password',
    recovery: snapshot.context.recovery,
    codeError: snapshot.context.codeError,
    typed: snapshot.context.request,
  };
}
