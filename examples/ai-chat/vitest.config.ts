import { defineConfig } from 'vitest/config';

// The browser test drives the built example (dist) in a real Chromium, served by `vite preview`
// so that the mock /api/chat endpoint is there too.
export default defineConfig({
  test: {
    environment: 'node',
    include: ['test/**/*.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
