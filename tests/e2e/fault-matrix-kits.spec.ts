import { KITS_GROUPS } from './fault-matrix/groups/kits';
import { runMatrix } from './fault-matrix/matrix';

/** Issue 13, item 4: the provider's kit calls against every fault (tests/e2e/fault-matrix/). */
KITS_GROUPS.forEach(runMatrix);
