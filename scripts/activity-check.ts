/**
 * `npm run activity:check`: verifies the activity trail's hash chains (issue 44) in the database the server uses
 * (DATABASE_URL, else PGLITE_DATA_DIR, as `npm run serve` reads them). Each practice's chain is walked from its first
 * kept row (or the anchor a retention purge left); the first row that was changed, or that follows a deleted one, is
 * named. Exits 0 when every chain is intact, 1 when one is broken.
 *
 * PGlite is one process's database: with the embedded default, stop the server first. With DATABASE_URL both may run.
 */
import { mkdir } from 'node:fs/promises';
import { readRuntimeSettings } from '../server/config';
import { migrate } from '../server/db/migrate';
import { describeStorage, openDatabase } from '../server/db/open';
import { describeChain, verifyActivityChains } from '../server/store/activity/verify';
import { runMain } from './lib/run-main';

async function main(): Promise<number> {
  const runtime = readRuntimeSettings(process.env);
  const storage = { databaseUrl: runtime.databaseUrl, pgliteDataDir: runtime.pgliteDataDir };
  if (!storage.databaseUrl && storage.pgliteDataDir !== 'memory://') await mkdir(storage.pgliteDataDir, { recursive: true });
  const db = await openDatabase(storage);
  try {
    await migrate(db);
    const reports = await verifyActivityChains(db);
    for (const report of reports) (report.broken ? console.error : console.info)(describeChain(report));
    const broken = reports.filter((report) => report.broken).length;
    console.info(
      broken
        ? `${broken} of ${reports.length} chains in ${describeStorage(storage)} are broken`
        : `${reports.length} chains in ${describeStorage(storage)}, all intact`,
    );
    return broken ? 1 : 0;
  } finally {
    await db.close();
  }
}

runMain(main);
