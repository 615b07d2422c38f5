/**
 * `npm run openapi` writes `docs/api/openapi.json`, the portalApi contract generated from the endpoints
 * in `src/model/endpoints.ts` (through `server/openapi.ts`, the same document the server serves).
 * `npm run openapi:check` writes nothing and exits 1 when the committed file is missing or differs from
 * what would be written. `--out <file>` replaces `docs/api/openapi.json`.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { format, resolveConfig } from 'prettier';
import { buildOpenApiDocument } from '../server/openapi';
import { pathOption } from './lib/cli';
import { repoRoot } from './lib/records';
import { runMain } from './lib/run-main';

const file = pathOption('out', join(repoRoot, 'docs', 'api', 'openapi.json'));
const shown = relative(repoRoot, file);

/** Laid out by Prettier with the project's settings, so that `npm run format` leaves the file as written. */
async function render(): Promise<{ text: string; operations: number }> {
  const document = buildOpenApiDocument();
  // A path item's own `servers` (the legacy patients calls) is no operation.
  const operations = Object.values(document.paths).reduce(
    (count, { servers: _servers, ...methods }) => count + Object.keys(methods).length,
    0,
  );
  const options = await resolveConfig(file);
  const text = await format(JSON.stringify(document, null, 2), { ...options, filepath: file });
  return { text, operations };
}

async function main(): Promise<number> {
  const { text, operations } = await render();
  const current = existsSync(file) ? readFileSync(file, 'utf8') : undefined;

  if (process.argv.includes('--check')) {
    if (current === text) {
      console.log(`${shown} is up to date (${operations} operations)`);
      return 0;
    }
    const why = current === undefined ? 'missing' : 'stale: the endpoints or their schemas changed since it was written';
    console.error(`${shown} is ${why}; run \`npm run openapi\` and commit the result`);
    return 1;
  }

  if (current === text) {
    console.log(`${shown} unchanged (${operations} operations)`);
    return 0;
  }
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, text);
  console.log(`wrote ${shown} (${operations} operations)`);
  return 0;
}

runMain(main);
