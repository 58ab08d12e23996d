import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      {
        test: { name: 'core', environment: 'node', include: ['src/core/**/*.test.ts'] },
      },
      {
        test: {
          name: 'react',
          environment: 'jsdom',
          include: ['src/react/**/*.test.{ts,tsx}'],
          setupFiles: ['src/react/jsdom-setup.ts'],
        },
      },
      {
        test: {
          name: 'browser',
          environment: 'node',
          include: ['test/browser/**/*.browser.test.ts'],
          testTimeout: 60_000,
          hookTimeout: 60_000,
          // Two cores: one Chromium at a time keeps frame timing honest.
          fileParallelism: false,
        },
      },
    ],
  },
});
