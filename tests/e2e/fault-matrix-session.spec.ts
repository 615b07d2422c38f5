import { SESSION_GROUPS } from './fault-matrix/groups/session';
import { runMatrix } from './fault-matrix/matrix';

/** Issue 13, item 4: sign-in, session and the signed-in user's own account calls against every fault (tests/e2e/fault-matrix/). */
SESSION_GROUPS.forEach(runMatrix);
