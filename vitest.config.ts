import { availableParallelism } from 'node:os';
import { defineConfig, mergeConfig } from 'vitest/config';
import viteConfig from './vite.config.ts';

const ISOLATED_VIEWS = 'tests/views/isolated/**/*.test.tsx';
/** What the two groups of view tests share. */
const VIEWS = {
  include: ['tests/views/**/*.test.tsx'],
  environment: 'happy-dom',
  setupFiles: ['tests/support/views-setup.ts'],
  env: {
    VITE_KIT_REGISTRATION_URL: 'https://register.example.test/kits',
    VITE_SUPPORT_EMAIL_PATIENT: 'patients@support.example.test',
    VITE_SUPPORT_EMAIL_PROVIDER: 'providers@support.example.test',
    VITE_SUPPORT_EMAIL_RESEARCH: 'research@support.example.test',
  },
  testTimeout: 15_000,
} as const;

/** Test groups: `npm run test:<group>` runs one, `npm test` runs them all. */
export default defineConfig((env) =>
  mergeConfig(viteConfig(env), {
    test: {
      globalSetup: ['tests/support/global-setup.ts'],
      restoreMocks: true,
      // One worker per core rather than vitest's cores - 1: the main process only gathers results, and on the
      // two-core CI machine a second worker takes the suite from 900 s to 500 s.
      maxWorkers: availableParallelism(),
      // `isolate: false` below: the files of a group share one module graph per worker instead of importing antd,
      // XState and the app again for each file (views: 168 s to 116 s, unit and machines: 40 s to 14 s). What a test
      // leaves behind is cleared after each (tests/support/views-setup.ts, restoreMocks); the server group keeps
      // isolation, as each of its files starts its own database and server.
      projects: [
        { extends: true, test: { name: 'unit', include: ['tests/unit/**/*.test.ts'], environment: 'node', isolate: false } },
        {
          extends: true,
          // A fresh PGlite's initdb takes seconds, more on a busy machine.
          test: { name: 'server', include: ['tests/server/**/*.test.ts'], environment: 'node', testTimeout: 20_000, hookTimeout: 30_000 },
        },
        {
          extends: true,
          test: {
            name: 'machines',
            include: ['tests/machines/**/*.test.ts', 'tests/support/**/*.test.ts'],
            environment: 'happy-dom',
            isolate: false,
          },
        },
        {
          extends: true,
          test: { ...VIEWS, name: 'views', exclude: [ISOLATED_VIEWS], isolate: false },
        },
        {
          extends: true,
          // A view test that replaces a module with vi.mock needs a module graph of its own: in the shared one, an
          // earlier file may have imported the real module already.
          test: { ...VIEWS, name: 'views-isolated', include: [ISOLATED_VIEWS], isolate: true },
        },
      ],
    },
  }),
);
