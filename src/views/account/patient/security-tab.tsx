import { Flex } from 'antd';
import { PasswordChangeForm } from '../password-change-form';
import { DeactivateAccount } from './deactivate-account';

/** Kits §2 "Patient Account screen" tab 1: the password change form of the account settings, then deactivation. */
export function SecurityTab() {
  return (
    <Flex vertical gap={24}>
      <PasswordChangeForm />
      <DeactivateAccount />
    </Flex>
  );
}
