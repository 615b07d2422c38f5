import { execSync } from 'node:child_process';
import react from '@vitejs/plugin-react';
import { defineConfig, loadEnv, type Plugin } from 'vite';
import { compression } from 'vite-plugin-compression2';
import { antdStaticStyles } from './scripts/build/antd-static-styles.ts';
import { deferredStylesheets } from './scripts/build/deferred-stylesheets.ts';
import { routeChunks } from './scripts/build/route-chunks.ts';
import { SECURITY_ORIGINS_FILE, thirdPartyOrigins } from './src/model/security/content-security.ts';
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

/**
 * Writes the outside origins this build's settings make the app load, for the server's Content-Security-Policy
 * (server/http/security-headers.ts): the card provider's and captcha's hosts only when their keys are set.
 */
function securityOrigins(env: Record<string, string>): Plugin {
  return {
    name: 'security-origins',
    apply: 'build',
    generateBundle() {
      const origins = thirdPartyOrigins({
        cardProviderKey: env.VITE_STRIPE_PUBLISHABLE_KEY,
        captchaSiteKey: env.VITE_RECAPTCHA_SITE_KEY,
        helpCenterUrl: env.VITE_HELP_CENTER_URL,
        apiBasePath: env.VITE_API_BASE_PATH,
      });
      this.emitFile({ type: 'asset', fileName: SECURITY_ORIGINS_FILE, source: `${JSON.stringify(origins, null, 2)}\n` });
    },
  };
}

/** Card's parts that only some cards draw, by the import that brings each, and the stand-in's module id. */
const CARD_PARTS: Readonly<Record<string, string>> = { '../tabs': '\0card-tabs', '../skeleton': '\0card-skeleton' };

/**
 * antd's Card imports Tabs for its `tabList` and Skeleton for its `loading`, which no card here uses: every page with
 * a card downloaded both (12 KB gzip) for nothing. Card gets each through a stand-in that loads the real one when a
 * card first draws it, so a card with a `tabList` or `loading` still works, only a moment later.
 */
function cardPartsOnDemand(): Plugin {
  const real = new Map<string, string>();
  return {
    name: 'card-parts-on-demand',
    enforce: 'pre',
    async resolveId(source, importer) {
      const standIn = CARD_PARTS[source];
      if (!standIn || !importer || !/antd[\\/]es[\\/]card[\\/]Card\.js$/.test(importer)) return null;
      const resolved = (await this.resolve(source, importer, { skipSelf: true }))?.id;
      if (!resolved) return null;
      real.set(standIn, resolved);
      return standIn;
    },
    load(id) {
      const resolved = real.get(id);
      if (!resolved) return null;
      return [
        "import { createElement, lazy, Suspense } from 'react';",
        `const Part = lazy(() => import(${JSON.stringify(resolved)}));`,
        'export default function CardPart(props) {',
        '  return createElement(Suspense, { fallback: null }, createElement(Part, props));',
        '}',
      ].join('\n');
    },
  };
}

/** The model layer: pure schemas, enums, constants, messages and rules. */
const MODEL = /[\\/]src[\\/]model[\\/]/;

/** Folders under node_modules as one pattern; `/` stands for either separator. */
function nodeModules(folders: readonly string[]): RegExp {
  return new RegExp(`node_modules[\\\\/](${folders.map((folder) => folder.replaceAll('/', '[\\\\/]')).join('|')})`);
}

/**
 * antd's core chunk, which the sign-in page loads: what every antd component draws with, and the components
 * that page and every shell use. Only what sign-in needs belongs here, since a group also takes in everything its
 * modules import (grid, Form and the empty state of lists were here, and on the sign-in page, because of that).
 */
const ANTD_CORE = [
  '@ant-design/(cssinjs|cssinjs-utils|colors|fast-color)/',
  '@rc-component/(util|motion|resize-observer|trigger|portal|input|tooltip)/',
  'antd/es/(_util|theme|style|locale|button|space|input|alert|tooltip|spin|flex)/',
  // Not its default empty state, which only lists and selects draw.
  'antd/es/config-provider/(?!defaultRenderEmpty)',
];

