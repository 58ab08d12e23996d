// Aliases that make a Vite build or a Vitest project use React 18 instead of the
// workspace's React 19. react, react-dom, the testing library and TanStack Virtual
// are all resolved from this package, where pnpm links each of them to React 18,
// so no module can reach React 19 through a peer dependency.
import { createRequire } from 'node:module';
import { dirname } from 'node:path';

const require = createRequire(import.meta.url);
const packageDir = (name) => dirname(require.resolve(`${name}/package.json`));

/** The React version these aliases resolve to. */
export const REACT_VERSION = require('react/package.json').version;

/** Package name → directory of the React 18 build of it. */
export const REACT_18_PACKAGES = Object.fromEntries(
  ['react', 'react-dom', '@testing-library/react', '@tanstack/react-virtual'].map((name) => [name, packageDir(name)]),
);

const escape = (text) => text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');

/**
 * `resolve.alias` entries for Vite and Vitest: each package and its subpaths
 * (`react/jsx-runtime`, `react-dom/client`, `react-dom/server`, …).
 */
export const react18Aliases = Object.entries(REACT_18_PACKAGES).flatMap(([name, dir]) => [
  { find: new RegExp(`^${escape(name)}$`), replacement: dir },
  { find: new RegExp(`^${escape(name)}/(.*)$`), replacement: `${dir}/$1` },
]);
