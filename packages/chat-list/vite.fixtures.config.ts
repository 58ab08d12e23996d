import { react18Aliases } from '@chat-list/react-18';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// Builds the browser-test fixture pages against the library's source, so the
// tests exercise what is in src/ even before the package is built. `--mode react18`
// builds them a second time against React 18, into test/fixtures/dist-react18.
export default defineConfig(({ mode }) => ({
  root: fileURLToPath(new URL('./test/fixtures', import.meta.url)),
  base: './',
  plugins: [react()],
  // The fixture pages record the engine's trace (src/dom/engine-trace.ts, `pnpm trace`).
  define: { __CHAT_LIST_TRACE__: 'true' },
  resolve: {
    alias: [
      {
        find: '@chat-list/react/read-receipts',
        replacement: fileURLToPath(new URL('./src/features/read-receipts.ts', import.meta.url)),
      },
      {
        find: '@chat-list/react/turns',
        replacement: fileURLToPath(new URL('./src/features/turns.ts', import.meta.url)),
      },
      {
        find: '@chat-list/react/snapshots',
        replacement: fileURLToPath(new URL('./src/features/snapshots.ts', import.meta.url)),
      },
      {
        find: '@chat-list/react/sticky-headers',
        replacement: fileURLToPath(new URL('./src/features/sticky-headers.ts', import.meta.url)),
      },
      { find: '@chat-list/react', replacement: fileURLToPath(new URL('./src/index.ts', import.meta.url)) },
      ...(mode === 'react18' ? react18Aliases : []),
    ],
  },
  build: {
    outDir: mode === 'react18' ? 'dist-react18' : 'dist',
    emptyOutDir: true,
    sourcemap: true,
    chunkSizeWarningLimit: 5000,
    rollupOptions: {
      input: {
        index: fileURLToPath(new URL('./test/fixtures/index.html', import.meta.url)),
        // Server rendering and hydration on one page (issue #14).
        ssr: fileURLToPath(new URL('./test/fixtures/ssr.html', import.meta.url)),
      },
    },
  },
  logLevel: 'warn',
}));
