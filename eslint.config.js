// One lint config for the whole repository. The import-boundary rules of docs/conventions live here:
// web features do not import each other, shared web code never imports features, contracts import only
// zod, and server modules reach each other only through their .service.ts (or .table.ts for foreign keys).
import fs from 'node:fs';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

const listDirs = (dir) =>
  fs.existsSync(dir)
    ? fs.readdirSync(dir, { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => d.name)
    : [];

const webFeatures = listDirs('apps/web/src/features');
const serverModules = listDirs('apps/server/src/modules');

const featureBoundaries = webFeatures.map((feature) => ({
  files: [`apps/web/src/features/${feature}/**/*.{ts,tsx}`],
  rules: {
    'no-restricted-imports': [
      'error',
      {
        patterns: [
          {
            group: ['@/features/*', `!@/features/${feature}`, '../../*/**', '@/app/**'],
            message:
              'Web features do not import each other or the app layer; combine them in app/routes/.',
          },
        ],
      },
    ],
  },
}));

const moduleBoundaries = serverModules.map((mod) => ({
  files: [`apps/server/src/modules/${mod}/**/*.ts`],
  rules: {
    'no-restricted-imports': [
      'error',
      {
        patterns: [
          {
            regex: `^\\.\\./(?!${mod}/)[^/]+/[^/]+\\.(repository|routes)(\\.js)?$`,
            message: 'Server modules use each other only through their .service.ts.',
          },
        ],
      },
    ],
  },
}));

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/data/**',
      'apps/server/drizzle/**',
      '**/test-results/**',
      '**/playwright-report/**',
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
        { patterns: [{ regex: '^(?!zod$|\\./).*', message: 'contracts import only zod.' }] },
      ],
    },
  },
  {
    files: ['apps/web/src/components/**/*.{ts,tsx}', 'apps/web/src/lib/**/*.{ts,tsx}', 'apps/web/src/config/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['@/features/*', '@/app/**'], message: 'Shared web code never imports features or the app layer.' },
          ],
        },
      ],
    },
  },
  ...featureBoundaries,
  ...moduleBoundaries,
  {
    files: ['scripts/**/*.mjs', '**/*.config.{js,ts,mjs}', 'apps/server/build.mjs', 'apps/server/src/server.ts', 'apps/server/src/scripts/**/*.ts', 'e2e/**/*.ts'],
    rules: { 'no-console': 'off' },
  },
);
