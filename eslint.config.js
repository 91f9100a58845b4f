import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import boundaries from 'eslint-plugin-boundaries';

/**
 * The layers of docs/ARCHITECTURE.md and the arrows between them: a file may
 * import only from its own layer and the layers listed here.
 */
const LAYERS = {
  shared: { pattern: 'src-shared', may: [] },
  templates: { pattern: 'templates', may: ['shared'] },
  migrations: { pattern: 'migrations', may: [] },
  security: { pattern: 'src-main/security', may: [] },
  backend: { pattern: 'src-main/backend', may: ['shared', 'templates', 'migrations', 'security'] },
  server: { pattern: 'src-main/server', may: ['backend', 'shared', 'security'] },
  cli: { pattern: 'src-main/cli', may: ['backend', 'shared', 'templates'] },
  shell: { pattern: 'src-main/shell', may: ['backend', 'shared', 'security'] },
  renderer: { pattern: 'src-renderer', may: ['shared'] },
};

const outsideDomain = [
  { group: ['node:*'], message: 'src-shared is pure domain code: no Node built-ins.' },
  { group: ['electron', 'electron/*'], message: 'src-shared must not import Electron.' },
  { group: ['react', 'react-dom', 'react/*', '@mantine/*', '@tanstack/*'], message: 'src-shared must not import React or UI kits.' },
  { group: ['better-sqlite3', 'kysely', 'pdfmake', 'pdfmake/*'], message: 'src-shared must not reach the database or PDF layers.' },
  { group: ['**/src-main/**', '**/src-renderer/**', '../src-main/*', '../src-renderer/*'], message: 'src-shared must not import the app layers.' },
];
const nodeBuiltins = ['fs', 'path', 'os', 'child_process', 'crypto', 'http', 'net', 'url', 'util', 'worker_threads', 'stream'];

