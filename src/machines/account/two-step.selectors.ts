import type { SnapshotFrom } from 'xstate';
import type { twoStepMachine } from './two-step.machine';

type TwoStepSnapshot = SnapshotFrom<typeof twoStepMachine>;

export interface TwoStepView {
  busy: boolean;
  /** What the section shows besides the state: nothing more, the new key, the recovery codes, or the password. */
  step: 'none' | 'key' | 'codes' | 'password';
  uri: string | null;
  manualKey: string | null;
  recoveryCodes: string[];
  error: string | null;
}

export function selectTwoStep(snapshot: TwoStepSnapshot): TwoStepView {
  const step =
    snapshot.matches('showingKey') || snapshot.matches('confirming')
      ? 'key'
      : snapshot.matches('showingCodes')
        ? 'codes'
        : snapshot.matches('askingPassword') || snapshot.matches('turningOff')
          ? 'password'
          : 'none';
  return {
    busy: snapshot.hasTag('busy'),
    step,
    uri: snapshot.context.enrolment?.uri ?? null,
    manualKey: snapshot.context.enrolment?.manualKey ?? null,
    recoveryCodes: snapshot.context.recoveryCodes,
    error: snapshot.context.error,
  };
}
