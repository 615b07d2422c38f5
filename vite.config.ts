import { execSync } from 'node:child_process';
import react from '@vitejs/plugin-react';
import { defineConfig, loadEnv } from 'vite';
import pkg from './package.json' with { type: 'json' };

/** The build identifier shown on the sign-in page: the package version and the commit it was built from. */
function commitId(): string {
  try {
    return execSync('git rev-parse --short HEAD', { stdio: ['ignore', 'pipe', 'ignore'] })
      .toString()
      .trim();
  } catch {
    return 'unknown';
  }
}

export default defineConfig(({ mode }) => {
  const env = loadEnv(mode, process.cwd(), '');
  const apiTarget = env.PORTAL_API_TARGET || `http://localhost:${env.PORT || 8080}`;
  return {
    plugins: [react()],
    define: {
      __APP_VERSION__: JSON.stringify(pkg.version),
      __APP_COMMIT__: JSON.stringify(env.APP_COMMIT || commitId()),
    },
    server: {
      proxy: { '/portalApi': { target: apiTarget, changeOrigin: true } },
    },
    build: {
      target: 'es2022',
      sourcemap: false,
      // scripts/bundle-check.mjs reads it to measure what the sign-in route loads.
      manifest: true,
      reportCompressedSize: true,
      chunkSizeWarningLimit: 1200,
    },
  };
});
