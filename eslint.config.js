import { builtinModules } from 'node:module';
import js from '@eslint/js';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const NODE_ONLY = 'Node-only code belongs in packages/core/src/node (the @econdata/core/node entry).';

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', '**/out/**', '**/.vite/**', 'coverage/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      // No silent catch: an empty block hides the error a user needed to see.
      'no-empty': ['error', { allowEmptyCatch: false }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    // core's shared entry runs in Node, Electron main and the Office web runtime: no Node built-ins there.
    files: ['packages/core/src/**/*.ts'],
    ignores: ['packages/core/src/node/**', 'packages/core/src/**/*.test.ts'],
    rules: {
      'no-restricted-imports': ['error', {
        paths: builtinModules.map((name) => ({ name, message: NODE_ONLY })),
        patterns: [{ group: ['node:*', '**/node/*'], message: NODE_ONLY }],
      }],
      'no-restricted-globals': ['error', ...['Buffer', 'process', '__dirname', '__filename', 'require', 'global'].map((name) => ({ name, message: NODE_ONLY }))],
    },
  },
  {
    // The gateway serves the interface with core's client behind it; it uses no app and no UI package.
    files: ['apps/gateway/src/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ group: ['@econdata/ui', '@econdata/ui/*', '@econdata/sheets', '@econdata/sheets/*', '@econdata/analysis', '@econdata/analysis/*', '**/apps/desktop/**', '**/apps/excel-addin/**'], message: 'The gateway uses core (client, ledger, cache key, planner), keychain and the sandbox (embedded demo) only.' }] }],
    },
  },
  {
    // The sandbox is the other side of the wire: it must not share code paths with the client.
    files: ['packages/sandbox/src/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ group: ['@econdata/*'], message: 'The sandbox shares no code with the client packages.' }] }],
    },
  },
);
