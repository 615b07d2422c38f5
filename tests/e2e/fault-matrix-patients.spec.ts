import { PATIENTS_GROUPS } from './fault-matrix/groups/patients';
import { runMatrix } from './fault-matrix/matrix';

/** Issue 13, item 4: the provider's patients screens and the patient portal's calls against every fault (tests/e2e/fault-matrix/). */
PATIENTS_GROUPS.forEach(runMatrix);
