// The published entries, resolved by package name through the `exports` map
// (a package may import itself by name), so these tests exercise what users
// get from dist, in both module systems.
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import type * as SampleData from '../../src/index.js';

const PACKAGE_DIR = fileURLToPath(new URL('../..', import.meta.url));
const require = createRequire(import.meta.url);

type Entry = Record<string, unknown>;

describe('published entries (dist)', () => {
  beforeAll(() => {
    if (!existsSync(`${PACKAGE_DIR}/dist/lists.js`)) throw new Error('dist is missing: run `pnpm build` first.');
  });

  it('ESM: ./lists exports the same list objects as the root entry, and no generator', async () => {
    const root = (await import('@chat-list/sample-data')) as Entry;
    const lists = (await import('@chat-list/sample-data/lists')) as Entry;
    expect(Object.keys(lists)).toContain('bear');
    expect(lists).not.toHaveProperty('createMessageGenerator');
    for (const [name, value] of Object.entries(lists)) expect(root[name], name).toBe(value);
  });

  it('CommonJS: the same, so require() users do not get two copies of each list', () => {
    const root = require('@chat-list/sample-data') as Entry;
    const lists = require('@chat-list/sample-data/lists') as Entry;
    expect(Object.keys(lists)).toContain('airlineData');
    expect(lists).not.toHaveProperty('createMessageGenerator');
    for (const name of Object.keys(lists)) expect(root[name], name).toBe(lists[name]);
  });

  it('the root entry still works in both module systems', async () => {
    const esm = (await import('@chat-list/sample-data')) as typeof SampleData;
    const cjs = require('@chat-list/sample-data') as typeof SampleData;
    const options = { seed: 3, assistantReplies: 'markdown', participants: 2 } as const;
    expect(cjs.createMessageGenerator(options).messages(20)).toEqual(esm.createMessageGenerator(options).messages(20));
  });
});
