import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { repoRoot } from './records';

/** Runs a command in the repository, its output kept for the error when it fails. */
export function run(command: string, args: readonly string[], env: NodeJS.ProcessEnv = {}): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: repoRoot, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`${command} ${args.join(' ')} exited with ${code}\n${output}`))));
  });
}

/**
 * The production build a benchmark serves, in a temporary folder of its own name; with `--keep-build` on the command
 * line an earlier build there is used again.
 */
export async function buildApp(name: string): Promise<string> {
  const dir = join(tmpdir(), `portal-bench-${name}`, 'dist');
  if (process.argv.includes('--keep-build') && existsSync(join(dir, 'index.html'))) return dir;
  console.log(`Building the app into ${dir} ...`);
  await run('npx', ['vite', 'build', '--outDir', dir, '--emptyOutDir']);
  return dir;
}
