import type { SnapshotFrom } from 'xstate';
import { confirmationOf, type Confirmation } from '../../model/auth/migration';
import { typedPasswordStrength, type PasswordStrength } from '../../model/auth/password';
import type { migrationMachine } from './migration.machine';

type MigrationSnapshot = SnapshotFrom<typeof migrationMachine>;

export interface MigrationView {
  busy: boolean;
  /** False below the minimum strength (access §5), until the confirmation matches, and while the request is out. */
  canSubmit: boolean;
  error: string | null;
  /** Null until something is typed: the meter says nothing about an empty field. */
  strength: PasswordStrength | null;
  /** "Password does not meet security requirements" is said once something is typed, not on an untouched form. */
  tooWeak: boolean;
  confirmation: Confirmation;
}

export function selectMigration(snapshot: MigrationSnapshot): MigrationView {
  const { newPassword, confirmPassword } = snapshot.context.form;
  const strength = typedPasswordStrength(newPassword);
  return {
    busy: snapshot.hasTag('busy'),
    canSubmit: snapshot.can({ type: 'migration.submit' }),
    error: snapshot.context.error,
    strength,
    tooWeak: strength !== null && !strength.acceptable,
    confirmation: confirmationOf(newPassword, confirmPassword),
  };
}
