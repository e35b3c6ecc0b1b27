import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['tests/**/*.test.ts'],
    // Tests open real SQLite files and spawn child processes; two cores do not like many forks.
    pool: 'forks',
    maxWorkers: 2,
    testTimeout: 30_000,
    // The JSON report feeds .ci/run's "N passed, N failed" line.
    reporters: ['default', ['json', { outputFile: 'test-results/vitest.json' }]],
    hookTimeout: 30_000,
  },
});
