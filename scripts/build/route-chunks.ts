import type { Plugin } from 'vite';

/** What the stages need of the bundler's module graph. */
export interface ModuleGraph {
  importedIds: (id: string) => readonly string[];
  dynamicallyImportedIds: (id: string) => readonly string[];
}

const appCode = (id: string) => /[\\/]src[\\/]/.test(id) && !id.includes('node_modules') && !id.startsWith('\0') && !/\.css($|\?)/.test(id);

/**
 * The app's own modules `from` reaches through static imports, itself included. Libraries are not followed: their
 * index files name every module they have, most of which the build then leaves out.
 */
export function appClosure(graph: ModuleGraph, from: string): Set<string> {
  const seen = new Set<string>();
  const pending = [from];
  for (let id = pending.pop(); id !== undefined; id = pending.pop()) {
    if (seen.has(id) || !appCode(id)) continue;
    seen.add(id);
    pending.push(...graph.importedIds(id));
  }
  return seen;
}

/** The app's modules by the moment a first visit needs them. */
export interface Stages {
  /** Every page's: what the entry imports, the entry itself aside. */
  entry: Set<string>;
  /**
   * A signed-in page's, before its own: what the portal's route table and shells import that neither the entry nor
   * any signed-out page does (a module a signed-out page shares stays out, or that page would download the group).
   */
  portal: Set<string>;
}

export function stages(graph: ModuleGraph, ids: { entry: string; routes: string; portal: string }): Stages {
  const entry = appClosure(graph, ids.entry);
  const signedOut = new Set<string>();
  for (const page of graph.dynamicallyImportedIds(ids.routes)) {
    if (page !== ids.portal) for (const id of appClosure(graph, page)) signedOut.add(id);
  }
  const portal = new Set([...appClosure(graph, ids.portal)].filter((id) => id !== ids.portal && !entry.has(id) && !signedOut.has(id)));
  entry.delete(ids.entry);
  return { entry, portal };
}

export interface RouteChunks {
  /** Reads the module graph once it is complete; the tests below answer only in a build that has it. */
  plugin: Plugin;
  /** A chunk group's test: the modules of a stage that `layer` matches. */
  test: (stage: keyof Stages, layer: RegExp) => (id: string) => boolean;
}

/**
 * Chunk-group tests by load stage, for vite.config.ts. The route table is given by the ends of the entry's, the
 * signed-out route list's and the signed-in route table's module ids.
 */
export function routeChunks(suffixes: { entry: string; routes: string; portal: string }): RouteChunks {
  let known: Stages | undefined;
  return {
    plugin: {
      name: 'route-chunks',
      apply: 'build',
      buildEnd() {
        const ids = [...this.getModuleIds()];
        const find = (suffix: string) => {
          const found = ids.find((id) => id.endsWith(suffix));
          if (!found) throw new Error(`route-chunks: no module ends with ${suffix}`);
          return found;
        };
        known = stages(
          {
            importedIds: (id) => this.getModuleInfo(id)?.importedIds ?? [],
            dynamicallyImportedIds: (id) => this.getModuleInfo(id)?.dynamicallyImportedIds ?? [],
          },
          { entry: find(suffixes.entry), routes: find(suffixes.routes), portal: find(suffixes.portal) },
        );
      },
    },
    test: (stage, layer) => (id) => {
      if (!known) throw new Error('route-chunks: the module graph is not known yet; is its plugin in the build?');
      return known[stage].has(id) && layer.test(id);
    },
  };
}
