import { createHash } from 'node:crypto';
import { readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { ensureSigningSecret } from '../../../server/auth/access-tokens';
import { PGLITE_EXTENSIONS, pgliteDatabase } from '../../../server/db/pglite';
import { loadMigrations, migrate } from '../../../server/db/migrate';
import { hashPassword } from '../../../server/auth/passwords';
import { DEMO_PASSWORD, seed, useDemoPasswordHash } from '../../../server/seed/seed';

/**
 * A fresh PGlite spends seconds in initdb; loading a dump of a migrated, seeded one takes a fraction
 * of that. The dump is kept in the temp folder under a key of everything it was made from, so each
 * test file gets its own database quickly and a changed migration or seed makes a new dump.
 */

/**
 * The API suites sign a demo person in for nearly every test, through both database adapters: at the product's
 * scrypt cost (N = 16384, about 50 ms a sign-in) that was a third of their time. Their seed, the template's and every
 * reset's, gives the demo password a hash of N = 1024; the server verifies it with the same code, at the cost the
 * hash names. Password changes and restores still hash at the product's cost.
 */
const TEST_DEMO_PASSWORD_COST = { N: 1024, r: 8, p: 1 } as const;
useDemoPasswordHash(hashPassword(DEMO_PASSWORD, TEST_DEMO_PASSWORD_COST));

const PREFIX = 'portal-server-template-';

/** Everything that decides what the dump holds: the migrations, the seed code and data, this recipe, PGlite. */
const INPUTS = [
  '../../../server/seed/seed.ts',
  '../../../server/seed/seed-data.ts',
  '../../../server/seed/orders.ts',
  '../../../server/seed/order-plans.ts',
  '../../../server/seed/patients.ts',
  '../../../server/seed/kits.ts',
  '../../../server/seed/kit-plans.ts',
  '../../../server/store/kits/insert-kits.ts',
  '../../../server/store/kits/report-results.ts',
  '../../../server/seed/report-results.ts',
  '../../../server/reports/issue.ts',
  '../../../server/reports/measures.ts',
  '../../../server/reports/plans.ts',
  '../../../server/reports/results.ts',
  '../../../server/orders/pricing/tiers.ts',
  '../../../server/store/orders/catalogue.ts',
  '../../../server/payments/seed-cards.ts',
  '../../../server/auth/access-tokens.ts',
  '../../../server/seed/webhooks.ts',
  '../../../server/developers/api-keys.ts',
  './template.ts',
];

export async function templateKey(): Promise<string> {
  const hash = createHash('sha256');
  hash.update(JSON.stringify(await loadMigrations()));
  for (const input of INPUTS) hash.update(await readFile(new URL(input, import.meta.url)));
  // A dump is read back only by the PGlite release that wrote it.
  const pglitePackage = join(dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite')), '..', 'package.json');
  hash.update(await readFile(pglitePackage));
  return hash.digest('hex').slice(0, 20);
}

async function buildTemplate(): Promise<Blob> {
  const pglite = await PGlite.create({ dataDir: 'memory://', extensions: PGLITE_EXTENSIONS });
  const db = pgliteDatabase(pglite);
  await migrate(db);
  await ensureSigningSecret(db);
  await seed(db);
  const dump = await pglite.dumpDataDir('none');
  await db.close();
  return dump;
}

let cached: Promise<Blob> | undefined;

/** The dump of a migrated, seeded database; built once per key and shared by every test worker. */
export function templateDump(): Promise<Blob> {
  cached ??= (async () => {
    const name = `${PREFIX}${await templateKey()}.tar`;
    const file = join(tmpdir(), name);
    try {
      return new Blob([await readFile(file)]);
    } catch {
      const dump = await buildTemplate();
      // Written aside and renamed, so a worker never reads another worker's half-written file.
      const partial = `${file}.${process.pid}.partial`;
      await writeFile(partial, new Uint8Array(await dump.arrayBuffer()));
      await rename(partial, file);
      await removeStaleTemplates(name);
      return dump;
    }
  })();
  return cached;
}

async function removeStaleTemplates(current: string): Promise<void> {
  const stale = (await readdir(tmpdir())).filter((entry) => entry.startsWith(PREFIX) && entry !== current && entry.endsWith('.tar'));
  await Promise.all(stale.map((entry) => rm(join(tmpdir(), entry), { force: true })));
}
