import { Flex } from 'antd';
import { PasswordChangeForm } from '../password-change-form';
import { TwoStepSection } from '../two-step-section';
import { DeactivateAccount } from './deactivate-account';
import { RecentActivity } from './recent-activity';

/**
 * Kits §2 "Patient Account screen" tab 1: the password change form of the account settings, then (issue 44) two-step
 * sign-in as the provider's account tab has it and the patient's own recent activity, then deactivation.
 */
export function SecurityTab() {
  return (
    <Flex vertical gap={24}>
      <PasswordChangeForm />
      <TwoStepSection />
      <RecentActivity />
      <DeactivateAccount />
    </Flex>
  );
}
