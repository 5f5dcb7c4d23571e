import { defineConfig } from 'vitest/config';

// Three projects: unit (main services, renderer logic), contract (the back end
// over real HTTP, on the data folder's SQLite file) and contract-postgres (the
// same contract tests with the back end on a real PostgreSQL: the team server's
// engine, tests/contract/helpers.ts ENGINE). End-to-end tests run under
// Playwright instead.

/** the data layer refuses a query outside the transaction it is inside of (src-server/db/data-layer.ts GUARD) */
const GUARD_ENV = { SEO_TRANSACTION_GUARD: '1' };

/** Tests that choose their engines themselves (both, side by side): run once, in `contract`. */
const ENGINE_EXPLICIT = [
  'tests/contract/cache-bus.test.ts',
  'tests/contract/catalog.test.ts',
  'tests/contract/data-layer.test.ts',
  'tests/contract/data-layer-transactions.test.ts',
  'tests/contract/postgres-server.test.ts',
  'tests/contract/prepared-statements.test.ts',
  'tests/contract/schema-engines.test.ts',
  'tests/contract/settings-once.test.ts',
  'tests/contract/team-server.test.ts',
  'tests/contract/files-object-storage.test.ts',
  'tests/contract/deploy-object-storage.test.ts',
  'tests/contract/team-server-data.test.ts',
  'tests/contract/team-server-faults.test.ts',
  'tests/contract/team-server-outage.test.ts',
  'tests/contract/team-server-rolling.test.ts',
  'tests/contract/team-server-jobs.test.ts',
  'tests/contract/ai-limits-team.test.ts',
  'tests/contract/team-server-imports.test.ts',
  'tests/contract/team-server-generation.test.ts',
  'tests/contract/team-server-deploy-jobs.test.ts',
  // no back end: the engines' clients against their stand-ins
  'tests/contract/search-engine-clients.test.ts',
];

/** Tests of SQLite's own data folders (upgrading old SQLite files, the SQLite backup engine): SQLite only. */
const SQLITE_OWN = ['tests/contract/migrations.test.ts', 'tests/contract/content-migrations.test.ts', 'tests/contract/backup-restore.test.ts'];
export default defineConfig({
  test: {
    // two files at once on the 2-core CI machine (vitest's default there is one: cores - 1): most contract files
    // wait on their back end, PostgreSQL or a job, not on the CPU (issue 40: CI took 44:42)
    maxWorkers: 2,
    projects: [
      {
        test: {
          name: 'unit',
          env: GUARD_ENV,
          include: ['tests/unit/**/*.test.ts'],
          environment: 'node',
          testTimeout: 30_000,
          server: { deps: { inline: ['electron-store', 'electron-updater'] } },
        },
      },
      {
        test: {
          name: 'contract',
          env: GUARD_ENV,
          // a back end's first start made once for the run, copied by each harness
          globalSetup: ['tests/contract/template-databases.ts'],
          include: ['tests/contract/**/*.test.ts'],
          environment: 'node',
          testTimeout: 30_000,
          // a beforeAll starts back ends (PostgreSQL's first start took 10 s under the full suite's load, failing a
          // run at the default 10 s): room for the load, not a wait on time
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'contract-postgres',
          // one PostgreSQL for the run, and the template database every harness copies
          globalSetup: ['tests/contract/template-databases.ts'],
          include: ['tests/contract/**/*.test.ts'],
          exclude: ['**/node_modules/**', ...ENGINE_EXPLICIT, ...SQLITE_OWN],
          env: { ...GUARD_ENV, ENGINE: 'postgres' },
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
