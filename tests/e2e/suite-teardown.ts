import { existsSync, readFileSync } from 'node:fs';
import * as v from 'valibot';
import { E2E_FAULT_MATRIX_LOG, E2E_SERVERS } from '../../playwright.config';
import { SESSION_TOKEN_IN_URL_MESSAGE } from '../../server/http/access-log';
import { JWT_SOURCE } from '../../server/logger';
import { CspViolationsSchema } from '../../src/model/test-support';
import { FaultCaseOutcomeSchema } from './fault-matrix/faults';

/**
 * Checks that hold over the whole browser suite, read once every journey has run, from each test-mode server:
 * - Issue 13, item 1: no page broke the Content-Security-Policy. Each server is the policy's report-uri, so Chromium
 *   posted every violation of every journey to the server it ran against (tests/e2e/csp.spec.ts proves a violation
 *   does arrive, and forgets its own).
 * - Issue 13, item 2: no access or refresh token reached a server's log (its LOG_FILE holds every line it logged,
 *   one per request among them), neither in a logged address nor anywhere else.
 */

/** A signed access token, or a bearer credential that the redaction missed. */
const LEAKS: readonly [string, RegExp][] = [
  ['an access token', new RegExp(JWT_SOURCE)],
  ['a bearer credential', /\bBearer\s+(?!\[redacted\])\S+/i],
  ['a refresh token', /refresh_?token"?\s*[=:]\s*"?(?!\[redacted\])[\w-]{20,}/i],
  ['a session token in an address', new RegExp(SESSION_TOKEN_IN_URL_MESSAGE)],
];

/** Issue 13, item 4: how many cases of the fault matrix ran in this run and how they ended. */
function faultMatrixSummary(): string | undefined {
  if (!existsSync(E2E_FAULT_MATRIX_LOG)) return undefined;
  const cases = readFileSync(E2E_FAULT_MATRIX_LOG, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => v.parse(FaultCaseOutcomeSchema, JSON.parse(line)));
  const calls = new Set(cases.map((each) => each.call)).size;
  const passed = cases.filter((each) => each.passed).length;
  return `Fault matrix: ${cases.length} cases over ${calls} calls, ${passed} passed, ${cases.length - passed} failed.`;
}

export default async function suiteTeardown(): Promise<void> {
  const matrix = faultMatrixSummary();
  if (matrix) console.log(matrix);
  const problems: string[] = [];
  let requests = 0;
  for (const { url, logFile } of E2E_SERVERS) {
    const response = await fetch(`${url}/portalApi/__test/csp-reports`);
    if (!response.ok) throw new Error(`Could not read the CSP violations of ${url}: ${response.status}`);
    const { violations } = v.parse(CspViolationsSchema, await response.json());
    for (const f of violations) {
      problems.push(`CSP: ${f.documentUri}: ${f.directive} blocked ${f.blockedUri || '(inline)'} ${f.sourceFile} ${f.sample}`);
    }
    const lines = readFileSync(logFile, 'utf8').split('\n');
    // One JSON object per line (pino): the access log's lines are those whose message is "Request".
    requests += lines.filter((line) => line.includes('"msg":"Request"')).length;
    for (const line of lines) {
      for (const [what, pattern] of LEAKS) if (pattern.test(line)) problems.push(`Log of ${url} holds ${what}: ${line.slice(0, 200)}`);
    }
  }
  if (problems.length) throw new Error(`${problems.length} problem(s) over the whole suite:\n${problems.join('\n')}`);
  console.log(
    `Over the whole suite: 0 Content-Security-Policy violations, and no token in the logs of ${E2E_SERVERS.length} server(s) (${requests} requests logged).`,
  );
}
