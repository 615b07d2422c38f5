import { PasswordChangeForm } from './password-change-form';

/** The Account settings tab (kits "Settings: Account"). Its profile part comes with later work; the password change is here. */
export function AccountTab() {
  return <PasswordChangeForm />;
}
