import { defineConfig } from 'vitest/config';

/**
 * Two projects: `unit` (shared code, shell and remotes) and `api` (the server through Fastify's inject,
 * on embedded PGlite, or on PostgreSQL when DATABASE_URL is set). Run one with `vitest run --project <name>`.
 */
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: [
            'shared-core/src/**/*.test.ts',
            'shared-ui/src/**/*.test.{ts,tsx}',
            'shell/src/**/*.test.{ts,tsx}',
            'mf-*/src/**/*.test.{ts,tsx}',
            'scripts/**/*.test.mjs',
            'scripts/*.test.ts',
            'tools/**/*.test.mjs',
          ],
          // Rules and logic run in Node; component tests opt into jsdom with `// @vitest-environment jsdom`.
          environment: 'node',
        },
      },
      {
        test: {
          name: 'api',
          include: ['server/**/*.test.ts'],
          // One seeded embedded database per run, copied by each test server (see the file).
          globalSetup: ['server/test/globalSetup.ts'],
          exclude: ['**/node_modules/**', '**/dist/**'],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
