// Library sizes: each entry measured by tools/bundle-size (esbuild, minified, ESM,
// production, React external, gzip level 9), the helper the size budget test uses too. Bytes.
import { KB, measureBundle } from '@chat-list/bundle-size';
import { fileURLToPath } from 'node:url';

const HERE = fileURLToPath(new URL('.', import.meta.url));
const REACT = ['react', 'react-dom', 'react/jsx-runtime', 'react-dom/client'];

export const SIZE_ENTRIES = [
  {
    key: 'ours-with-tanstack',
    impl: 'ours',
    label: '@chat-list/react (whole entry), TanStack Virtual bundled',
    contents: "export * from '@chat-list/react';",
    external: REACT,
  },
  {
    key: 'ours-without-tanstack',
    impl: 'ours',
    label: '@chat-list/react (whole entry), TanStack Virtual external',
    contents: "export * from '@chat-list/react';",
    external: [...REACT, '@tanstack/react-virtual', '@tanstack/virtual-core'],
  },
  {
    key: 'tanstack',
    impl: 'tanstack',
    label: "import { useVirtualizer } from '@tanstack/react-virtual'",
    contents: "export { useVirtualizer } from '@tanstack/react-virtual';",
    external: REACT,
  },
  {
    key: 'virtuoso',
    impl: 'virtuoso',
    label: "import { Virtuoso } from 'react-virtuoso'",
    contents: "export { Virtuoso } from 'react-virtuoso';",
    external: REACT,
  },
  {
    key: 'virtua',
    impl: 'virtua',
    label: "import { VList } from 'virtua'",
    contents: "export { VList } from 'virtua';",
    external: REACT,
  },
  {
    key: 'virtua-virtualizer',
    impl: 'virtua',
    label: "import { Virtualizer } from 'virtua' (what the chat recipe uses)",
    contents: "export { Virtualizer } from 'virtua';",
    external: REACT,
  },
  {
    key: 'legend',
    impl: 'legend',
    label: "import { LegendList } from '@legendapp/list/react'",
    contents: "export { LegendList } from '@legendapp/list/react';",
    external: REACT,
  },
  {
    key: 'stick-to-bottom',
    impl: 'stick-to-bottom',
    label: "import { StickToBottom } from 'use-stick-to-bottom'",
    contents: "export { StickToBottom } from 'use-stick-to-bottom';",
    external: REACT,
  },
  {
    key: 'shadcn',
    impl: 'shadcn',
    label: "import { MessageScroller } from '@shadcn/react/message-scroller'",
    contents: "export { MessageScroller } from '@shadcn/react/message-scroller';",
    external: REACT,
  },
];

export async function measureSizes() {
  const results = {};
  for (const entry of SIZE_ENTRIES) {
    const sizes = await measureBundle({ contents: entry.contents, resolveDir: HERE, external: entry.external });
    results[entry.key] = { ...entry, ...sizes };
  }
  return results;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const sizes = await measureSizes();
  for (const entry of Object.values(sizes)) {
    console.log(
      `${entry.label}: ${(entry.minBytes / KB).toFixed(1)} kB min, ${(entry.gzipBytes / KB).toFixed(2)} kB min+gzip`,
    );
  }
}
