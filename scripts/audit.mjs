import { spawnSync } from 'node:child_process';

/**
 * `npm run audit`: the production dependencies against the npm advisory service, failing on a high or critical
 * advisory. Where the service does not answer (these machines reach the registry but not its audit endpoint),
 * it says plainly that nothing was checked and exits 2, so that "could not check" never reads as "clean".
 * Not part of `npm test`: its answer depends on a service outside the repository.
 */

const run = spawnSync('npm', ['audit', '--omit=dev', '--audit-level=high', '--json'], { encoding: 'utf8' });

/** npm prints one JSON document; on failure it may be an error object instead of a report. */
function report(text) {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

const answer = report(run.stdout);
const counts = answer?.metadata?.vulnerabilities;
if (!counts) {
  const reason = answer?.message ?? answer?.error?.summary ?? (run.stderr.trim().split('\n').at(-1) || 'no answer');
  console.error(`Could not check the production dependencies: the npm advisory service did not answer (${reason}).`);
  console.error('Nothing was audited. Check each dependency’s advisories by hand, or run this where the service is reachable.');
  process.exit(2);
}

const high = (counts.high ?? 0) + (counts.critical ?? 0);
const summary = ['critical', 'high', 'moderate', 'low', 'info'].map((level) => `${counts[level] ?? 0} ${level}`).join(', ');
console.log(`Production dependencies audited: ${summary}.`);
for (const [name, finding] of Object.entries(answer.vulnerabilities ?? {})) {
  if (finding.severity === 'high' || finding.severity === 'critical') console.log(`- ${name} (${finding.severity}): ${finding.range}`);
}
process.exit(high > 0 ? 1 : 0);
