import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

/** DOM APIs that parse strings as HTML. */
const htmlSinks = ['innerHTML', 'outerHTML', 'insertAdjacentHTML', 'createContextualFragment', 'srcdoc']
  .map((property) => ({ property, message: 'No HTML from strings: build elements or render text.' }))
  .concat([
    { object: 'document', property: 'write', message: 'No HTML from strings.' },
    { object: 'document', property: 'writeln', message: 'No HTML from strings.' },
  ]);

/** Modules the pure simulation core must never import. */
const simForbidden = {
  patterns: [
    { group: ['react', 'react/*', 'react-dom', 'react-dom/*'], message: 'src/sim is pure: no React.' },
    { group: ['d3', 'd3-*'], message: 'src/sim is pure: no D3.' },
    {
      group: ['comlink', 'zustand', 'zustand/*'],
      message: 'src/sim is pure: no worker or UI state libraries.',
    },
    {
      group: ['**/app/**', '**/worker/**', '**/cli/**', '../app', '../worker', '../cli'],
      message: 'src/sim may not import from app, worker or cli.',
    },
    {
      group: ['node:*', 'fs', 'path', 'os', 'child_process', 'worker_threads'],
      message: 'src/sim runs in browsers too: no Node APIs.',
    },
  ],
};

/** src/flent reads and writes Flent's format for every host: the core's rules, with the core as its one neighbour. */
const flentForbidden = {
  patterns: [
    { group: ['react', 'react/*', 'react-dom', 'react-dom/*'], message: 'src/flent is pure: no React.' },
    { group: ['d3', 'd3-*'], message: 'src/flent is pure: no D3.' },
    {
      group: ['comlink', 'zustand', 'zustand/*'],
      message: 'src/flent is pure: no worker or UI state libraries.',
    },
    {
      group: ['**/app/**', '**/worker/**', '**/cli/**', '**/embed/**', '../app', '../worker', '../cli'],
      message: 'src/flent may import only src/sim and fflate.',
    },
    {
      group: ['node:*', 'fs', 'path', 'os', 'zlib', 'child_process', 'worker_threads'],
      message: 'src/flent runs in browsers too: no Node APIs (gzip is fflate).',
    },
  ],
};

export default tseslint.config(
  {
    ignores: [
      'dist/**',
      'dist-*/**',
      'node_modules/**',
      'playwright-report/**',
      'test-results/**',
      'bench/results/**',
      'coverage/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-eval': 'error',
      'no-implied-eval': 'error',
      'no-new-func': 'error',
      // No HTML is ever built from strings (links, files and names reach the page as text only).
      'no-restricted-properties': ['error', ...htmlSinks],
      'no-restricted-syntax': [
        'error',
        {
          selector: "JSXAttribute[name.name='dangerouslySetInnerHTML']",
          message: 'No HTML from strings: render text.',
        },
      ],
    },
  },
  {
    files: ['src/sim/**/*.ts'],
    ignores: ['src/sim/**/*.test.ts'],
    languageOptions: { globals: { ...globals.es2021 } },
    rules: {
      'no-restricted-imports': ['error', simForbidden],
      'no-restricted-globals': [
        'error',
        { name: 'document', message: 'src/sim is pure: no DOM.' },
        { name: 'window', message: 'src/sim is pure: no DOM.' },
        { name: 'self', message: 'src/sim is pure: no worker globals.' },
        { name: 'postMessage', message: 'src/sim is pure: no worker globals.' },
        { name: 'setTimeout', message: 'src/sim steps on its own clock: no timers.' },
        { name: 'setInterval', message: 'src/sim steps on its own clock: no timers.' },
        { name: 'requestAnimationFrame', message: 'src/sim is pure: no DOM.' },
        { name: 'performance', message: 'src/sim is deterministic: no wall clock.' },
        { name: 'process', message: 'src/sim runs in browsers too: no Node globals.' },
      ],
      'no-restricted-properties': [
        'error',
        { object: 'Math', property: 'random', message: 'Use the seeded Rng.' },
        { object: 'Date', property: 'now', message: 'src/sim is deterministic: no wall clock.' },
      ],
    },
  },
  {
    files: ['src/flent/**/*.ts'],
    ignores: ['src/flent/**/*.test.ts'],
    languageOptions: { globals: { ...globals.es2021 } },
    rules: {
      'no-restricted-imports': ['error', flentForbidden],
      'no-restricted-globals': [
        'error',
        { name: 'document', message: 'src/flent is pure: no DOM.' },
        { name: 'window', message: 'src/flent is pure: no DOM.' },
        { name: 'self', message: 'src/flent is pure: no worker globals.' },
        { name: 'fetch', message: 'src/flent takes bytes: the host reads files.' },
        { name: 'Blob', message: 'src/flent takes bytes: the host makes files.' },
        { name: 'setTimeout', message: 'src/flent is pure: no timers.' },
        { name: 'process', message: 'src/flent runs in browsers too: no Node globals.' },
        { name: 'Buffer', message: 'src/flent runs in browsers too: Uint8Array, not Buffer.' },
      ],
      'no-restricted-properties': [
        'error',
        { object: 'Date', property: 'now', message: 'src/flent takes the time from its host.' },
      ],
    },
  },
  {
    // A layer takes what it needs of a kernel era through its options (model/tcp/kernel-features.ts).
    files: ['src/sim/model/**/*.ts'],
    ignores: ['src/sim/**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            ...simForbidden.patterns,
            {
              group: ['**/scenario/**', '../scenario', '../../scenario'],
              message:
                'Model code does not import from scenario/: what a layer needs of an era comes through its options.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['src/app/**/*.{ts,tsx}', 'src/embed/**/*.ts'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'warn' },
  },
  {
    files: ['src/worker/**/*.ts'],
    languageOptions: { globals: { ...globals.worker } },
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['react', 'react-dom', 'd3', 'd3-*', '**/app/**'],
              message: 'The worker hosts the core only.',
            },
          ],
        },
      ],
    },
  },
  {
    files: [
      'src/cli/**/*.ts',
      'src/twin/**/*.ts',
      'scripts/**/*.{js,mjs,ts}',
      'bench/**/*.ts',
      'e2e/**/*.ts',
      '*.config.{js,ts}',
      'src/**/*.test.ts',
      'test/**/*.ts',
    ],
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
  },
  {
    // The CLI's CommonJS scripts (scripts/cli-files.cjs, sim.cjs): see src/cli/launch.ts for why CommonJS.
    files: ['scripts/**/*.cjs'],
    languageOptions: { sourceType: 'commonjs', globals: { ...globals.node } },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
);
