import { existsSync, readdirSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { pathToFileURL } from 'node:url';
import { StateMachine, type AnyStateMachine } from 'xstate';
import { repoRoot } from './records';

/** A machine exported by a workflow module, with where it came from for the docs and reports. */
export interface LoadedMachine {
  id: string;
  machine: AnyStateMachine;
  /** Repository-relative, forward slashes: `src/machines/auth/session.machine.ts`. */
  module: string;
  exportName: string;
}

export interface LoadResult {
  machines: LoadedMachine[];
  /** Modules that threw on import, with the reason. */
  failures: { module: string; reason: string }[];
  /** Machine ids exported twice with different definitions (records and docs are keyed by id). */
  warnings: string[];
}

export interface LoadOptions {
  dir?: string;
  suffix?: string;
}

/**
 * `instanceof` fails when a module resolved its own copy of xstate, so the shape of a machine
 * (a root state node and `provide`) is accepted too.
 */
export function isStateMachine(value: unknown): value is AnyStateMachine {
  if (value instanceof StateMachine) return true;
  if (typeof value !== 'object' || value === null) return false;
  return '__xstatenode' in value && 'root' in value && 'provide' in value && 'id' in value;
}

function reasonOf(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const frame = (error.stack ?? '').split('\n').find((line) => line.includes(repoRoot) && !line.includes('node_modules'));
  const where = frame ? ` (${frame.trim().replace(/^at /, '').replace(repoRoot, '')})` : '';
  const hint =
    error instanceof ReferenceError && /\b(window|document|localStorage|sessionStorage|navigator|location)\b/.test(error.message)
      ? ' — a browser global is read at import time; read it inside the function that needs it'
      : '';
  return `${error.name}: ${error.message}${where}${hint}`;
}

/**
 * Imports every `.machine.ts` under `src/machines`, area folders included (sorted, so output is stable) and keeps the exported
 * values that are state machines. A module that fails is reported, not fatal, so one broken
 * workflow does not hide the others.
 */
export async function loadMachines(options: LoadOptions = {}): Promise<LoadResult> {
  const dir = options.dir ?? join(repoRoot, 'src', 'machines');
  const suffix = options.suffix ?? '.machine.ts';
  const result: LoadResult = { machines: [], failures: [], warnings: [] };
  if (!existsSync(dir)) return result;
  // Area folders (src/machines/orders/) count too, so a machine is found wherever its area keeps it.
  const files = readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((name) => name.endsWith(suffix))
    .map((name) => name.split(sep).join('/'))
    .sort();
  const byId = new Map<string, LoadedMachine>();
  const warned = new Set<string>();
  for (const file of files) {
    const path = join(dir, file);
    const module = relative(repoRoot, path).split(sep).join('/');
    let exports: Record<string, unknown>;
    try {
      exports = (await import(pathToFileURL(path).href)) as Record<string, unknown>;
    } catch (error) {
      result.failures.push({ module, reason: reasonOf(error) });
      continue;
    }
    for (const exportName of Object.keys(exports).sort()) {
      const value = exports[exportName];
      if (!isStateMachine(value)) continue;
      const existing = byId.get(value.id);
      if (existing) {
        const clash = `${value.id}\u0000${module}`;
        if (existing.machine.config !== value.config && !warned.has(clash)) {
          warned.add(clash);
          result.warnings.push(
            `machine id '${value.id}' of ${existing.module} (${existing.exportName}) is reused by another machine (${exportName}) in ${module}`,
          );
        }
        continue;
      }
      const loaded = { id: value.id, machine: value, module, exportName };
      byId.set(value.id, loaded);
      result.machines.push(loaded);
    }
  }
  // Code-unit order rather than localeCompare: the docs must not depend on the machine's locale.
  result.machines.sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  return result;
}
