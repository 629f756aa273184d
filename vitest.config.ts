import os from 'node:os';
import { defineConfig } from 'vitest/config';

/** In CI a test that fails is run once more; `npm test` names those that passed on retry. */
const retry = process.env.CI ? 1 : 0;

// The node projects (unit, api, api-pg): a worker runs its test files one after another in one
// module graph instead of loading the whole server again for each file (vitest's default
// isolation). Measured on this 2-core machine (2026-11-29): API on PGlite 780 s -> 433 s under the
// same load, on PostgreSQL 457 s -> 276 s, unit 32 s -> 9 s. Each API test builds its own app and
// database, so nothing is carried from a file to the next; both API suites also passed with their
// files in shuffled order (--sequence.shuffle.files). The web project keeps isolation: its files
// would share one jsdom window and the console's page-lifetime state (a farm-mode switch waiting for
// its reload), which a file in another order then saw (web 407 s -> 107 s was not worth that).
const isolate = false;

/**
 * Projects: `unit` (pure logic, shared and server), `web` (React components in jsdom), `api` (the
 * server through HTTP on PGlite) and `api-pg` (the same files on the PostgreSQL server).
 */
export default defineConfig({
  test: {
    // Vitest's default is one worker fewer than the cores: a single worker on a 2-core CI machine,
    // leaving a core idle while a test waits on its store. Every core runs test files.
    maxWorkers: Math.max(os.availableParallelism(), 2),
    projects: [
      {
        test: {
          name: 'unit',
          include: ['packages/shared/src/**/*.test.ts', 'packages/server/src/**/*.unit.test.ts', 'packages/simulator/src/**/*.test.ts'],
          environment: 'node',
          isolate,
        },
      },
      {
        test: {
          name: 'api',
          include: ['packages/server/src/**/*.api.test.ts'],
          environment: 'node',
          isolate,
          env: { TEST_DB: 'pglite' },
          testTimeout: 90000,
          hookTimeout: 240000,
          retry,
        },
      },
      {
        test: {
          name: 'api-pg',
          include: ['packages/server/src/**/*.api.test.ts'],
          environment: 'node',
          isolate,
          env: { TEST_DB: 'postgres' },
          testTimeout: 90000,
          hookTimeout: 240000,
          retry,
        },
      },
      {
        extends: './packages/web/vite.config.ts',
        test: {
          name: 'web',
          root: './packages/web',
          include: ['src/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: ['./src/test/setup.ts'],
          retry,
        },
      },
    ],
  },
});
