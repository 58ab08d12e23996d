import { defineConfig } from 'vitest/config';

// The browser test drives the production build (`next start`) in a real Chromium.
export default defineConfig({
  test: {
    environment: 'node',
    include: ['test/**/*.test.ts'],
    testTimeout: 120_000,
    hookTimeout: 120_000,
  },
});
