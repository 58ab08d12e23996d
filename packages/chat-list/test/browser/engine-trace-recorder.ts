import { mkdirSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import type { EngineTraceEntry } from '../../src/dom/engine-trace';
import type { FixturePage } from './fixture-page';

/**
 * `CHAT_LIST_TRACE_DIR=<folder>` (set by `pnpm trace record`): after each browser test, the
 * engine's trace of every fixture page it opened is saved there, one JSON file per test, so that
 * a change meant to move nothing can be checked against the traces from before it.
 */
const TRACE_DIR = process.env.CHAT_LIST_TRACE_DIR;

interface TracedTest {
  name: string;
  file?: { filepath?: string; name: string };
  suite?: { name: string; suite?: TracedTest['suite'] };
}

/** The test's name with its describe blocks, as a file name. */
const fileNameOf = (test: TracedTest): string => {
  const names = [test.name];
  for (let suite = test.suite; suite !== undefined && suite.name !== ''; suite = suite.suite) names.unshift(suite.name);
  return `${names
    .join(' › ')
    .replace(/[^\w.,'()› -]+/g, '_')
    .slice(0, 200)}.json`;
};

/** Saves the traces of the pages a test opened (one list per page); nothing without CHAT_LIST_TRACE_DIR. */
export const saveEngineTraces = async (test: TracedTest, pages: readonly FixturePage[]): Promise<void> => {
  if (TRACE_DIR === undefined || pages.length === 0) return;
  const traces: Array<readonly EngineTraceEntry[] | null> = [];
  for (const fixture of pages) {
    // A page the test closed or navigated away has no trace to give.
    traces.push(await fixture.page.evaluate(() => window.fixture?.engineTrace?.() ?? null).catch(() => null));
  }
  const folder = join(TRACE_DIR, basename(test.file?.filepath ?? test.file?.name ?? 'unknown'));
  mkdirSync(folder, { recursive: true });
  writeFileSync(join(folder, fileNameOf(test)), `${JSON.stringify(traces)}\n`);
};
