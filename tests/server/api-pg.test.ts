import { describe } from 'vitest';
import { useTestServer } from './support/harness';
import { apiSuites } from './suites/all';

/**
 * The same API suites through the node-postgres adapter (what DATABASE_URL selects), with
 * node-postgres speaking the wire protocol to an in-process PGlite instead of a PostgreSQL server.
 */
describe('through the node-postgres adapter', () => {
  apiSuites(useTestServer('pg'));
});
