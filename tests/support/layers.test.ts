// @vitest-environment node
import { join } from 'node:path';
import { ESLint, type Linter } from 'eslint';
import tseslint from 'typescript-eslint';
import { beforeAll, describe, expect, it } from 'vitest';
import { repoRoot } from '../../scripts/lib/records';

/**
 * The import direction of ../shared/ARCHITECTURE.md is a lint rule: each clause refuses a deliberate violation and
 * lets the allowed imports through. The probes are virtual files inside each layer; the layer rule resolves what they
 * import, so every probe names a real file of the repository (or an installed package), and the probes also run
 * import-x/no-unresolved to prove it: an allowed import that resolved to nothing would pass without proving anything.
 * Type information is switched off for the probes (the project service cannot see a file that is not on disk, and
 * building it takes seconds), and only the import rules run; everything else, the layer rule included, comes from
 * eslint.config.js itself.
 */

const RULE = 'import-x/no-restricted-paths';
const LIBRARY_RULE = 'no-restricted-imports';
const UNRESOLVED = 'import-x/no-unresolved';

const untyped: Linter.Config = {
  files: ['**/*.ts', '**/*.tsx'],
  languageOptions: { parser: tseslint.parser, parserOptions: { projectService: false, project: false } },
};
const probesResolve: Linter.Config = { files: ['src/**', 'server/**'], rules: { [UNRESOLVED]: 'error' } };
const importRules = new Set([RULE, LIBRARY_RULE, UNRESOLVED]);
const onlyImportRules = ({ ruleId }: { ruleId: string }) => importRules.has(ruleId);

const eslint = new ESLint({ cwd: repoRoot, overrideConfig: [untyped, probesResolve], ruleFilter: onlyImportRules });

interface Report {
  ruleId: string | null;
  message: string;
}

async function reports(file: string, code: string, linter: ESLint = eslint): Promise<Report[]> {
  const [result] = await linter.lintText(code, { filePath: join(repoRoot, file) });
  expect(result?.messages.filter((m) => m.fatal)).toEqual([]);
  return (result?.messages ?? []).map(({ ruleId, message }) => ({ ruleId, message }));
}

/**
 * ESLint reads its config and loads its plugins on the first lint, seconds on a busy machine: done once here, with
 * time to spare, so that no single case pays for it within a test's time limit.
 */
const WARM_UP_MS = 60_000;
beforeAll(async () => {
  await eslint.lintText('export const warm = 1;\n', { filePath: join(repoRoot, 'src/model/probe.ts') });
}, WARM_UP_MS);

const importOf = (specifier: string) => `import { probe } from '${specifier}';\nexport const used = probe;\n`;

/** Per clause and probe file: layer imports refused by the layer rule, library imports refused by the library ban. */
interface Clause {
  clause: string;
  refused: Record<string, string[]>;
  bannedLibraries: Record<string, string[]>;
  allowed: Record<string, string[]>;
}

const clauses: Clause[] = [
  {
    clause: 'src/model imports no other layer, nor a state-machine, HTTP or UI library',
    refused: {
      'src/model/probe.ts': [
        '../services/http/http',
        '../machines/auth/session.machine',
        '../views/shell/page',
        '../app',
        '../routes.tsx',
        '../main',
        '../../server/app',
        '../../scripts/lib/records',
      ],
      'src/model/orders/probe.ts': [
        '../../services/orders/../http/http.ts',
        '../../services/auth/auth.api',
        '../../app',
        '../../routes',
        './../../views/shell/page',
      ],
    },
    bannedLibraries: {
      'src/model/probe.ts': [
        'xstate',
        'ofetch',
        '@tanstack/react-query',
        '@statelyai/inspect',
        'react',
        'react-dom/client',
        'antd',
        '@ant-design/icons',
        '@xstate/react',
        'wouter',
      ],
    },
    allowed: {
      'src/model/probe.ts': ['./enums', '../model/enums', 'valibot'],
      'src/model/orders/probe.ts': ['../enums', '../../model/auth/auth.ts'],
    },
  },
  {
    clause: 'src/services imports only src/model',
    refused: {
      'src/services/probe.ts': ['../machines/auth/session.machine', '../views/shell/page', '../app', '../routes', '../main.tsx'],
      'src/services/orders/orders.api.ts': ['../../machines/auth/session.selectors', '../../views/shell/page', '../../main'],
    },
    bannedLibraries: { 'src/services/probe.ts': ['xstate', 'react', 'antd', '@xstate/react'] },
    allowed: {
      'src/services/probe.ts': ['../model/auth/auth', './http/http', 'ofetch', '@tanstack/react-query', 'valibot'],
      'src/services/orders/orders.api.ts': ['../../model/auth/auth', '../http/http', './queries'],
    },
  },
  {
    clause: 'src/machines imports src/model and src/services only',
    refused: {
      'src/machines/probe.machine.ts': ['../views/auth/session', '../app', '../routes', '../main'],
      'src/machines/orders/cancel-order.machine.ts': ['../../views/shell/page', '../../app'],
    },
    bannedLibraries: { 'src/machines/probe.machine.ts': ['react', 'antd', '@xstate/react'] },
    allowed: {
      'src/machines/probe.machine.ts': [
        '../model/auth/auth',
        '../services/auth/auth.api',
        '../services/http/http',
        './auth/session.machine',
        'xstate',
      ],
      'src/machines/orders/cancel-order.machine.ts': ['../../services/auth/auth.api', '../../model/auth/auth', '../auth/session.machine'],
    },
  },
  {
    clause: 'src/views never imports the HTTP client or an API module',
    refused: {
      'src/views/probe.tsx': ['../services/http/http', '../services/auth/auth.api', '../app', '../routes', '../main'],
      'src/views/shell/probe.tsx': [
        '../../services/http/http',
        '../../services/http/http.ts',
        '../../services/auth/auth.api',
        '../../services/practice/practices.api.ts',
        '../../services/account/users-me.api',
      ],
      'src/views/orders/list/probe.view.tsx': ['../../../services/auth/auth.api', '../../../services/http/http', '../../../app'],
    },
    bannedLibraries: { 'src/views/probe.tsx': ['ofetch'] },
    allowed: {
      'src/views/probe.tsx': [
        '../services/practice/queries',
        '../machines/auth/session.selectors',
        '../model/shell/navigation',
        'antd',
        'react',
      ],
      'src/views/shell/probe.tsx': ['../../services/practice/queries', '../../services/http/config', './page'],
      'src/views/orders/list/probe.view.tsx': [
        '../../../services/practice/queries',
        '../../../machines/auth/session.selectors',
        '../../shell/page',
      ],
    },
  },
  {
    clause: 'server/ imports only src/model from the app',
    refused: {
      'server/probe.ts': [
        '../src/services/http/http',
        '../src/machines/auth/session.machine',
        '../src/views/shell/page',
        '../src/app',
        '../src/routes',
        '../src/main.tsx',
        '../scripts/lib/records',
      ],
      'server/routes/probe.ts': ['../../src/services/auth/auth.api', '../../src/app.tsx', '../../src/model/../services/http/http'],
      'server/store/orders/probe.ts': ['../../../src/machines/auth/session.machine', '../../../src/routes'],
    },
    bannedLibraries: { 'server/probe.ts': ['react', 'antd'] },
    allowed: {
      'server/probe.ts': ['../src/model/auth/auth', './db/database', '../package.json', 'hono', 'node:path'],
      'server/routes/probe.ts': ['../../src/model/auth/auth', '../db/database', '../http/errors'],
      'server/store/orders/probe.ts': ['../../../src/model/auth/auth', '../../db/database'],
    },
  },
];

