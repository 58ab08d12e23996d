// What the published files promise: the 'use client' directive survives the
// bundling, the exports map points at files that exist, and the public types
// have no `any`.
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, test } from 'vitest';

const PACKAGE_DIR = fileURLToPath(new URL('../..', import.meta.url));
const read = (file: string) => readFileSync(`${PACKAGE_DIR}/${file}`, 'utf8');

interface ConditionMap {
  [condition: string]: string | ConditionMap;
}
const manifest = JSON.parse(read('package.json')) as {
  exports: Record<string, string | ConditionMap>;
  peerDependencies: Record<string, string>;
  dependencies: Record<string, string>;
  sideEffects: boolean;
  files: string[];
  type: string;
};

describe('dist of @chat-list/react', () => {
  test.each(['dist/index.js', 'dist/index.cjs'])("%s starts with the 'use client' directive", (file) => {
    expect(existsSync(`${PACKAGE_DIR}/${file}`), `${file} is missing: run \`pnpm build\` first`).toBe(true);
    expect(read(file).split('\n', 1)[0]).toMatch(/^(['"])use client\1;?$/);
  });

  test.each(['dist/index.d.ts', 'dist/index.d.cts'])('%s has no `any`', (file) => {
    const withoutComments = read(file)
      .replace(/\/\*[\s\S]*?\*\//g, '')
      .replace(/\/\/.*$/gm, '');
    expect(withoutComments.match(/.*\bany\b.*/g) ?? []).toEqual([]);
  });

  test('every file of the exports map exists, and `types` comes first in each condition', () => {
    const visit = (target: string | ConditionMap, path: string): void => {
      if (typeof target === 'string') {
        expect(existsSync(`${PACKAGE_DIR}/${target}`), `${path} → ${target}`).toBe(true);
        return;
      }
      const conditions = Object.keys(target);
      if (conditions.includes('types')) expect(conditions[0], `${path}: types first`).toBe('types');
      for (const condition of conditions) visit(target[condition]!, `${path}.${condition}`);
    };
    for (const [subpath, target] of Object.entries(manifest.exports)) visit(target, subpath);
    expect(Object.keys(manifest.exports)).toEqual([
      '.',
      './testing',
      './read-receipts',
      './turns',
      './sticky-headers',
      './snapshots',
      './package.json',
    ]);
  });

  test('manifest: ESM package, tree-shakable, dist only, React 18 and 19 as peers, TanStack as a dependency', () => {
    expect(manifest.type).toBe('module');
    expect(manifest.sideEffects).toBe(false);
    expect(manifest.files).toEqual(['dist']);
    expect(manifest.peerDependencies).toEqual({ react: '^18.0.0 || ^19.0.0', 'react-dom': '^18.0.0 || ^19.0.0' });
    // virtual-core at the exact version react-virtual depends on: the engine reads its internals (src/dom/tanstack-internals.ts).
    expect(manifest.dependencies).toEqual({
      '@tanstack/react-virtual': 'catalog:',
      '@tanstack/virtual-core': 'catalog:',
    });
  });
});

describe('the testing entry', () => {
  test('dist/testing.js carries nothing of the list, and the list nothing of the testing kit', () => {
    const testing = readFileSync(`${PACKAGE_DIR}/dist/testing.js`, 'utf8');
    const list = readFileSync(`${PACKAGE_DIR}/dist/index.js`, 'utf8');
    expect(testing).toContain('mockChatListLayout');
    expect(testing).not.toMatch(/@tanstack|from ["']react["']/);
    expect(list).not.toContain('mockChatListLayout');
  });
});
