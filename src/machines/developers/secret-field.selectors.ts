import type { SnapshotFrom } from 'xstate';
import type { secretFieldMachine } from './secret-field.machine';

type SecretFieldSnapshot = SnapshotFrom<typeof secretFieldMachine>;

export interface SecretFieldView {
  /** The full value shows; otherwise the masked one. */
  shown: boolean;
  /** The clipboard write is under way: the copy button is loading. */
  copying: boolean;
  /** Kits §9's 2 s of feedback after a copy that worked. */
  copied: boolean;
  /** The same 2 s after a copy the browser refused. */
  copyFailed: boolean;
}

export function selectSecretField(snapshot: SecretFieldSnapshot): SecretFieldView {
  return {
    shown: snapshot.hasTag('shown'),
    copying: snapshot.hasTag('copying'),
    copied: snapshot.hasTag('copied'),
    copyFailed: snapshot.hasTag('copyFailed'),
  };
}

/** The copy button takes a click for this value (not an empty one, not while a copy runs). */
export function selectCanCopy(snapshot: SecretFieldSnapshot, text: string): boolean {
  return snapshot.can({ type: 'secret.copy', text });
}
