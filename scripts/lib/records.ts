import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The transitions walked by path tests, one JSON file per test file in `.transitions/` (gitignored):
 * `{ "testFile": "tests/machines/x.test.ts", "machines": { "<machine id>": ["<edge key>", …] } }`.
 * One file per test file lets parallel workers write without sharing a file.
 */

// A string, not `new URL(…)`: under happy-dom the global URL is not Node's and fileURLToPath rejects it.
export const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
/** TRANSITIONS_DIR lets two runs at once (say, two engineers on one machine) keep their records apart. */
export const transitionsDir = process.env.TRANSITIONS_DIR ? resolve(process.env.TRANSITIONS_DIR) : join(repoRoot, '.transitions');

export interface TransitionRecord {
  testFile: string;
  machines: Record<string, string[]>;
}

/** `tests/machines/session.test.ts` → `tests__machines__session.test.json`. */
export function recordFileName(testFile: string): string {
  const path = relative(repoRoot, testFile).split(sep).join('/');
  const readable = path.startsWith('..') ? testFile : path;
  return `${readable
    .replace(/\.[cm]?[jt]sx?$/, '')
    .replace(/[^A-Za-z0-9._-]+/g, '__')
    .replace(/^_+/, '')}.json`;
}

export function writeRecord(record: TransitionRecord, dir = transitionsDir): string {
  mkdirSync(dir, { recursive: true });
  const machines = Object.fromEntries(
    Object.keys(record.machines)
      .sort()
      .map((id) => [id, [...new Set(record.machines[id])].sort()]),
  );
  const file = join(dir, recordFileName(record.testFile));
  const testFile = relative(repoRoot, record.testFile).split(sep).join('/');
  writeFileSync(file, `${JSON.stringify({ testFile, machines }, null, 2)}\n`);
  return file;
}

function isStringArray(value: unknown): value is string[] {
  return Array.isArray(value) && value.every((item) => typeof item === 'string');
}

function parseRecord(text: string): Record<string, string[]> | undefined {
  const parsed: unknown = JSON.parse(text);
  if (typeof parsed !== 'object' || parsed === null || !('machines' in parsed)) return undefined;
  const machines: unknown = parsed.machines;
  if (typeof machines !== 'object' || machines === null) return undefined;
  const result: Record<string, string[]> = {};
  for (const [id, keys] of Object.entries(machines)) {
    if (!isStringArray(keys)) return undefined;
    result[id] = keys;
  }
  return result;
}

export interface RecordedTransitions {
  /** Edge keys walked per machine id, merged over every test file. */
  byMachine: Map<string, Set<string>>;
  files: number;
  /** Files that could not be read, with the reason. */
  problems: string[];
}

export function readRecords(dir = transitionsDir): RecordedTransitions {
  const byMachine = new Map<string, Set<string>>();
  const problems: string[] = [];
  if (!existsSync(dir)) return { byMachine, files: 0, problems };
  const names = readdirSync(dir)
    .filter((name) => name.endsWith('.json'))
    .sort();
  for (const name of names) {
    let machines: Record<string, string[]> | undefined;
    try {
      machines = parseRecord(readFileSync(join(dir, name), 'utf8'));
    } catch (error) {
      problems.push(`${name}: ${error instanceof Error ? error.message : String(error)}`);
      continue;
    }
    if (!machines) {
      problems.push(`${name}: not a transitions record`);
      continue;
    }
    for (const [id, keys] of Object.entries(machines)) {
      const set = byMachine.get(id) ?? new Set<string>();
      keys.forEach((key) => set.add(key));
      byMachine.set(id, set);
    }
  }
  return { byMachine, files: names.length, problems };
}

export function clearRecords(dir = transitionsDir): void {
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
}
