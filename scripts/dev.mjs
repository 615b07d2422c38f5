import { spawn } from 'node:child_process';

/**
 * `npm run dev`: Vite with hot reload. /portalApi goes to PORTAL_API_TARGET when set (a real backend);
 * otherwise the reference server is started beside Vite on PORT (default 8080) and Vite proxies to it.
 */

const children = [];
function run(command, args, env = {}) {
  const child = spawn(command, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  children.push(child);
  child.on('exit', (code) => {
    for (const other of children) if (other !== child) other.kill('SIGTERM');
    process.exit(code ?? 0);
  });
  return child;
}

if (!process.env.PORTAL_API_TARGET) {
  console.log(`Starting the reference portalApi on port ${process.env.PORT ?? 8080} (set PORTAL_API_TARGET to use another backend).`);
  // Links the server builds (restore, set-password, reports) open on Vite's page, which proxies the API.
  run('node', ['--import', 'tsx', 'server/main.ts'], { PUBLIC_URL: process.env.PUBLIC_URL ?? 'http://localhost:5173' });
}
run('npx', ['vite', ...process.argv.slice(2)]);

for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    for (const child of children) child.kill(signal);
  });
}
