import fs from 'node:fs';
import path from 'node:path';
import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import { importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import { reactRefresh } from 'eslint-plugin-react-refresh';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/**
 * Folders a feature may not reach into: other features and routes (see STYLE.md, Boundaries). Every folder of
 * src/features is a feature, a new one included (tests/unit/boundaries.test.ts holds the lint to that).
 */
const features = fs
  .readdirSync(path.join(import.meta.dirname, 'src/features'), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name)
  .sort();

/** The browser's code and its build never import the server's. */
const serverStaysOut = {
  target: ['./src', './sw', './build', './vite.config.ts'],
  from: './server',
  message: 'The app and its build share nothing with the server but src/contract.',
};

export default tseslint.config(
  {
    ignores: [
      'dist',
      'dist-server',
      'data',
      'node_modules',
      '.scratch',
      'src/route-tree.gen.ts',
      'src/paraglide',
      'bench/results',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  importX.flatConfigs.recommended,
  importX.flatConfigs.typescript,
  {
    languageOptions: { ecmaVersion: 2023, globals: { ...globals.browser, ...globals.node } },
    settings: {
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: 'tsconfig.json' })],
    },
    rules: {
      'import-x/no-cycle': 'error',
      'import-x/no-named-as-default-member': 'off',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks, 'react-refresh': reactRefresh.plugin },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'react-refresh/only-export-components': ['error', { allowConstantExport: true }],
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            // A feature never imports another feature...
            ...features.map((feature) => ({
              target: `./src/features/${feature}`,
              from: './src/features',
              except: [`./${feature}`],
              message: 'A feature must not import another feature; compose them in src/app or src/routes.',
            })),
            // ...nor a route or the composition root.
            { target: './src/features', from: ['./src/app', './src/routes'] },
            // Shared folders never import features, routes or the app.
            {
              target: ['./src/components', './src/hooks', './src/lib', './src/contract', './src/offline'],
              from: ['./src/features', './src/app', './src/routes'],
            },
            serverStaysOut,
          ],
        },
      ],
      // Only the API client talks to the network.
      'no-restricted-globals': ['error', { name: 'fetch', message: 'Call the API through src/lib/api-client.ts.' }],
      'no-restricted-imports': ['error', { paths: [{ name: 'dexie', message: 'Only src/offline/ touches Dexie.' }] }],
    },
  },
  {
    files: ['src/lib/api-client.ts'],
    rules: { 'no-restricted-globals': 'off' },
  },
  {
    files: ['src/offline/**'],
    rules: { 'no-restricted-imports': 'off' },
  },
  {
    files: ['src/contract/**'],
    rules: {
      // The wire contract is shared with the server: it imports zod (its tree-shakable zod/mini API) and nothing else.
      'no-restricted-imports': [
        'error',
        { patterns: [{ regex: '^(?!zod/mini$|\\./).*', message: 'contract/ imports only zod/mini.' }] },
      ],
    },
  },
  {
    // The server shares only the wire contract with the app (types of the server-rendered page module included).
    files: ['server/**/*.ts'],
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            {
              target: './server',
              from: './src',
              except: ['./contract'],
              message: 'The server imports nothing from src/ but src/contract.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['sw/**/*.ts', 'build/**/*.ts', 'vite.config.ts'],
    rules: { 'import-x/no-restricted-paths': ['error', { zones: [serverStaysOut] }] },
  },
  {
    // Route files export their Route object; the router plugin splits their components.
    files: ['src/routes/**/*.tsx', 'src/app/app.tsx'],
    rules: { 'react-refresh/only-export-components': 'off' },
  },
);
