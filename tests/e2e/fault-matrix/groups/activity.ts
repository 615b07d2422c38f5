import { ActivityText } from '../../../../src/model/activity/activity-texts';
import { SettingsPaths } from '../../../../src/model/shell/navigation';
import { visit, type MatrixGroup } from '../matrix';
import { providerSignIn } from './common';

/** Issue 44: Settings → Activity reads the trail (its export reads the same call, page by page). */
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
];
