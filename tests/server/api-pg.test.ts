import { describe } from 'vitest';
import { useTestServer } from './support/harness';
import { errorsSuite } from './suites/errors.suite';
import { passwordSuite } from './suites/password.suite';
import { refreshSuite } from './suites/refresh.suite';
import { resourcesSuite } from './suites/resources.suite';
import { signInSuite } from './suites/sign-in.suite';
import { switchMigrateSuite } from './suites/switch-migrate.suite';
import { testSupportSuite } from './suites/test-support.suite';
import { tokensSuite } from './suites/tokens.suite';
import { validationSuite } from './suites/validation.suite';

/**
 * The same API suites through the node-postgres adapter (what DATABASE_URL selects), with
 * node-postgres speaking the wire protocol to an in-process PGlite instead of a PostgreSQL server.
 */
describe('through the node-postgres adapter', () => {
  const server = useTestServer('pg');
  signInSuite(server);
  refreshSuite(server);
  passwordSuite(server);
  switchMigrateSuite(server);
  resourcesSuite(server);
  validationSuite(server);
  errorsSuite(server);
  tokensSuite(server);
  testSupportSuite(server);
});
