import { useTestServer } from './support/harness';
import { apiSuites } from './suites/all';
import { staticSuite } from './suites/static.suite';

/**
 * Every API suite against PGlite, the default storage. The suites live in suites/ by area; one file
 * runs them all because each test file pays seconds for its own worker and database.
 */
const server = useTestServer('pglite');
apiSuites(server);
staticSuite(server);
