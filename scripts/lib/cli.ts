import { resolve } from 'node:path';
import { repoRoot } from './records';

/** The value after `--name`, as given; undefined when the flag is absent. */
export function textOption(name: string, argv: readonly string[] = process.argv): string | undefined {
  const index = argv.indexOf(`--${name}`);
  return index === -1 ? undefined : argv[index + 1];
}

/**
 * The value after `--name`, as an absolute path. The scripts default to the real folders; the flags
 * let their self-tests run them on fixtures and temporary folders.
 */
export function pathOption(name: string, fallback: string, argv: readonly string[] = process.argv): string {
  const value = textOption(name, argv);
  return value === undefined ? fallback : resolve(repoRoot, value);
}
