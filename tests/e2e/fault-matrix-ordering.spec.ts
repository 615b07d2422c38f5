import { ANALYSIS_GROUPS } from './fault-matrix/groups/analysis';
import { CARDS_AND_MANIFEST_GROUPS } from './fault-matrix/groups/cards-and-manifest';
import { ORDERING_GROUPS } from './fault-matrix/groups/ordering';
import { runMatrix } from './fault-matrix/matrix';

/** Issue 13, item 4: the ordering, orders, saved-card, manifest and analysis calls against every fault (tests/e2e/fault-matrix/). */
[...ORDERING_GROUPS, ...CARDS_AND_MANIFEST_GROUPS, ...ANALYSIS_GROUPS].forEach(runMatrix);
