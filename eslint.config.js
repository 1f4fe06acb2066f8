import path from 'node:path';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import local from './tools/eslint/plugin.js';

/** Source files: what the local rules look at. */
const SOURCES = '**/*.{ts,tsx,mjs,js}';

/**
 * Layer boundaries: files under `layer` must not import from `disallow` (folders or files, from
 * the repo root). `why` is the one-line reason, and the lint message repeats it. Tests inside a
 * layer keep its bounds; apps/server/src/test/ (test helpers) is no layer and imports anything.
 */
const BOUNDARIES = [
  {
    layer: 'apps/web/src/features',
    disallow: ['apps/web/src/app'],
    why: 'app/ (router, shell) is the top layer that loads the features, never the other way round',
  },
  {
    layer: 'apps/web/src/lib',
    disallow: ['apps/web/src/app', 'apps/web/src/features'],
    why: 'lib/ is the base every web layer uses, so it knows neither the features nor app/',
  },
  {
    layer: 'apps/web/src/components',
    disallow: ['apps/web/src/app', 'apps/web/src/features'],
    why: 'components/ are the pieces features share, so they know neither the features nor app/',
  },
  {
    layer: 'apps/web/src/public-queue',
    disallow: ['apps/web/src/app', 'apps/web/src/features', 'apps/web/src/components'],
    why: "the driver's phone page is its own small bundle: no antd, router or back-office code",
  },
  {
    layer: 'apps/server/src/lib',
    disallow: [
      'apps/server/src/db',
      'apps/server/src/http',
      'apps/server/src/modules',
      'apps/server/src/realtime',
      'apps/server/src/demo',
    ],
    why: 'lib/ holds the helpers every server layer uses, so it depends on none of them',
  },
  {
    layer: 'apps/server/src/db',
    disallow: [
      'apps/server/src/http',
      'apps/server/src/modules',
      'apps/server/src/realtime',
      'apps/server/src/demo',
    ],
    why: 'db/ (schema, connection, backup) sits under the modules and knows nothing of HTTP or features',
  },
  {
    layer: 'apps/server/src/http',
    disallow: ['apps/server/src/modules', 'apps/server/src/realtime', 'apps/server/src/demo'],
    why: "http/ is the Fastify plumbing the modules' routes use; app.ts, not http/, wires the modules in",
  },
  {
    layer: 'apps/server/src/modules',
    disallow: ['apps/server/src/realtime', 'apps/server/src/demo', 'apps/server/src/app.ts'],
    why: 'modules announce changes on lib/event-hub; realtime/, demo/ and app.ts sit above and wire them together',
  },
  {
    layer: 'packages/shared',
    disallow: ['apps'],
    why: 'shared is the contract both apps build on, so it imports neither of them',
  },
];

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'data/**',
      'apps/server/drizzle/**',
      'docs/**',
      'e2e/tmp-*',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      globals: { ...globals.node },
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/switch-exhaustiveness-check': 'error',
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  {
    // Tests read arbitrary JSON answers (response.json() is `any`): assertions check their shape.
    files: ['**/*.test.ts', 'e2e/**/*.ts', 'bench/**/*.ts'],
    rules: {
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
    },
  },
  {
    files: ['**/*.js', '**/*.mjs'],
    extends: [tseslint.configs.disableTypeChecked],
  },
  {
    // Imports that loop make load order decide which side sees undefined exports; file names in
    // one case never clash on case-insensitive disks.
    files: [SOURCES],
    plugins: { local },
    rules: {
      'local/no-import-cycle': 'error',
      'local/kebab-case-file-name': 'error',
    },
  },
  ...BOUNDARIES.map(({ layer, disallow, why }) => ({
    files: [`${layer}/${SOURCES}`],
    rules: {
      'local/import-boundaries': [
        'error',
        { disallow: disallow.map((entry) => path.join(import.meta.dirname, entry)), why },
      ],
    },
  })),
);
