import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { describe, expect, test } from 'vitest';

const PACKAGE_DIR = fileURLToPath(new URL('../..', import.meta.url));
const require = createRequire(import.meta.url);

/** Every name a `.d.ts` file declares at the top level (interfaces, types, classes, functions, consts). */
const declaredNames = (source: string) =>
  new Set(
    [...source.matchAll(/^(?:export )?(?:declare )?(?:interface|type|class|function|const|var) (\w+)/gm)].map(
      (m) => m[1]!,
    ),
  );

describe('the published declarations (issue #14)', () => {
  const declarations = readFileSync(`${PACKAGE_DIR}/dist/index.d.ts`, 'utf8');
  const exported = [...declarations.matchAll(/export \{([^}]*)\}/g)]
    .flatMap((match) => match[1]!.split(','))
    .map((name) =>
      name
        .trim()
        .replace(/^type /, '')
        .split(' as ')
        .pop()!
        .trim(),
    )
    .filter(Boolean);

  test('export some names, to make the next checks meaningful', () => {
    expect(exported).toContain('ChatList');
    expect(exported).toContain('ScrollToMessageOptions');
  });

  test('no exported name shadows a DOM type (a user importing it loses the global one)', () => {
    const dom = declaredNames(readFileSync(require.resolve('typescript/lib/lib.dom.d.ts'), 'utf8'));
    expect(dom.has('ScrollToOptions'), 'the DOM list is read').toBe(true);
    expect(exported.filter((name) => dom.has(name))).toEqual([]);
  });

  test('never mention SPEC sections, which users cannot see', () => {
    expect(declarations.match(/.*SPEC.*/g) ?? []).toEqual([]);
  });
});
