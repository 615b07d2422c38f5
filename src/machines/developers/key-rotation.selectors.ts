import type { SnapshotFrom } from 'xstate';
import type { keyRotationMachine } from './key-rotation.machine';

type KeyRotationSnapshot = SnapshotFrom<typeof keyRotationMachine>;

export interface KeyRotationView {
  /** Which confirmation is up: the webhook secret's, the API key's, or none. */
  dialog: 'secret' | 'apiKey' | null;
  /** The request is under way: the confirm button is loading and Cancel waits. */
  submitting: boolean;
  /** The last attempt's failure, shown in the dialog. */
  error: string | null;
}

export function selectKeyRotation(snapshot: KeyRotationSnapshot): KeyRotationView {
  const dialog = snapshot.hasTag('secret') ? 'secret' : snapshot.hasTag('apiKey') ? 'apiKey' : null;
  return { dialog, submitting: snapshot.hasTag('submitting'), error: snapshot.context.error };
}
