// What the package costs in an app bundle, measured like the size budget of
// @chat-list/react: esbuild (minified, ESM, production), gzip -9, by the
// workspace's shared helper, so README numbers and the benchmark's agree.
//
// The helper is imported by path: it is a private workspace tool, and this
// package does not list it as a devDependency (see the report that added it).
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { KB, measureBundle } from '@chat-list/bundle-size';

const PACKAGE_DIR = fileURLToPath(new URL('../..', import.meta.url));

/** Each case is a row of README's "What it costs in a bundle" table, keyed by its first cell. */
const CASES = {
  generator: {
    row: "`import { createMessageGenerator } from '@chat-list/sample-data'`",
    contents: "import { createMessageGenerator } from './dist/index.js'; console.log(createMessageGenerator);",
  },
  bearFromLists: {
    row: "`import { bear } from '@chat-list/sample-data/lists'`",
    contents: "import { bear } from './dist/lists.js'; console.log(bear);",
  },
  airlineDataFromLists: {
    row: "`import { airlineData } from '@chat-list/sample-data/lists'`",
    contents: "import { airlineData } from './dist/lists.js'; console.log(airlineData);",
  },
  allLists: {
    row: "`import * as lists from '@chat-list/sample-data/lists'`",
    contents: "import * as lists from './dist/lists.js'; console.log(lists);",
  },
  bearFromRoot: {
    row: "`import { bear } from '@chat-list/sample-data'`",
    contents: "import { bear } from './dist/index.js'; console.log(bear);",
  },
  // The floor for anything that reads faker's English data: faker ships each
  // locale as one object literal, which no bundler can split.
  fakerEnglishData: {
    row: "faker's `en` locale data alone (`import { en } from '@faker-js/faker'`)",
    contents: "import { en } from '@faker-js/faker'; console.log(en);",
  },
} as const;

type CaseName = keyof typeof CASES;
type Size = { minBytes: number; gzipBytes: number };

const kb = (bytes: number) => `${(bytes / KB).toFixed(1)} kB`;

describe('bundle cost of @chat-list/sample-data (esbuild, minified, gzip -9)', () => {
  const sizes = {} as Record<CaseName, Size>;

  beforeAll(async () => {
    if (!existsSync(`${PACKAGE_DIR}/dist/lists.js`)) throw new Error('dist is missing: run `pnpm build` first.');
    for (const [name, { contents }] of Object.entries(CASES)) {
      sizes[name as CaseName] = await measureBundle({ contents, resolveDir: PACKAGE_DIR, external: [] });
    }
    for (const [name, size] of Object.entries(sizes)) {
      console.log(`${name}: ${kb(size.minBytes)} min, ${kb(size.gzipBytes)} min+gzip`);
    }
  }, 60_000);

  it('the ./lists entry costs faker’s English data and little more: no Faker class, no other locale', () => {
    // The Faker class alone is about 40 kB min+gzip and each other locale
    // 20–40 kB, so 2 kB of headroom is far too little to hide either.
    for (const name of ['bearFromLists', 'airlineDataFromLists', 'allLists'] as const) {
      expect(sizes[name].gzipBytes - sizes.fakerEnglishData.gzipBytes, name).toBeLessThan(2 * KB);
    }
  });

  it('importing a list from the root entry tree-shakes to the same cost', () => {
    expect(sizes.bearFromRoot.gzipBytes - sizes.fakerEnglishData.gzipBytes).toBeLessThan(2 * KB);
  });

  it('the generator, which needs Faker and four locales, costs far more than a list', () => {
    expect(sizes.generator.gzipBytes).toBeGreaterThan(1.5 * sizes.bearFromLists.gzipBytes);
  });

  it("README's table matches the measurements (within 3 %, to absorb esbuild updates)", () => {
    const readme = readFileSync(`${PACKAGE_DIR}/README.md`, 'utf8');
    for (const [name, { row }] of Object.entries(CASES)) {
      const line = readme.split('\n').find((l) => l.startsWith(`| ${row} `));
      expect(line, `README row for ${name}`).toBeDefined();
      const [min, gzip] = [...(line ?? '').matchAll(/([\d.]+) kB/g)].map((m) => Number(m[1]) * KB);
      const measured = sizes[name as CaseName];
      const stale = `README says ${kb(min ?? 0)} / ${kb(gzip ?? 0)} for ${name}; measured ${kb(measured.minBytes)} / ${kb(measured.gzipBytes)}: update the table`;
      expect(Math.abs((min ?? 0) - measured.minBytes) / measured.minBytes, stale).toBeLessThan(0.03);
      expect(Math.abs((gzip ?? 0) - measured.gzipBytes) / measured.gzipBytes, stale).toBeLessThan(0.03);
    }
  });
});
