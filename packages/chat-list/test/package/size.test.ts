// The size budget of the published entry (SPEC §5), measured like a bundler would
// ship it: dist/index.js bundled by esbuild (minified, ESM, production), React
// external, then gzipped at level 9, by the same helper as the benchmark's sizes
// (tools/bundle-size), which also says what a kB is (1000 B, as SPEC §5 counts).
import { KB, measureBundle } from '@chat-list/bundle-size';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, test } from 'vitest';

const PACKAGE_DIR = fileURLToPath(new URL('../..', import.meta.url));
const REACT = ['react', 'react-dom', 'react/jsx-runtime', 'react-dom/client'];
const TANSTACK = ['@tanstack/react-virtual', '@tanstack/virtual-core'];

// SPEC §5: 6 kB with React and TanStack external, 16 kB with TanStack included. Met by the
// build (tsup mangles the engine's internal property names, see tsup.config.ts), never by
// shaving bytes off readable source.
const BUDGETS = [
  { name: 'React and TanStack Virtual external', external: [...REACT, ...TANSTACK], limit: 6 * KB },
  { name: 'TanStack Virtual included (React external)', external: REACT, limit: 16 * KB },
];

const measure = (external: string[]) =>
  measureBundle({ contents: "export * from './dist/index.js';", resolveDir: PACKAGE_DIR, external });

const kb = (bytes: number) => `${(bytes / KB).toFixed(2)} kB`;

describe('size budget of @chat-list/react (min+gzip)', () => {
  beforeAll(() => {
    if (!existsSync(`${PACKAGE_DIR}/dist/index.js`))
      throw new Error('dist/index.js is missing: run `pnpm build` first.');
  });

  test.each(BUDGETS)('$name: ≤ $limit B', async ({ name, external, limit }) => {
    const { minBytes, gzipBytes } = await measure(external);
    console.log(
      `size of @chat-list/react, ${name}: ${minBytes} B min, ${gzipBytes} B min+gzip (${kb(gzipBytes)}; budget ${kb(limit)})`,
    );
    expect(gzipBytes, `min+gzip size with ${name} is over its budget`).toBeLessThanOrEqual(limit);
  });
});
