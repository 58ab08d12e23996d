import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { mockChatEndpoint } from './server/mock-chat-endpoint.ts';

export default defineConfig({
  // Serves POST /api/chat in `vite` and `vite preview` alike, so the example needs no backend.
  plugins: [react(), mockChatEndpoint()],
  server: { host: '127.0.0.1' },
  preview: { host: '127.0.0.1' },
  build: {
    // React, the AI SDK (with zod) and the markdown parser make one ~650 kB chunk (≈190 kB
    // gzipped); the list itself is ≈25 kB of it. Splitting it would not make the example clearer.
    chunkSizeWarningLimit: 800,
  },
});
