import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // Durations go to test-results/ on every run (`npm run test:slowest` reads them).
    reporters: ['default', './vitest.engines-reporter.ts', './vitest.durations-reporter.ts'],
    // Every core, at least two (vitest's default leaves one free): the files own their databases,
    // servers and browsers, and the concurrency tests race within a file, so files side by side
    // share nothing but the machine.
    maxWorkers: Math.max(2, availableParallelism()),
    projects: [
      {
        test: {
          name: 'unit',
          include: ['packages/*/src/**/*.test.ts', 'seed/src/**/*.test.ts', 'apps/server/src/**/*.test.ts'],
          exclude: ['**/*.isolated.test.ts', '**/node_modules/**'],
          environment: 'node',
          // Files share a worker's module graph instead of importing the whole server again each
          // (−55 % on twelve database files). Safe while no server module keeps per-database state
          // at module level (its caches live in the app each test builds). A file that mocks a
          // module is named `*.isolated.test.ts` and runs in the project below, with its own graph:
          // in a shared one its mock would come too late for modules already loaded, and stay after.
          isolate: false,
          testTimeout: 30_000,
          hookTimeout: 120_000,
        },
      },
      {
        test: {
          name: 'unit-isolated',
          include: ['apps/server/src/**/*.isolated.test.ts'],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 120_000,
        },
      },
      {
        test: {
          name: 'storefront',
          include: ['apps/storefront/src/**/*.test.{ts,tsx}'],
          environment: 'happy-dom',
          // Screens render lazily loaded routes: under a full suite's load the first one can take seconds.
          testTimeout: 20_000,
        },
      },
      {
        test: {
          name: 'console',
          include: ['apps/console/src/**/*.test.{ts,tsx}'],
          environment: 'happy-dom',
          // Screens render lazily loaded routes: under a full suite's load the first one can take seconds.
          testTimeout: 20_000,
        },
      },
      {
        test: {
          name: 'gate',
          include: ['apps/gate/src/**/*.test.{ts,tsx}'],
          environment: 'happy-dom',
          testTimeout: 20_000,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['e2e/src/**/*.e2e.test.ts'],
          setupFiles: ['e2e/src/setup.ts'],
          environment: 'node',
          // One module graph and one browser per worker (harness.ts): importing the server and
          // Playwright again took 8–17 s a file. No journey mocks a module or keeps module state.
          isolate: false,
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
