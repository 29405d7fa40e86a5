// One lint config for the whole repository. The import-boundary rules of docs/conventions live here:
// contracts import only zod; the web's layers are apps/web/eslint.boundaries.js (decision 018), the
// server's layers and module order apps/server/eslint.boundaries.js (decision 007).
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import serverBoundaries from './apps/server/eslint.boundaries.js';
import webBoundaries from './apps/web/eslint.boundaries.js';

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/data/**',
      'apps/server/drizzle/**',
      '**/test-results/**',
      '**/playwright-report/**',
      // Deliberately bad files: linted only by apps/server/src/boundaries.test.ts.
      'apps/server/lint-fixtures/**',
      // Deliberately bad files: linted only by apps/web/build/lint-boundaries.test.ts.
      'apps/web/build/lint-fixtures/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': ['error', { allow: ['warn', 'error'] }],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
  {
    files: ['packages/contracts/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(?!zod$|@recruitdesk/money(/dates)?$|\\./).*',
              message: 'contracts import only zod and the money package (and its dates).',
            },
          ],
        },
      ],
    },
  },
  {
    // The money kernel (decision 067) sits below everything: server, web and contracts use it.
    files: ['packages/money/**/*.ts'],
    ignores: ['packages/money/**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ regex: '^(?!\\./).*', message: 'the money package imports nothing.' }] },
      ],
    },
  },
  ...webBoundaries,
  ...serverBoundaries,
  {
    files: [
      'scripts/**/*.mjs',
      '**/*.config.{js,ts,mjs}',
      'apps/server/build.mjs',
      'apps/server/src/server.ts',
      'apps/server/src/scripts/**/*.ts',
      'e2e/**/*.ts',
    ],
    rules: { 'no-console': 'off' },
  },
);
