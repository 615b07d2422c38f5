/**
 * `npm run kit:status -- --barcode X --status 17 [--practice N]`: moves a kit to another status in the database
 * the server uses (DATABASE_URL, else PGLITE_DATA_DIR, as `npm run serve` reads them), as the lab would. The change
 * and its webhook events are written in one transaction; the running server's webhook sender delivers the events
 * (it polls the outbox), or the next server started on this database does.
 *
 * PGlite is one process's database: with the embedded default, stop the server first (or, with the server in
 * test mode, use POST /portalApi/__test/kits/{barcode}/status instead). With DATABASE_URL both may run at once.
 */
import { mkdir } from 'node:fs/promises';
import * as v from 'valibot';
import { describeIssues } from '../src/model/schema';
import { TestKitStatusRequestSchema } from '../src/model/test-support';
import { loadSigningKey } from '../server/auth/access-tokens';
import { readConfig, readRuntimeSettings } from '../server/config';
import { migrate } from '../server/db/migrate';
import { describeStorage, openDatabase } from '../server/db/open';
import { changeKitStatus } from '../server/store/kits/kit-status';
import { textOption } from './lib/cli';
import { runMain } from './lib/run-main';

const USAGE = 'Usage: node --import tsx scripts/kit-status.ts --barcode <barcode> --status <code> [--practice <practice id>]';

/** A number when the text is one, else the text itself, so that the shared schema words the refusal. */
function numberOrText(text: string | undefined): unknown {
  if (text === undefined) return undefined;
  return /^-?\d+$/.test(text) ? Number(text) : text;
}

async function main(): Promise<number> {
  const barcode = textOption('barcode');
  if (!barcode) {
    console.error(USAGE);
    return 2;
  }
  const parsed = v.safeParse(TestKitStatusRequestSchema, {
    status: numberOrText(textOption('status')),
    practiceId: numberOrText(textOption('practice')),
  });
  if (!parsed.success) {
    console.error(`${describeIssues(parsed.issues)}\n${USAGE}`);
    return 2;
  }
  const runtime = readRuntimeSettings(process.env);
  const storage = { databaseUrl: runtime.databaseUrl, pgliteDataDir: runtime.pgliteDataDir };
  if (!storage.databaseUrl && storage.pgliteDataDir !== 'memory://') await mkdir(storage.pgliteDataDir, { recursive: true });
  const db = await openDatabase(storage);
  try {
    await migrate(db);
    const { status, practiceId } = parsed.output;
    // The notification e-mails link to the portal and are signed with the server's own secret, as its own would be.
    const config = readConfig(process.env);
    const links = { publicUrl: config.publicUrl, signingKey: await loadSigningKey(db, config.tokenSecret) };
    const change = await changeKitStatus(db, { barcode, status, practiceId, date: new Date(), links });
    if (!change) {
      console.error(`No kit ${barcode}${practiceId === undefined ? '' : ` in practice ${practiceId}`} in ${describeStorage(storage)}`);
      return 1;
    }
    console.info(
      change.changed
        ? `Kit ${change.barcode}: status ${change.previousStatus} → ${change.status}; ${change.deliveries} webhook deliveries and ${change.messages} e-mails queued`
        : `Kit ${change.barcode} already has status ${change.status}; nothing changed`,
    );
    return 0;
  } finally {
    await db.close();
  }
}

runMain(main);