export default defineConfig(({ command, mode }) => {
  const env = loadEnv(mode, process.cwd(), '');
  // Builds carry antd's CSS as files (scripts/build/antd-static-styles.ts); the dev server and the tests keep antd
  // writing it at runtime, since the dev server serves antd prebundled, past the plugin.
  const staticStyles = command === 'build';
  const apiTarget = env.PORTAL_API_TARGET || `http://localhost:${env.PORT || 8080}`;
  const loadStages = routeChunks({ entry: '/src/main.tsx', routes: '/src/routes.tsx', portal: '/src/portal-routes.tsx' });
  return {
    plugins: [
      react(),
      cardPartsOnDemand(),
      staticStyles && antdStaticStyles(),
      deferredStylesheets(),
      loadStages.plugin,
      securityOrigins(env),
      // Brotli and gzip copies of every text file, made once at build time: the server picks one by Accept-Encoding
      // (server/static.ts), so a phone downloads a quarter of the bytes without the server compressing anything.
      compression({ algorithms: ['brotliCompress', 'gzip'], threshold: 1024 }),
    ],
    define: {
      __APP_VERSION__: JSON.stringify(pkg.version),
      __APP_COMMIT__: JSON.stringify(env.APP_COMMIT || commitId()),
      __ANTD_STATIC_STYLES__: JSON.stringify(staticStyles),
    },
    server: {
      proxy: {
        '/portalApi': { target: apiTarget, changeOrigin: true },
        // Product and tier images and the example reports are the reference server's, like the API.
        '/images': { target: apiTarget, changeOrigin: true },
        '/examples': { target: apiTarget, changeOrigin: true },
        // The Help Center's default site (issue 41): the reference server's help pages; not the /help-center route.
        '^/help(/|$)': { target: apiTarget, changeOrigin: true },
      },
    },
    build: {
      target: 'es2022',
      sourcemap: false,
      // scripts/bundle-check.mjs reads it to measure what the sign-in route loads.
      manifest: true,
      reportCompressedSize: true,
      chunkSizeWarningLimit: 1200,
      rolldownOptions: {
        // The form engine declares no sideEffects, so importing its FormProvider alone, as antd's inputs do, kept every
        // module its index names (Field, useForm, the validator). Its modules only define things.
        treeshake: { moduleSideEffects: [{ test: nodeModules(['@rc-component/form/']), sideEffects: false }] },
        output: {
          codeSplitting: {
            groups: [
              {
                name: 'framework',
                test: nodeModules(['(react|react-dom|scheduler|xstate|@xstate/react|wouter|regexparam|valibot|ofetch|destr|ufo)/']),
                priority: 20,
              },
              {
                // Server data: only the signed-in portals ask for it, so the sign-in page does without.
                name: 'query',
                // Infinite paging serves the long lists only; left out, it loads with them rather than with every page.
                test: /^(?!.*[\\/](infiniteQueryObserver|infiniteQueryOptions|useInfiniteQuery)\.js$).*node_modules[\\/]@tanstack[\\/](query-core|react-query)[\\/]/,
                priority: 20,
              },
              {
                // antd's form engine and validator: the forms load it, not the sign-in page, whose inputs only read
                // the form context (kept out of the group, with its own modules only, so that it stays in the core).
                name: 'antd-form',
                test: nodeModules(['@rc-component/async-validator/', '@rc-component/form/(?!es/FormContext\\.js)']),
                priority: 15,
                includeDependenciesRecursively: false,
              },
              {
                // The grid, which forms and pages lay out with and the shell's layout reaches into: its own chunk, so
                // that a signed-out form does not load the shell's menus to get it.
                name: 'antd-grid',
                test: nodeModules(['antd/es/(grid|row|col)/']),
                priority: 12,
                includeDependenciesRecursively: false,
              },
              { name: 'antd-core', test: nodeModules(ANTD_CORE), priority: 10 },
              {
                name: 'antd-shell',
                test: /node_modules[\\/](@rc-component[\\/](menu|overflow|dropdown)|antd[\\/]es[\\/](menu|dropdown|layout|avatar|popover|typography))[\\/]/,
                priority: 9,
              },
              // The model's rules, texts and schemas, one chunk for each moment a page first needs them: the entry's
              // (sign-in came in 16 files, 5 of them the model's, each under 1 KB), then the signed-in portal's (7 more
              // small files before any signed-in page could draw). On HTTP/1.1 a phone fetches six files at a time,
              // a round trip each, so the number of small files, more than their bytes, held the first paint back.
              // Pure modules that import only each other and libraries, so grouping them cannot reorder side effects
              // or make two chunks import each other (the bundle check fails on a cycle between chunks).
              { name: 'model', test: loadStages.test('entry', MODEL), priority: 8, includeDependenciesRecursively: false },
              { name: 'portal-model', test: loadStages.test('portal', MODEL), priority: 7, includeDependenciesRecursively: false },
            ],
          },
        },
      },
    },
  };
});
