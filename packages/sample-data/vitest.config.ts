import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    environment: 'node',
    // Catches a hang: the test command runs these at the lowest CPU priority beside the browser tests.
    testTimeout: 30_000,
    // Threads start cheaper than processes, beside the browser tests that keep the CPU busy.
    pool: 'threads',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
  },
});
