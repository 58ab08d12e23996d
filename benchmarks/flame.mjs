// Where a streamed token's script time goes, by whose code ran: a V8 CPU profile of the stream
// scenario on the bench page built by vite.flame.config.ts (unminified, one chunk per library),
// each sample's self time summed by the chunk its function is in and by function.

/** The chunk names of vite.flame.config.ts, as the libraries are called in the summary. */
const LIBRARIES = {
  react: 'React (react-dom, scheduler)',
  tanstack: 'TanStack Virtual',
  'chat-list': 'Chat List',
  virtua: 'virtua',
  index: 'the page and the other lists',
};

/** V8's pseudo-frames: not anybody's script. */
const NOT_SCRIPT = new Set(['(idle)', '(program)', '(garbage collector)', '(root)']);

const libraryOf = (url) => {
  const chunk = /\/assets\/([a-z-]+)-[\w-]+\.js$/.exec(url)?.[1];
  return chunk !== undefined && chunk in LIBRARIES ? chunk : url === '' ? 'native' : 'index';
};

/** Starts sampling every 50 µs: a token's script is about a millisecond. */
export const startCpuProfile = async (cdp) => {
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 50 });
  await cdp.send('Profiler.start');
};

/**
 * Stops sampling and sums self time per token: by library (`byLibrary`, ms) and by function
 * (`byFunction`, 'library: name', ms). Garbage collection is its own entry; idle and V8's own
 * "(program)" time are left out.
 */
export const stopCpuProfile = async (cdp, tokens) => {
  const { profile } = await cdp.send('Profiler.stop');
  const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
  const byLibrary = {};
  const byFunction = {};
  profile.samples.forEach((id, index) => {
    const { callFrame } = nodes.get(id);
    // An unnamed function is told apart by its line in the unminified chunk.
    const name = callFrame.functionName || `(anonymous, line ${callFrame.lineNumber + 1})`;
    if (NOT_SCRIPT.has(name) && name !== '(garbage collector)') return;
    const library = name === '(garbage collector)' ? 'gc' : libraryOf(callFrame.url);
    const ms = (profile.timeDeltas[index] ?? 0) / 1000 / tokens;
    byLibrary[library] = (byLibrary[library] ?? 0) + ms;
    const key = `${library}: ${name}`;
    byFunction[key] = (byFunction[key] ?? 0) + ms;
  });
  return { byLibrary, byFunction };
};

const LIBRARY_ROWS = [...Object.keys(LIBRARIES), 'native', 'gc'];
const LIBRARY_LABELS = { ...LIBRARIES, native: 'the browser’s own functions (DOM, layout reads)', gc: 'garbage collection' };

/** Markdown: self time per token by library, then each implementation's heaviest functions. */
export const formatFlame = (count, impls, flames, median, topCount = 10) => {
  const lines = [`\n**Script per token streaming into ${count.toLocaleString('en')}, by whose code ran** (ms, self time, median of runs)\n`];
  lines.push(`| code | ${impls.join(' | ')} |`, `|:---|${impls.map(() => '---:').join('|')}|`);
  for (const library of LIBRARY_ROWS) {
    const cells = impls.map((impl) => median(flames[impl].map((flame) => flame.byLibrary[library] ?? 0)));
    if (cells.every((cell) => cell < 0.005)) continue;
    lines.push(`| ${LIBRARY_LABELS[library]} | ${cells.map((cell) => cell.toFixed(2)).join(' | ')} |`);
  }
  for (const impl of impls) {
    const names = new Set(flames[impl].flatMap((flame) => Object.keys(flame.byFunction)));
    const ranked = [...names]
      .map((name) => [name, median(flames[impl].map((flame) => flame.byFunction[name] ?? 0))])
      .sort((a, b) => b[1] - a[1])
      .slice(0, topCount);
    lines.push(`\n${impl}: the ${topCount} functions with the most self time (ms per token)\n`);
    lines.push('| function | ms |', '|:---|---:|');
    for (const [name, ms] of ranked) lines.push(`| \`${name}\` | ${ms.toFixed(3)} |`);
  }
  return lines.join('\n');
};
