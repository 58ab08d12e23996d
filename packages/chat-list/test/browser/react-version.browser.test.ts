// The fixture pages of this project's run are built against the React it claims
// (19 from the workspace, or 18 for the `browser-react18` project).
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import { FIXTURE_DIST } from './fixture-page';

test(`the fixture bundle embeds React ${process.env.CHAT_LIST_REACT ?? '19'} only`, () => {
  const assets = join(FIXTURE_DIST, 'assets');
  const bundle = readdirSync(assets)
    .filter((file) => file.endsWith('.js'))
    .map((file) => readFileSync(join(assets, file), 'utf8'))
    .join('\n');
  // react and react-dom each embed their version string.
  const versions = new Set([...bundle.matchAll(/[`"'](1[89])\.\d+\.\d+[^`"']*[`"']/g)].map((match) => match[1]));
  expect([...versions]).toEqual([process.env.CHAT_LIST_REACT ?? '19']);
});
