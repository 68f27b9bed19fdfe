import { defineConfig } from 'vitest/config';

// Every suite of every package and app, split by speed into three projects (run one with
// `--project unit|contract|browser`; `pnpm test` in a package runs its `unit` project only):
// - unit: in-process, no server, no browser: what `pnpm test` runs while developing, in seconds.
// - contract: real loopback HTTP (a sandbox, web mode's bridge), child processes that serve, builds,
//   the real OS keychain: test/contract and every `*.contract.test.ts` beside the code.
// - browser: real Chromium: test/e2e and every `*.browser.test.ts`.
// A suite's file name says where it belongs; anything not named so is a unit suite.
// Suites that need a DOM say so in their first line: // @vitest-environment happy-dom
const ALL = [
  'packages/*/src/**/*.test.{ts,tsx}', 'packages/*/test/**/*.test.{ts,tsx}',
  'apps/*/src/**/*.test.{ts,tsx}', 'apps/*/dev/**/*.test.{ts,tsx}', 'apps/*/test/**/*.test.{ts,tsx}',
  'test/**/*.test.ts',
];
const CONTRACT = ['test/contract/**/*.test.ts', '**/*.contract.test.{ts,tsx}'];
const BROWSER = ['test/e2e/**/*.test.ts', '**/*.browser.test.{ts,tsx}'];
const NEVER = ['**/node_modules/**', 'test/bench/**'];

export default defineConfig({
  test: {
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    projects: [
      { extends: true, test: { name: 'unit', include: ALL, exclude: [...NEVER, ...CONTRACT, ...BROWSER] } },
      { extends: true, test: { name: 'contract', include: CONTRACT, exclude: NEVER } },
      { extends: true, test: { name: 'browser', include: BROWSER, exclude: NEVER, globalSetup: ['test/support/browser-setup.ts'] } },
    ],
  },
});
