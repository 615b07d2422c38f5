import type { SnapshotFrom } from 'xstate';
import type { signInMachine } from './sign-in.machine';

type SignInSnapshot = SnapshotFrom<typeof signInMachine>;

export interface SignInView {
  busy: boolean;
  error: string | null;
}

export function selectSignIn(snapshot: SignInSnapshot): SignInView {
  return { busy: snapshot.hasTag('busy') || snapshot.status === 'done', error: snapshot.context.error };
}