export default tseslint.config(
  {
    ignores: [
      'out/**',
      'out-*/**',
      'node_modules/**',
      'test-results/**',
      'test-results-*/**',
      'playwright-report/**',
      'test/artifacts/**',
      'release/**',
      'native/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { ecmaVersion: 2023, sourceType: 'module' },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
      '@typescript-eslint/no-explicit-any': 'off',
      'no-restricted-syntax': [
        'error',
        { selector: "VariableDeclarator[id.name='require']", message: 'Never name a variable `require` (it clashes with the ESM main bundle).' },
      ],
    },
  },
  {
    files: ['src-shared/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { paths: nodeBuiltins.map((name) => ({ name, message: 'src-shared is pure domain code: no Node built-ins.' })), patterns: outsideDomain },
      ],
    },
  },
  {
    files: ['src-renderer/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['node:*', 'electron', 'better-sqlite3', 'kysely', '**/src-main/**'],
              message: 'The renderer reaches the backend only through the typed API client.',
            },
          ],
        },
      ],
    },
  },
  // pdfmake comes through src-main/backend/pdf/pdfmake-loader.ts only, after the parsed-font cache it relies on
  {
    files: ['src-main/**/*.ts', 'templates/**/*.ts', 'migrations/**/*.ts', 'test/**/*.ts', 'scripts/**/*.mjs'],
    ignores: ['src-main/backend/pdf/pdfmake-loader.ts', 'src-main/backend/pdf/font-cache.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: ['pdfmake', 'pdfkit', 'fontkit'].map((name) => ({
            name,
            message: 'Import pdfmake from src-main/backend/pdf/pdfmake-loader.ts: it installs the parsed-font cache first.',
          })),
        },
      ],
    },
  },
  // SQL lives in the database layer: queries are named repository functions in
  // src-main/backend/db, so a second SQL dialect is checked in one place.
  // A later no-restricted-syntax replaces an earlier one for the same files,
  // so the base block's `require` entry is repeated here.
  {
    ignores: ['src-main/backend/db/**', 'migrations/**', 'test/**'],
    rules: {
      'no-restricted-syntax': [
        'error',
        { selector: "VariableDeclarator[id.name='require']", message: 'Never name a variable `require` (it clashes with the ESM main bundle).' },
        {
          selector: 'CallExpression[callee.property.name=/^(selectFrom|insertInto|updateTable|deleteFrom|replaceInto)$/]',
          message: 'SQL lives in src-main/backend/db: call (or add) a repository function there that takes `db` first.',
        },
        {
          selector: "TaggedTemplateExpression[tag.name='sql']",
          message: 'SQL lives in src-main/backend/db: call (or add) a repository function there that takes `db` first.',
        },
      ],
    },
  },
  // A formation's life is read in one place, src-shared/battle/formation-life.ts
  // (issue 40): the battle handlers and Play Mode's and the phone's screens ask it
  // (statusOf, formationsThatMay, modelsLeft, lossesOf, isInReserve) and never read
  // a formation's raw losses, reserve flag or arrival round. An event body's own
  // counts (`b.killed`, `body.retreated`) are the record, not the formation.
  // This block's no-restricted-syntax replaces the one above for these files, so
  // it repeats the `require` and SQL entries.
  {
    files: ['src-shared/battle/handlers/**/*.ts', 'src-renderer/src/sections/play/**/*.{ts,tsx}', 'src-renderer/src/phone/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-syntax': [
        'error',
        { selector: "VariableDeclarator[id.name='require']", message: 'Never name a variable `require` (it clashes with the ESM main bundle).' },
        {
          selector: 'CallExpression[callee.property.name=/^(selectFrom|insertInto|updateTable|deleteFrom|replaceInto)$/]',
          message: 'SQL lives in src-main/backend/db: call (or add) a repository function there that takes `db` first.',
        },
        {
          selector: "TaggedTemplateExpression[tag.name='sql']",
          message: 'SQL lives in src-main/backend/db: call (or add) a repository function there that takes `db` first.',
        },
        ...['Identifier', 'MemberExpression'].map((objectType) => ({
          selector: `MemberExpression[property.name=/^(killed|retreated|inReserve|uncloakedRound)$/][object.type='${objectType}']:not([object.name=/^(b|body)$/])`,
          message:
            'A formation’s life is read through src-shared/battle/formation-life.ts (statusOf, formationsThatMay, modelsLeft, lossesOf, isInReserve), not from its raw counters or reserve flag.',
        })),
      ],
    },
  },
  {
    files: ['src-shared/**/*.ts', 'templates/**/*.ts', 'migrations/**/*.ts', 'src-main/**/*.ts', 'src-renderer/**/*.{ts,tsx}'],
    plugins: { boundaries },
    settings: {
      'boundaries/elements': Object.entries(LAYERS).map(([type, { pattern }]) => ({ type, pattern })),
      'import/resolver': { typescript: { alwaysTryTypes: true } },
    },
    rules: {
      'boundaries/dependencies': [
        'error',
        {
          default: 'disallow',
          policies: Object.entries(LAYERS).map(([type, { may }]) => ({
            from: { element: { type } },
            allow: { to: { element: { types: { anyOf: [type, ...may] } } } },
          })),
        },
      ],
    },
  },
  {
    // functions a reader takes in at once (issue 43): a long one becomes a function per step or section, a long
    // switch a table of small handlers; complexity counts the paths through a function
    files: ['src-shared/**/*.ts', 'templates/**/*.ts', 'src-main/**/*.ts', 'src-renderer/**/*.{ts,tsx}'],
    rules: {
      'max-lines-per-function': ['error', { max: 150, skipBlankLines: true, skipComments: true }],
      complexity: ['error', 25],
    },
  },
  {
    files: ['scripts/**/*.mjs', 'bin/**/*.mjs'],
    languageOptions: { globals: { process: 'readonly', console: 'readonly' } },
  },
);
