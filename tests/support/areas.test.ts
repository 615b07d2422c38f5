// @vitest-environment node
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { repoRoot } from '../../scripts/lib/records';

/**
 * docs/architecture.md is the list of areas and shared folders; this keeps every layer on it. Its two tables are
 * read as a reader sees them, so a new folder needs a row there (or a ✓ in its area's row) before it can land,
 * and a ✓ that names a folder no longer there fails too.
 */

const LAYERS = ['src/model', 'src/services', 'src/machines', 'src/views', 'server/routes', 'server/store'] as const;
type Layer = (typeof LAYERS)[number];
/** The area table's columns, in the layers' order. */
const COLUMNS: Readonly<Record<string, Layer>> = {
  model: 'src/model',
  services: 'src/services',
  machines: 'src/machines',
  views: 'src/views',
  'server routes': 'server/routes',
  'server store': 'server/store',
};

const doc = readFileSync(join(repoRoot, 'docs/architecture.md'), 'utf8');

/** The rows of the markdown table under `heading`, as trimmed cells, header row first. */
function tableUnder(heading: string): string[][] {
  const section = doc.split(/^## /m).find((part) => part.startsWith(`${heading}\n`));
  if (!section) throw new Error(`docs/architecture.md has no "## ${heading}" section`);
  return section
    .split('\n')
    .filter((line) => line.startsWith('|') && !/^\|\s*-/.test(line))
    .map((line) =>
      line
        .slice(1, -1)
        .split('|')
        .map((cell) => cell.trim()),
    );
}

const unquote = (cell: string) => cell.replace(/^`|`$/g, '');

function areaFolders(): Map<Layer, Set<string>> {
  const [header, ...rows] = tableUnder('Areas');
  if (!header) throw new Error('the area table is empty');
  const folders = new Map<Layer, Set<string>>(LAYERS.map((layer) => [layer, new Set<string>()]));
  for (const row of rows) {
    header.forEach((title, column) => {
      const layer = COLUMNS[title];
      if (layer && row[column] === '✓') folders.get(layer)?.add(unquote(row[0] ?? ''));
    });
  }
  return folders;
}

function sharedFolders(): Map<Layer, Set<string>> {
  const [, ...rows] = tableUnder('Shared folders');
  const folders = new Map<Layer, Set<string>>(LAYERS.map((layer) => [layer, new Set<string>()]));
  for (const [layer, folder] of rows) folders.get(unquote(layer ?? '') as Layer)?.add(unquote(folder ?? ''));
  return folders;
}

const areas = areaFolders();
const shared = sharedFolders();
const entries = (layer: Layer) => readdirSync(join(repoRoot, layer), { withFileTypes: true });

describe('docs/architecture.md lists every folder of every layer', () => {
  it('reads twelve areas and the shared folders', () => {
    expect(tableUnder('Areas').length - 1).toBe(12);
    expect([...shared.values()].reduce((count, folders) => count + folders.size, 0)).toBeGreaterThan(0);
  });

  it.each(LAYERS)('every folder of %s is an area or a named shared folder', (layer) => {
    const unlisted = entries(layer)
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name)
      .filter((name) => !areas.get(layer)?.has(name) && !shared.get(layer)?.has(name));
    expect(unlisted).toEqual([]);
  });

  it.each(LAYERS)('every folder the tables name for %s exists', (layer) => {
    const named = [...(areas.get(layer) ?? []), ...(shared.get(layer) ?? [])];
    expect(named.filter((name) => !existsSync(join(repoRoot, layer, name)))).toEqual([]);
  });

  it.each(LAYERS)('no machine, API module or query module sits directly under %s', (layer) => {
    const loose = entries(layer)
      .filter((entry) => entry.isFile())
      .map((entry) => entry.name)
      .filter((name) => /\.machine\.ts$|\.selectors\.ts$|\.api\.ts$|(^|[.-])queries\.ts$/.test(name));
    expect(loose).toEqual([]);
  });
});
