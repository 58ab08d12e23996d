// ESLint flat config for the whole workspace: JS + TypeScript recommended rules,
// the Rules of Hooks, and no `any`. Formatting is Prettier's job (`pnpm format:check`).
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/** A layer's source (tests excepted) may not import from the layers above it, nor use browser globals it must not need. */
/** What the framework-free layers (the engine, the features) may not import: React, and src/react. */
const REACT_IMPORTS = [
  'react',
  'react-dom',
  'react/*',
  'react-dom/*',
  '@tanstack/react-virtual',
  '../react',
  '../react/*',
];

function layerBoundary(files, { forbidden, message, globals }) {
  return {
    files: [files],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ group: forbidden, message }] }],
      'no-restricted-globals': ['error', ...globals.map((name) => ({ name, message }))],
    },
  };
}

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/dist-react18/**',
      '**/coverage/**',
      '**/.next/**',
      '**/next-env.d.ts',
      // Another workstream owns the benchmark and lints it there.
      'benchmarks/**',
    ],
  },
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    // The Rules of Hooks and exhaustive deps. The React Compiler rules of the
    // plugin's `recommended` preset are left out: the library deliberately keeps
    // its latest props in refs (read by listeners that outlive a render).
    files: ['**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': ['error', { additionalHooks: '^useIsomorphicLayoutEffect$' }],
    },
  },
  {
    // Node-side browser tests: `useFixtureBrowser` is a Vitest fixture, not a React hook.
    files: ['**/test/browser/**', 'apps/demo/test/**'],
    rules: { 'react-hooks/rules-of-hooks': 'off' },
  },
  {
    languageOptions: {
      ecmaVersion: 2022,
      sourceType: 'module',
      globals: { ...globals.browser, ...globals.node },
    },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' },
      ],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
    },
  },
  // @chat-list/react's layers point one way: src/react → src/dom → src/core (issue #12).
  layerBoundary('packages/chat-list/src/core/**/*.ts', {
    forbidden: [
      'react',
      'react-dom',
      'react/*',
      'react-dom/*',
      '@tanstack/*',
      '../dom',
      '../dom/*',
      '../react',
      '../react/*',
    ],
    message: 'src/core is pure policy: no React, no TanStack, nothing from src/dom or src/react.',
    globals: ['window', 'document'],
  }),
  layerBoundary('packages/chat-list/src/dom/**/*.ts', {
    forbidden: [...REACT_IMPORTS, '../../react', '../../react/*'],
    message: 'src/dom is the framework-free engine: no React (types come from @tanstack/virtual-core).',
    globals: [],
  }),
  // A feature reads its list through the documented context (src/dom/features.ts), never the
  // engine's modules, and moves nothing.
  layerBoundary('packages/chat-list/src/features/**/*.ts', {
    forbidden: [...REACT_IMPORTS, '../dom/engine/*', '../dom/chat-list-engine'],
    message:
      'A feature reads the list through ChatListFeatureContext (src/dom/features.ts): no React, no engine internals.',
    globals: [],
  }),
  {
    // One writer of the scroll position: the scroller's offset and TanStack's are written only in
    // the engine's scroll writer, which is how the list tells the echo of its own writes from the
    // reader's scrolling. Anyone else asks it (or TanStack, whose writes come back through it).
    // The jsdom setup and the testing kit stand in for the browser, and scroll as it would.
    files: ['packages/chat-list/src/**/*.{ts,tsx}'],
    ignores: [
      '**/*.test.{ts,tsx}',
      'packages/chat-list/src/dom/engine/scroll-writer.ts',
      'packages/chat-list/src/dom/tanstack-internals.ts',
      'packages/chat-list/src/react/jsdom-setup.ts',
      'packages/chat-list/src/testing/**',
    ],
    rules: {
      'no-restricted-syntax': [
        'error',
        ...[
          'AssignmentExpression > MemberExpression.left[property.name=/^(scrollTop|scrollOffset)$/]',
          'CallExpression > MemberExpression.callee[property.name=/^(scrollTo|scrollBy|scrollIntoView)$/]',
          'Identifier[name="setModelScrollOffset"]',
        ].map((selector) => ({
          selector,
          message: 'Only the scroll writer (src/dom/engine/scroll-writer.ts) writes the scroll position: ask it.',
        })),
      ],
    },
  },
  {
    files: ['**/*.cjs'],
    languageOptions: { sourceType: 'commonjs' },
  },
  {
    // The testing kit's Jest run is plain CommonJS on purpose: an app's Jest setup, with no transform.
    files: ['packages/chat-list/test/testing-kit-jest/*.cjs'],
    languageOptions: { globals: globals.jest },
    rules: { '@typescript-eslint/no-require-imports': 'off', 'no-redeclare': ['error', { builtinGlobals: false }] },
  },
);
