// The lint configuration. The import boundaries are derived from the app manifests (host.json,
// remote.json): every app may import @modula/shared but no other app, so a new app folder is covered
// without editing this file. The package boundaries below keep deployable parts apart, and
// i18next/no-literal-string keeps interface text in translation files (ARCHITECTURE.md, Translations).
import { defineConfig } from 'oxlint';
import { appFolders } from './tooling/apps.ts';

type Restriction = { group: string[]; message: string };

const apps = appFolders(import.meta.dirname);

/** Every way of importing an app's code: its folder, its package, its federation module. */
function importsOf(dir: string, name: string): string[] {
  return [`**/${dir}/**`, `**/${dir}`, `@modula/${dir}`, `@modula/${dir}/**`, `${name}/*`];
}

function restricted(files: string[], ...restrictions: Restriction[]) {
  return { files, rules: { 'no-restricted-imports': ['error', { patterns: restrictions }] as const } };
}

/** The router comes from @modula/router, the page's one shared copy (docs/decisions/001-react-router-sharing.md). */
const ownRouter: Restriction = {
  group: ['react-router', 'react-router/**', 'react-router-dom', 'react-router-dom/**'],
  message: 'Import routing from @modula/router: react-router imported directly is a second copy on the page (docs/decisions/001).',
};

const appBoundaries = apps.map((app) =>
  restricted(
    [`${app.dir}/**`],
    {
      group: apps.filter((other) => other !== app).flatMap((other) => importsOf(other.dir, other.name)),
      message: 'An app must not import another app: go through @modula/shared contracts and events.',
    },
    ownRouter,
  ),
);

/** Interface text must be a translation key: JSX text and user-facing attributes, not literals. */
const noLiteralStrings = [
  'error',
  {
    mode: 'jsx-only',
    'jsx-attributes': {
      include: ['aria-label', 'aria-description', 'aria-roledescription', 'aria-valuetext', 'aria-placeholder', 'placeholder', 'title', 'alt', 'label'],
      exclude: [],
    },
    words: {
      exclude: ['[0-9!-/:-@[-`{-~]+', '[A-Z_-]+', 'Modula', '[^\\s@]+@[^\\s@]+\\.[a-z]+', '/[\\w./-]*', '[✓•·×…–—→←↑↓★☆]+'],
    },
    callees: {
      exclude: [
        'i18n(ext)?',
        't',
        'require',
        'addEventListener',
        'removeEventListener',
        'postMessage',
        'getElementById',
        'dispatch',
        'commit',
        'includes',
        'indexOf',
        'endsWith',
        'startsWith',
        'format\\w*',
        'Intl\\.\\w+',
        'vocabularyLabel',
        // react-hook-form's methods take field names, not interface text.
        'register',
        'setFocus',
        'resetField',
        'setValue',
        'getValues',
        'clearErrors',
        'setError',
        'trigger',
      ],
    },
    'object-properties': { include: [], exclude: ['[A-Z_-]+', 'fetchPriority'] },
  },
] as const;

export default defineConfig({
  plugins: ['typescript', 'react', 'jsx-a11y', 'import', 'jest'],
  jsPlugins: ['eslint-plugin-i18next'],
  categories: {
    correctness: 'error',
    suspicious: 'warn',
  },
  rules: {
    'no-console': ['warn', { allow: ['warn', 'error', 'info'] }],
    'react/react-in-jsx-scope': 'off',
    'import/no-cycle': 'error',
    'jsx-a11y/no-autofocus': 'off',
    'no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
    'no-underscore-dangle': 'off',
    'import/no-named-as-default': 'off',
    'import/no-named-as-default-member': 'off',
    'jsx-a11y/prefer-tag-over-role': 'off',
  },
  ignorePatterns: ['**/dist/**', '**/node_modules/**', '.deploy/**', '.data/**', '.cache/**', '**/test-results/**', '**/playwright-report/**'],
  overrides: [
    ...appBoundaries,
    restricted(['shared/**'], {
      group: apps.flatMap((app) => [`**/${app.dir}/**`, `@modula/${app.dir}`, `@modula/${app.dir}/**`]),
      message: '@modula/shared must not depend on an app.',
    }),
    // The functions deploy to Supabase Edge as they are: nothing outside supabase/functions goes with them.
    restricted(['supabase/functions/**'], {
      group: ['**/backend/**', '**/backend', '@modula/backend', '@modula/backend/**'],
      message: 'supabase/functions must not import backend/: Supabase Edge deploys only supabase/functions (shared code lives in supabase/functions/_shared).',
    }),
    // The e2e tests drive the product from outside: the browser, HTTP, the scripts that start it.
    restricted(['e2e/**'], {
      group: ['**/backend/src/**', '@modula/backend', '@modula/backend/**'],
      message: "e2e must not import backend/src: use the running backend (HTTP, supabase-js) and scripts/lib (e.g. readApiKeys).",
    }),
    // Benchmarks start the backend from its own code, not from the test suites' helpers.
    restricted(['bench/**'], {
      group: ['**/backend/test/**'],
      message: 'bench must not import backend/test: start the backend from backend/src (see bench/lib/server.ts).',
    }),
    {
      // Every app (from its manifest), @modula/shared, and any mf-* folder before it has a manifest.
      files: [...new Set(['shell', 'shared', 'mf-*', ...apps.map((app) => app.dir)])].map((dir) => `${dir}/src/**/*.{ts,tsx}`),
      rules: { 'i18next/no-literal-string': noLiteralStrings },
    },
    {
      files: ['**/*.test.ts', '**/*.test.tsx', '**/testing/**', '**/test-utils/**'],
      rules: { 'i18next/no-literal-string': 'off' },
    },
  ],
});
