import { DEVELOPER_SETTINGS_GROUPS } from './fault-matrix/groups/developer-settings';
import { SETTINGS_GROUPS } from './fault-matrix/groups/settings';
import { runMatrix } from './fault-matrix/matrix';

/** Issue 13, item 4: the provider's settings and developer settings calls against every fault (tests/e2e/fault-matrix/). */
[...SETTINGS_GROUPS, ...DEVELOPER_SETTINGS_GROUPS].forEach(runMatrix);
