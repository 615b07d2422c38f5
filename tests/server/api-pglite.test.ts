import { useTestServer } from './support/harness';
import { errorsSuite } from './suites/errors.suite';
import { passwordSuite } from './suites/password.suite';
import { refreshSuite } from './suites/refresh.suite';
import { resourcesSuite } from './suites/resources.suite';
import { signInSuite } from './suites/sign-in.suite';
import { staticSuite } from './suites/static.suite';
import { switchMigrateSuite } from './suites/switch-migrate.suite';
import { testSupportSuite } from './suites/test-support.suite';
import { tokensSuite } from './suites/tokens.suite';
import { validationSuite } from './suites/validation.suite';

/**
 * Every API suite against PGlite, the default storage. The suites live in suites/ by area; one file
 * runs them all because each test file pays seconds for its own worker and database.
 */
const server = useTestServer('pglite');

signInSuite(server);
refreshSuite(server);
passwordSuite(server);
switchMigrateSuite(server);
resourcesSuite(server);
validationSuite(server);
errorsSuite(server);
tokensSuite(server);
testSupportSuite(server);
staticSuite(server);
