import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// The bench page: one production build with all eight implementations.
// `@chat-list/react` resolves to the workspace package's built dist (the
// published artifact), so build it first (`pnpm bench` at the root does).
export default defineConfig({
  root: fileURLToPath(new URL('./page', import.meta.url)),
  base: './',
  plugins: [react()],
  build: { outDir: 'dist', emptyOutDir: true, sourcemap: false, chunkSizeWarningLimit: 5000 },
  logLevel: 'warn',
});
