import { afterAll, expect } from 'vitest';
import type { InspectionEvent } from 'xstate';
import { transitionKey } from '../../scripts/lib/edges';
import { writeRecord } from '../../scripts/lib/records';

/**
 * Collects the transitions actors take, from their `@xstate.microstep` inspection events, and writes
 * them to `.transitions/` when the test file ends, for `npm run transitions`. State is kept per test
 * file so that it stays right even when vitest shares modules between files.
 */

const byTestFile = new Map<string, Map<string, Set<string>>>();
const flushing = new Set<string>();

function currentTestFile(): string {
  const path = expect.getState().testPath;
  if (!path) throw new Error('transition recording needs to run inside a vitest test file');
  return path;
}

function machinesOf(testFile: string): Map<string, Set<string>> {
  let machines = byTestFile.get(testFile);
  if (!machines) {
    machines = new Map();
    byTestFile.set(testFile, machines);
  }
  return machines;
}

export function recordKey(testFile: string, machineId: string, key: string): void {
  const machines = machinesOf(testFile);
  const keys = machines.get(machineId) ?? new Set<string>();
  keys.add(key);
  machines.set(machineId, keys);
}

/** Every transition of every actor in the inspected system, filed under its machine's id. */
export function recordInspection(testFile: string, event: InspectionEvent): void {
  if (event.type !== '@xstate.microstep') return;
  for (const transition of event._transitions) recordKey(testFile, transition.source.machine.id, transitionKey(transition));
}

/** Walked edge keys of one machine in this test file so far. */
export function recordedKeys(machineId: string, testFile = currentTestFile()): ReadonlySet<string> {
  return byTestFile.get(testFile)?.get(machineId) ?? new Set();
}

/** Registers the end-of-file write once per file; call while tests are being collected. */
export function flushRecordsAfterAll(testFile = currentTestFile()): void {
  if (flushing.has(testFile)) return;
  flushing.add(testFile);
  afterAll(() => {
    const machines = byTestFile.get(testFile);
    if (!machines || machines.size === 0) return;
    writeRecord({ testFile, machines: Object.fromEntries([...machines].map(([id, keys]) => [id, [...keys]])) });
  });
}

/**
 * For hand-written machine tests that want their transitions counted too: call at the top of the
 * file and pass the result as `createActor(machine, { inspect })`.
 */
export function recordTransitions(): (event: InspectionEvent) => void {
  const testFile = currentTestFile();
  flushRecordsAfterAll(testFile);
  return (event) => recordInspection(testFile, event);
}
