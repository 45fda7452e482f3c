import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // the machines have 2 cores; integration files each start their own in-memory database
    maxWorkers: 2,
    projects: [
      {
        test: {
          name: 'model',
          root: './packages/model',
          include: ['src/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'server',
          root: './packages/server',
          include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 60_000,
          // a directory for this run's prepared embedded database (test/support/prepared-database.ts)
          globalSetup: ['./test/support/global-setup.ts'],
        },
      },
      './packages/web/vitest.config.ts',
    ],
  },
});
