import type { SnapshotFrom } from 'xstate';
import type { SignInFieldErrors } from '../../model/auth/auth';
import type { signInMachine } from './sign-in.machine';

type SignInSnapshot = SnapshotFrom<typeof signInMachine>;

export interface SignInView {
  busy: boolean;
  error: string | null;
  fieldErrors: SignInFieldErrors;
}

export function selectSignIn(snapshot: SignInSnapshot): SignInView {
  return {
    busy: snapshot.hasTag('busy') || snapshot.status === 'done',
    error: snapshot.context.error,
    fieldErrors: snapshot.context.fieldErrors,
  };
}