const cases = (table: Record<string, string[]>) =>
  Object.entries(table).flatMap(([file, specifiers]) => specifiers.map((specifier) => ({ file, specifier })));

describe.each(clauses)('$clause', ({ refused, bannedLibraries, allowed }) => {
  it.each(cases(refused))('refuses $specifier from $file', async ({ file, specifier }) => {
    expect((await reports(file, importOf(specifier))).map((r) => r.ruleId)).toEqual([RULE]);
  });

  it.each(cases(bannedLibraries))('refuses the library $specifier from $file', async ({ file, specifier }) => {
    expect((await reports(file, importOf(specifier))).map((r) => r.ruleId)).toEqual([LIBRARY_RULE]);
  });

  it.each(cases(allowed))('allows $specifier from $file', async ({ file, specifier }) => {
    expect(await reports(file, importOf(specifier))).toEqual([]);
  });
});

describe('every form of import is read', () => {
  it.each([
    ['a type-only import', "import type { Http } from '../../services/http/http';\nexport type T = Http;\n"],
    ['a re-export', "export { authApi } from '../../services/auth/auth.api';\n"],
    ['a re-export of everything', "export * from '../../services/http/http';\n"],
    ['an import for its side effects', "import '../../services/http/http';\n"],
    ['a dynamic import', "export const later = () => import('../../services/auth/auth.api');\n"],
  ])('%s from a view is refused', async (_form, code) => {
    expect((await reports('src/views/shell/probe.tsx', code)).map((r) => r.ruleId)).toEqual([RULE]);
  });

  it('names the rule of the layer in its message', async () => {
    const [report] = await reports('src/views/shell/probe.tsx', importOf('../../services/auth/auth.api'));
    expect(report?.message).toContain('Layer rule: src/views never imports the HTTP client or an API module');
  });
});

describe('the rule comes from eslint.config.js', () => {
  it('is the config file this test lints with', async () => {
    expect(await eslint.findConfigFile()).toBe(join(repoRoot, 'eslint.config.js'));
  });

  it('gives every layer the rule even with type information on, as `npm test` lints', async () => {
    const asNpmTestLints = new ESLint({ cwd: repoRoot });
    for (const file of [
      'src/model/a.ts',
      'src/services/orders/a.api.ts',
      'src/machines/a.machine.ts',
      'src/views/a/b/c.view.tsx',
      'server/a/b.ts',
    ]) {
      const path = join(repoRoot, file);
      const asNpmTest = ((await asNpmTestLints.calculateConfigForFile(path)) as Linter.Config).rules?.[RULE];
      const asProbed = ((await eslint.calculateConfigForFile(path)) as Linter.Config).rules?.[RULE];
      expect(Array.isArray(asNpmTest) && asNpmTest[0], file).toBe(2);
      expect(JSON.stringify(asNpmTest), file).toContain('"zones"');
      expect(asProbed, file).toStrictEqual(asNpmTest);
    }
  });

  it('refuses nothing without it, so the refusals above are the config file’s', async () => {
    const withoutConfigFile = new ESLint({ cwd: repoRoot, overrideConfigFile: true, overrideConfig: untyped, ruleFilter: onlyImportRules });
    expect(await reports('src/views/shell/probe.tsx', importOf('../../services/http/http'), withoutConfigFile)).toEqual([]);
  });
});
