import type { MatrixGroup } from '../matrix';
import { ACTIVITY_GROUPS } from './activity';
import { ANALYSIS_GROUPS } from './analysis';
import { CARDS_AND_MANIFEST_GROUPS } from './cards-and-manifest';
import { DEVELOPER_SETTINGS_GROUPS } from './developer-settings';
import { KITS_GROUPS } from './kits';
import { ORDERING_GROUPS } from './ordering';
import { PATIENTS_GROUPS } from './patients';
import { SESSION_GROUPS } from './session';
import { SETTINGS_GROUPS } from './settings';

/** Every group of the fault matrix, for the check that together they cover every call of the OpenAPI document. */
export const ALL_GROUPS: readonly MatrixGroup[] = [
  ...SESSION_GROUPS,
  ...KITS_GROUPS,
  ...PATIENTS_GROUPS,
  ...ORDERING_GROUPS,
  ...CARDS_AND_MANIFEST_GROUPS,
  ...ANALYSIS_GROUPS,
  ...SETTINGS_GROUPS,
  ...DEVELOPER_SETTINGS_GROUPS,
  ...ACTIVITY_GROUPS,
];
