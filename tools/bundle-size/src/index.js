// One measurement for the size budget (packages/chat-list/test/package/size.test.ts)
// and the benchmark (benchmarks/sizes.mjs), so the two can never disagree on how
// a size is taken or what a kB is.
import { build } from 'esbuild';
import { gzipSync } from 'node:zlib';

/** SPEC §5 and BENCHMARKS.md count decimal kilobytes (TanStack ≈ 10.5 kB, react-virtuoso ≈ 21 kB). */
export const KB = 1000;

/**
 * Bundles `contents` (resolved from `resolveDir`) like an app bundler would ship
 * it: esbuild, minified, ESM for browsers, `process.env.NODE_ENV` production,
 * `external` left out. Returns its minified and gzip -9 sizes in bytes.
 */
export async function measureBundle({ contents, resolveDir, external }) {
  const output = await build({
    stdin: { contents, resolveDir, loader: 'js' },
    bundle: true,
    minify: true,
    format: 'esm',
    platform: 'browser',
    target: 'es2020',
    write: false,
    external,
    define: { 'process.env.NODE_ENV': '"production"' },
    logLevel: 'silent',
  });
  // One stdin entry, written to memory: exactly one output file.
  const [{ contents: code }] = /** @type {[import('esbuild').OutputFile]} */ (output.outputFiles);
  return { minBytes: code.length, gzipBytes: gzipSync(code, { level: 9 }).length };
}
