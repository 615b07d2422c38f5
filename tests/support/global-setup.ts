import type { TestProject } from 'vitest/node';
import { clearRecords } from '../../scripts/lib/records';

export interface ProjectLike {
  name: string;
  isRootProject(): boolean;
  vitest: { config: { projects?: readonly unknown[] } };
}

/**
 * Vitest runs a project's global setup only when the run has test files of that project, plus the
 * root project's every time. So the records are emptied when the machines project takes part, or at
 * the root when no projects are configured, and `vitest run --project unit` leaves them alone.
 */
export function clearsRecords(project: ProjectLike): boolean {
  if (project.name === 'machines') return true;
  return project.isRootProject() && (project.vitest.config.projects?.length ?? 0) === 0;
}

/** Empties `.transitions/` so `npm run transitions` reports what this run walked, not an earlier run. */
export default function setup(project: TestProject): void {
  if (clearsRecords(project)) clearRecords();
}
