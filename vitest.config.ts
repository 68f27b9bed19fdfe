import { defineConfig } from 'vitest/config';

// One run covers every package's and app's unit tests (beside the code) and the cross-package suites in test/.
// Suites that need a DOM say so in their first line: // @vitest-environment happy-dom
export default defineConfig({
  test: {
    include: [
      'packages/*/src/**/*.test.{ts,tsx}', 'packages/*/test/**/*.test.{ts,tsx}',
      'apps/*/src/**/*.test.{ts,tsx}', 'apps/*/test/**/*.test.{ts,tsx}',
      'test/**/*.test.ts',
    ],
    exclude: ['**/node_modules/**', 'test/bench/**'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
  },
});
