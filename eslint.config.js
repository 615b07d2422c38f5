import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/** Imports flow one way: model ← services ← machines ← views. Each layer lists what it may not reach. */
const layer = (files, patterns, message) => ({
  files,
  rules: {
    'no-restricted-imports': ['error', { patterns: patterns.map((group) => ({ group: [group], message })) }],
  },
});

const ui = ['react', 'react-dom', 'react-dom/*', 'antd', 'antd/*', '@ant-design/*', 'wouter', 'wouter/*', '@xstate/react'];

export default tseslint.config(
  { ignores: ['dist/**', '.e2e/**', 'node_modules/**', 'coverage/**', 'playwright-report/**', 'test-results/**', '.data/**'] },
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
  layer(
    ['src/model/**'],
    ['**/services/**', '**/machines/**', '**/views/**', 'xstate', 'ofetch', '@tanstack/*', ...ui],
    'src/model is pure: it imports nothing of ours and no I/O or UI library.',
  ),
  layer(['src/services/**'], ['**/machines/**', '**/views/**', 'xstate', ...ui], 'src/services may import only src/model.'),
  layer(['src/machines/**'], ['**/views/**', ...ui], 'src/machines may import src/model and src/services, never views or UI.'),
  layer(
    ['src/views/**'],
    ['**/services/http', '**/services/*.api', 'ofetch'],
    'Views never call the API: use query options from src/services/queries or send an event to a machine.',
  ),
  layer(
    ['server/**'],
    ['**/src/services/**', '**/src/machines/**', '**/src/views/**', ...ui],
    'The reference server shares only src/model with the app.',
  ),
);
