import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { findPostgresBinaries, startCluster } from '../../scripts/lib/pg-cluster';
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

/**
 * The server tests' node-postgres pass speaks to a real PostgreSQL: the one `TEST_DATABASE_URL` names (`.ci/run`
 * starts one), or else a throwaway cluster started here when PostgreSQL's programs are installed. The workers start
 * after the global setups, so they inherit the address. Without either, the pass falls back to PGlite and says so.
 */
async function providePostgres(): Promise<(() => Promise<void>) | undefined> {
  if (process.env.TEST_DATABASE_URL || !findPostgresBinaries()) return undefined;
  const dir = mkdtempSync(join(tmpdir(), 'portal-test-postgres-'));
  const cluster = await startCluster({ dir });
  process.env.TEST_DATABASE_URL = cluster.url;
  return async () => {
    await cluster.stop();
    rmSync(dir, { recursive: true, force: true });
  };
}

/** Empties `.transitions/` so `npm run transitions` reports what this run walked, not an earlier run. */
export default async function setup(project: TestProject): Promise<(() => Promise<void>) | undefined> {
  if (clearsRecords(project)) clearRecords();
  return project.name === 'server' ? providePostgres() : undefined;
}
