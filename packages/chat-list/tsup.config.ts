import { readFile, writeFile } from 'node:fs/promises';
import { defineConfig } from 'tsup';

const USE_CLIENT = "'use client';";

/**
 * Bundling drops module directives, so the `'use client'` at the top of
 * src/index.ts would not reach dist. Put it back as the first line of both
 * bundles (React Server Components frameworks then treat the whole entry as
 * client code) and shift each source map by that one line.
 */
async function restoreUseClient(): Promise<void> {
  for (const file of ['dist/index.js', 'dist/index.cjs']) {
    const code = await readFile(file, 'utf8');
    if (code.startsWith(USE_CLIENT)) continue;
    await writeFile(file, `${USE_CLIENT}\n${code}`);
    const map = JSON.parse(await readFile(`${file}.map`, 'utf8')) as { mappings: string };
    map.mappings = `;${map.mappings}`;
    await writeFile(`${file}.map`, JSON.stringify(map));
  }
}

export default defineConfig({
  entry: ['src/index.ts'],
  format: ['esm', 'cjs'],
  dts: true,
  clean: true,
  sourcemap: true,
  target: 'es2022',
  treeshake: true,
  external: ['react', 'react-dom', '@tanstack/react-virtual'],
  onSuccess: restoreUseClient,
});
