import type { SnapshotFrom } from 'xstate';
import { confirmationOf, type Confirmation, type MigrationForm } from '../../model/auth/migration';
import { typedPasswordStrength, type PasswordStrength } from '../../model/auth/password';
import type { migrationMachine } from './migration.machine';

type MigrationSnapshot = SnapshotFrom<typeof migrationMachine>;

export interface MigrationView {
  busy: boolean;
  /** False below the minimum strength (access §5), until the confirmation matches, and while the request is out. */
  canSubmit: boolean;
  error: string | null;
}

/** The form's values are asked about, not kept: the machine only receives them on submit. */
export function selectMigration(snapshot: MigrationSnapshot, values: MigrationForm): MigrationView {
  return {
    busy: snapshot.hasTag('busy'),
    canSubmit: snapshot.can({ type: 'migration.submit', values }),
    error: snapshot.context.error,
  };
}

export interface PasswordFeedback {
  /** Null until something is typed: the meter says nothing about an empty field. */
  strength: PasswordStrength | null;
  /** "Password does not meet security requirements" is said once something is typed, not on an untouched form. */
  tooWeak: boolean;
  confirmation: Confirmation;
}

/** What the strength meter and the match indicator say about the passwords as they are typed (access §5). */
export function selectPasswordFeedback({
  newPassword,
  confirmPassword,
}: Pick<MigrationForm, 'newPassword' | 'confirmPassword'>): PasswordFeedback {
  const strength = typedPasswordStrength(newPassword);
  return { strength, tooWeak: strength !== null && !strength.acceptable, confirmation: confirmationOf(newPassword, confirmPassword) };
}
