import { expect } from '@playwright/test';
import { ActivityText } from '../../../../src/model/activity/activity-texts';
import { PatientAccountText } from '../../../../src/model/account/patient-account-texts';
import { SettingsPaths } from '../../../../src/model/shell/navigation';
import { visit, type MatrixGroup } from '../matrix';
import { signIn } from '../../support';
import { providerSignIn } from './common';

/**
 * Issue 44: Settings → Activity reads the trail (its export reads the same call, page by page); the patient's Account →
 * Security reads their own.
 */
export const ACTIVITY_GROUPS: readonly MatrixGroup[] = [
  {
    title: 'the practice’s activity trail',
    signIn: providerSignIn('hcp.checkout'),
    calls: [
      {
        call: 'GET /Activity',
        act: (page) => visit(page, SettingsPaths.activity),
        unreadable: ActivityText.loadFailed,
        failure: (page, expected) => page.getByRole('alert').filter({ hasText: ActivityText.loadFailed }).filter({ hasText: expected }),
      },
    ],
  },
  {
    title: 'the patient’s own activity',
    signIn: async (page) => {
      await visit(page, '/sign-in');
      await signIn(page, 'patient');
      await expect(page.getByRole('navigation', { name: 'Main navigation' })).toBeVisible();
    },
    calls: [
      {
        call: 'GET /Activity/My',
        act: async (page) => {
          await visit(page, '/account');
          await page.getByRole('tab', { name: PatientAccountText.securityTab }).click();
        },
        unreadable: ActivityText.loadFailed,
        failure: (page, expected) => page.getByRole('alert').filter({ hasText: ActivityText.loadFailed }).filter({ hasText: expected }),
      },
    ],
  },
];
