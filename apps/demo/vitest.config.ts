import { defineConfig } from 'vitest/config';

// The browser smoke test drives the built page (apps/demo/dist) in a real Chromium.
export default defineConfig({
  test: {
    environment: 'node',
    include: ['test/**/*.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
