import { beforeAll, describe } from 'vitest';
import { useTestServer } from './support/harness';
import { describePostgres } from './support/postgres';
import { apiSuites } from './suites/all';

/**
 * The same API suites through the node-postgres adapter (what DATABASE_URL selects): against the PostgreSQL server
 * that TEST_DATABASE_URL names (CI starts one), or else against the in-process PGlite over its wire protocol, so the
 * adapter is still exercised where no PostgreSQL can be installed. The title and a line in the log say which.
 */
describe(`through the node-postgres adapter, to ${describePostgres()}`, () => {
  const server = useTestServer('pg');
  beforeAll(async () => {
    const [shown] = await server().db.query<{ version: string }>('SELECT version()');
    console.info(`The node-postgres pass of the API suites runs on ${describePostgres()}: ${shown?.version ?? 'unknown version'}`);
  });
  apiSuites(server);
});
