import { ACTIVITY_GROUPS } from './fault-matrix/groups/activity';
import { runMatrix } from './fault-matrix/matrix';

/** Issue 44: the activity trail's calls against every fault (tests/e2e/fault-matrix/). */
ACTIVITY_GROUPS.forEach(runMatrix);
