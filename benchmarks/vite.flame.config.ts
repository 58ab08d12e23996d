import { fileURLToPath } from 'node:url';
import { mergeConfig } from 'vite';
import base from './vite.config.ts';

/**
 * The bench page built for `profile.mjs --flame`: unminified, so a CPU profile names functions
 * as the sources do, and split into one chunk per library, so each sample's script file says
 * whose code ran (React, TanStack, the list, virtua, the page). The list is built from its
 * source, so its functions keep their names (the package's build shortens private ones). Timings
 * come from the normal build (`vite.config.ts`); this one only says where the time goes.
 */
const LIBRARY_CHUNKS: [string, RegExp][] = [
  ['react', /node_modules\/(\.pnpm\/[^/]+\/node_modules\/)?(react|react-dom|scheduler)\//],
  ['tanstack', /@tanstack\//],
  ['chat-list', /packages\/chat-list\//],
  ['virtua', /node_modules\/(\.pnpm\/[^/]+\/node_modules\/)?virtua\//],
];

export default mergeConfig(base, {
  resolve: {
    alias: { '@chat-list/react': fileURLToPath(new URL('../packages/chat-list/src/index.ts', import.meta.url)) },
  },
  // What the package's build sets (tsup.config.ts): no engine trace.
  define: { __CHAT_LIST_TRACE__: 'false' },
  build: {
    outDir: 'dist-flame',
    minify: false,
    rollupOptions: {
      output: {
        // Rolldown's chunk groups; without this a group takes in what its modules import (the list, TanStack).
        codeSplitting: {
          includeDependenciesRecursively: false,
          groups: LIBRARY_CHUNKS.map(([name, test]) => ({ name, test })),
        },
      },
    },
  },
});
