// tsup renames the engine's internal property names in dist (tsup.config.ts). A name that a
// public type, TanStack Virtual or React also uses would be renamed on their objects too, and
// break only in the published build: none of them may appear in those declarations.
import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { INTERNAL_PROPERTIES } from '../../tsup.config';

const require = createRequire(import.meta.url);
const declarationsOf = (entry: string, file: string) =>
  readFileSync(join(dirname(require.resolve(entry)), file), 'utf8');

const DIST = new URL('../../dist/', import.meta.url);

const DECLARATIONS = {
  // Every entry's declarations and the chunks they share (a feature's context is in one).
  '@chat-list/react (dist/*.d.ts)': readdirSync(DIST)
    .filter((file) => file.endsWith('.d.ts'))
    .map((file) => readFileSync(new URL(file, DIST), 'utf8'))
    .join('\n'),
  '@tanstack/virtual-core': declarationsOf('@tanstack/virtual-core', 'index.d.cts'),
  '@tanstack/react-virtual': declarationsOf('@tanstack/react-virtual', 'index.d.cts'),
  react: declarationsOf('@types/react/package.json', 'index.d.ts'),
};

describe('the internal property names tsup mangles', () => {
  test.each(Object.entries(DECLARATIONS))('appear nowhere in the declarations of %s', (_, source) => {
    const clashes = INTERNAL_PROPERTIES.filter((name) => new RegExp(`\\b${name}\\b`).test(source));
    expect(clashes).toEqual([]);
  });

  test('are renamed in dist', () => {
    const bundle = readFileSync(new URL('../../dist/index.js', import.meta.url), 'utf8');
    expect(INTERNAL_PROPERTIES.filter((name) => new RegExp(`\\.${name}\\b`).test(bundle))).toEqual([]);
  });
});
