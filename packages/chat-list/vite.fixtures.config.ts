import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// Builds the browser-test fixture pages against the library's source, so the
// tests exercise what is in src/ even before the package is built.
export default defineConfig({
  root: fileURLToPath(new URL('./test/fixtures', import.meta.url)),
  base: './',
  plugins: [react()],
  resolve: {
    alias: { '@chat-list/react': fileURLToPath(new URL('./src/index.ts', import.meta.url)) },
  },
  build: { outDir: 'dist', emptyOutDir: true, sourcemap: true, chunkSizeWarningLimit: 5000 },
  logLevel: 'warn',
});
