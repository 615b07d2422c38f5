import { existsSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';
import type { Trace } from 'lighthouse';
import { run } from './build-app';
import type { ScriptNamer } from './lighthouse-attribution';
import { repoRoot } from './records';

/**
 * `bench:lighthouse --functions`: which JavaScript functions the main thread ran longest, from the V8 CPU profile that
 * Lighthouse records in its trace when asked to (the `disabled-by-default-v8.cpu_profiler` category; off by default
 * because sampling costs the page some time). The build's code is minified, so a function is named by where it is in
 * the sources, read from the build's source maps (built hidden: the page does not load them, Lighthouse does not see
 * them), e.g. `src/views/orders/checkout/cart-table.tsx:42`.
 */

/** Lighthouse's setting that adds the CPU profile to the trace. */
export const CPU_PROFILE_CATEGORY = 'disabled-by-default-v8.cpu_profiler';

/**
 * The production build with source maps beside its chunks, in a folder of its own (`portal-bench-NAME-mapped`): the
 * same code as buildApp's, as `hidden` maps change no byte of the chunks but their last comment. With `--keep-build`
 * an earlier one is used again.
 */
export async function buildWithSourceMaps(name: string): Promise<string> {
  const dir = join(tmpdir(), `portal-bench-${name}-mapped`, 'dist');
  if (process.argv.includes('--keep-build') && existsSync(join(dir, 'index.html'))) return dir;
  console.log(`Building the app with source maps into ${dir} ...`);
  await run('npx', ['vite', 'build', '--outDir', dir, '--emptyOutDir', '--sourcemap', 'hidden']);
  return dir;
}

/** A JavaScript function's own time in a run's CPU profile, in real (unthrottled) milliseconds. */
export interface FunctionTime {
  readonly name: string;
  readonly script: string;
  readonly selfTime: number;
}

/** A profile node's frame as the trace gives it: V8 leaves out what it does not know (a native's url, a line). */
interface CallFrame {
  readonly functionName?: string;
  readonly url?: string;
  readonly lineNumber?: number;
  readonly columnNumber?: number;
}

interface ProfileChunk {
  readonly cpuProfile?: {
    readonly nodes?: readonly { readonly id: number; readonly callFrame: CallFrame }[];
    readonly samples?: readonly number[];
  };
  readonly timeDeltas?: readonly number[];
}

/** V8's entries that are not a function of the page. */
const NOT_FUNCTIONS = new Set(['(idle)', '(program)', '(root)']);

const BASE64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

/** One generated line's segments of a source map: [column, source, original line, original column]. */
type Segment = readonly [number, number, number, number];

/** Decodes a source map's `mappings` (base64 VLQ, each field relative to the previous one) into lines of segments. */
function decodeMappings(mappings: string): Segment[][] {
  const lines: Segment[][] = [];
  let [source, line, column] = [0, 0, 0];
  for (const text of mappings.split(';')) {
    const segments: Segment[] = [];
    let generated = 0;
    for (const segment of text.split(',')) {
      if (!segment) continue;
      const fields: number[] = [];
      let [value, shift] = [0, 0];
      for (const char of segment) {
        const digit = BASE64.indexOf(char);
        value += (digit & 31) << shift;
        if (digit & 32) shift += 5;
        else {
          fields.push(value & 1 ? -(value >>> 1) : value >>> 1);
          [value, shift] = [0, 0];
        }
      }
      generated += fields[0] ?? 0;
      if (fields.length < 4) continue;
      source += fields[1] ?? 0;
      line += fields[2] ?? 0;
      column += fields[3] ?? 0;
      segments.push([generated, source, line, column]);
    }
    lines.push(segments);
  }
  return lines;
}

/** Where a built script's line and column came from (`src/...:line`), when the build has the chunk's source map. */
export function sourceLocator(dist: string, origin: string): (url: string, line: number, column: number) => string | undefined {
  const maps = new Map<string, { sources: readonly string[]; lines: Segment[][] } | undefined>();
  return (url, line, column) => {
    if (!url.startsWith(`${origin}/`)) return undefined;
    const file = join(dist, new URL(url).pathname);
    if (!maps.has(file)) {
      const mapFile = `${file}.map`;
      const map = existsSync(mapFile) ? (JSON.parse(readFileSync(mapFile, 'utf8')) as { sources: string[]; mappings: string }) : undefined;
      maps.set(file, map && { sources: map.sources, lines: decodeMappings(map.mappings) });
    }
    const map = maps.get(file);
    const segment = map?.lines[line]?.findLast((candidate) => candidate[0] <= column);
    if (!map || !segment) return undefined;
    // The map names sources relative to itself: a module is named from the repository, a library's from node_modules.
    const source = relative(repoRoot, resolve(dirname(file), map.sources[segment[1]] ?? '?')).replace(/^.*?node_modules\//, '');
    return `${source}:${segment[2] + 1}`;
  };
}

/**
 * Each function's own time in the trace's CPU profile of the page's main thread (the profile whose functions in the
 * app's scripts ran longest; workers have profiles of their own), summed by function.
 */
export function functionTimes(trace: Trace, origin: string, script: ScriptNamer, locate: ReturnType<typeof sourceLocator>): FunctionTime[] {
  const profiles = new Map<string, { frames: Map<number, CallFrame>; samples: number[]; deltas: number[] }>();
  for (const event of trace.traceEvents) {
    if (event.name !== 'ProfileChunk') continue;
    const data = (event.args as { data?: ProfileChunk }).data;
    const key = `${event.pid}:${String(event.id)}`;
    const profile = profiles.get(key) ?? { frames: new Map<number, CallFrame>(), samples: [], deltas: [] };
    profiles.set(key, profile);
    for (const node of data?.cpuProfile?.nodes ?? []) profile.frames.set(node.id, node.callFrame);
    profile.samples.push(...(data?.cpuProfile?.samples ?? []));
    profile.deltas.push(...(data?.timeDeltas ?? []));
  }
  let best: Map<string, FunctionTime> | undefined;
  let bestAppTime = 0;
  for (const { frames, samples, deltas } of profiles.values()) {
    const times = new Map<string, FunctionTime>();
    let appTime = 0;
    samples.forEach((nodeId, index) => {
      // A sample stands for the time until the next one; microseconds.
      const time = (deltas[index + 1] ?? 0) / 1000;
      const frame = frames.get(nodeId);
      const [functionName, url, line, column] = [
        frame?.functionName ?? '',
        frame?.url ?? '',
        frame?.lineNumber ?? 0,
        frame?.columnNumber ?? 0,
      ];
      if (!frame || NOT_FUNCTIONS.has(functionName) || time <= 0) return;
      if (url.startsWith(origin)) appTime += time;
      const where = url ? (locate(url, line, column) ?? `line ${line + 1}`) : 'native code';
      const name = `${functionName || '(anonymous)'} at ${where}`;
      const chunk = url ? script(url) : '';
      const key = `${name}\n${chunk}`;
      times.set(key, { name, script: chunk, selfTime: (times.get(key)?.selfTime ?? 0) + time });
    });
    if (appTime > bestAppTime) [best, bestAppTime] = [times, appTime];
  }
  return [...(best?.values() ?? [])].sort((a, b) => b.selfTime - a.selfTime);
}
