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
  },
});
