import { join } from 'node:path';
import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/**
 * Imports flow one way (../shared/ARCHITECTURE.md): model ← services ← machines ← views, and server/ shares only
 * src/model with the app. import-x/no-restricted-paths resolves each import (relative at any depth, `.ts` forms,
 * `import type`, `export … from`, literal `import()`) to the file it names, so a zone reads as the clause itself:
 * files in `target` may import nothing under the repository except the `allowed` folders (packages live in
 * node_modules and are always allowed; the library bans below cover them). An import that resolves to nothing is
 * not checked here, but it already fails the typecheck that `npm test` runs first.
 */
const mayImportOnly = (target, allowed, message) => ({
  target,
  from: '.',
  except: [...allowed, 'node_modules'].map((folder) => `./${folder}`),
  message,
});

const layerZones = [
  mayImportOnly('src/model', ['src/model'], 'Layer rule: src/model is pure and imports only src/model.'),
  // content/ holds what a deployment replaces (the consent statements): text the services read, never code.
  mayImportOnly('src/services', ['src/model', 'src/services', 'content'], 'Layer rule: src/services imports only src/model and content.'),
  mayImportOnly(
    'src/machines',
    ['src/model', 'src/services', 'src/machines'],
    'Layer rule: src/machines imports only src/model and src/services.',
  ),
  mayImportOnly(
    'src/views',
    ['src/model', 'src/services', 'src/machines', 'src/views'],
    'Layer rule: src/views imports model, services, machines and views, never app, routes or main.',
  ),
  {
    target: 'src/views',
    from: ['src/services/**/http.ts', 'src/services/**/*.api.ts'],
    message: 'Layer rule: src/views never imports the HTTP client or an API module; use query options or a machine.',
  },
  mayImportOnly(
    'server',
    ['server', 'src/model', 'package.json'],
    'Layer rule: server/ imports only its own files, src/model and package.json.',
  ),
];

/** Package names, `@scope/*` for a whole scope; a name also covers its subpaths (`react-dom/client`). */
const libraries = (names, message) => ({
  regex: `^(?:${names.map((name) => name.replace('*', '[^/]+')).join('|')})(?:/|$)`,
  message,
});
const ui = ['react', 'react-dom', 'antd', '@ant-design/*', 'wouter', '@xstate/react'];
const libraryBans = {
  'src/model': libraries(
    ['xstate', '@xstate/*', 'ofetch', '@tanstack/*', '@statelyai/*', ...ui],
    'Layer rule: src/model is pure and uses no I/O, state-machine or UI library.',
  ),
  'src/services': libraries(
    ['xstate', '@xstate/*', ...ui],
    'Layer rule: src/services talks to the outside and uses no state-machine or UI library.',
  ),
  'src/machines': libraries(ui, 'Layer rule: src/machines hold behaviour, not pixels, and use no UI library.'),
  'src/views': libraries(
    ['ofetch'],
    'Layer rule: src/views make no HTTP calls; use query options from src/services or send an event to a machine.',
  ),
  server: libraries(ui, 'Layer rule: server/ renders no UI.'),
};

const layers = [
  {
    files: ['src/**', 'server/**'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: join(import.meta.dirname, 'tsconfig.json') })],
    },
    rules: { 'import-x/no-restricted-paths': ['error', { basePath: import.meta.dirname, zones: layerZones }] },
  },
  ...Object.entries(libraryBans).map(([folder, ban]) => ({
    files: [`${folder}/**`],
    rules: { 'no-restricted-imports': ['error', { patterns: [ban] }] },
  })),
  // E-mail is the one thing the server draws: its templates are React elements (react-email) rendered to HTML.
  {
    files: ['server/mail/templates/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            libraries(
              ui.filter((name) => name !== 'react'),
              'Mail templates use React and react-email only, not the app’s UI.',
            ),
          ],
        },
      ],
    },
  },
];

export default tseslint.config(
  {
    ignores: [
      'dist/**',
      '.e2e/**',
      'node_modules/**',
      'coverage/**',
      'playwright-report/**',
      'test-results/**',
      '.data/**',
      '.postgres/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
      globals: { ...globals.browser, ...globals.node },
    },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/ban-ts-comment': 'error',
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-restricted-syntax': [
        'error',
        { selector: "JSXAttribute[name.name='dangerouslySetInnerHTML']", message: 'Render text, never raw HTML.' },
        { selector: "MemberExpression[property.name='innerHTML']", message: 'Render text, never raw HTML.' },
      ],
    },
  },
  { files: ['**/*.js', '**/*.mjs'], ...tseslint.configs.disableTypeChecked },
  {
    files: ['src/**/*.tsx', 'tests/views/**/*.tsx'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'error' },
  },
  ...layers,
);
