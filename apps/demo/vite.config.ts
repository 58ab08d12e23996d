import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// The playground is one static page served from `/`. The library and the sample
// data are consumed through their built `dist` (run the packages' builds first).
export default defineConfig({
  base: '/',
  plugins: [react()],
  server: { host: '127.0.0.1' },
  preview: { host: '127.0.0.1' },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    // Faker's locale data (via @chat-list/sample-data) makes one ~900 kB chunk; a
    // playground loads it once, offline, so the 500 kB default warning is noise here.
    chunkSizeWarningLimit: 1200,
  },
});
