#!/usr/bin/env node
// The consumer test: what a user gets from npm. Packs @chat-list/react and
// @chat-list/sample-data with `pnpm pack` (as `pnpm publish` would), installs the
// tarballs into a fresh Vite + React + TypeScript app in a temporary folder, and:
//   1. type-checks the app (strict, against the published .d.ts),
//   2. builds it with Vite,
//   3. server-renders a ChatList with react-dom/server from an ES module,
//      failing on any window/document access during the render,
//   4. require()s both packages from a CommonJS script and renders again.
// Needs built packages (`pnpm -r build`). KEEP_CONSUMER_APP=1 keeps the folder.
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const PACKAGES = ['packages/chat-list', 'packages/sample-data'];

/** Versions of the app's own dependencies: the workspace's catalog, so the store already has them. */
function catalogVersions() {
  const yaml = readFileSync(join(ROOT, 'pnpm-workspace.yaml'), 'utf8');
  const block = yaml.split(/^catalog:\s*$/m)[1]?.split(/^\S/m)[0] ?? '';
  const versions = {};
  for (const [, name, range] of block.matchAll(/^\s+'?([^':\s]+)'?:\s*(\S+)\s*$/gm)) versions[name] = range;
  return versions;
}

function step(title, command, args, cwd) {
  console.log(`\n▶ consumer test: ${title}\n$ ${[command, ...args].join(' ')}`);
  try {
    execFileSync(command, args, { cwd, stdio: 'inherit', env: { ...process.env, NODE_ENV: undefined } });
  } catch (error) {
    console.error(`\n✖ consumer test failed at "${title}" (exit ${error.status ?? error.signal}). Folder: ${cwd}`);
    process.exit(1);
  }
}

const work = mkdtempSync(join(tmpdir(), 'chat-list-consumer-'));
const tarballs = join(work, 'tarballs');
const app = join(work, 'app');
mkdirSync(tarballs);
mkdirSync(join(app, 'src'), { recursive: true });

for (const dir of PACKAGES) {
  step(`pack ${dir}`, 'pnpm', ['pack', '--pack-destination', tarballs], join(ROOT, dir));
}
const tarball = (prefix) => {
  const file = readdirSync(tarballs).find((name) => name.startsWith(prefix) && name.endsWith('.tgz'));
  if (!file) throw new Error(`no ${prefix}*.tgz in ${tarballs}`);
  return `file:${join(tarballs, file)}`;
};

const v = catalogVersions();
const files = {
  'package.json': JSON.stringify(
    {
      name: 'chat-list-consumer',
      private: true,
      type: 'module',
      dependencies: {
        '@chat-list/react': tarball('chat-list-react-'),
        '@chat-list/sample-data': tarball('chat-list-sample-data-'),
        react: v.react,
        'react-dom': v['react-dom'],
      },
      devDependencies: {
        '@types/react': v['@types/react'],
        '@types/react-dom': v['@types/react-dom'],
        '@vitejs/plugin-react': v['@vitejs/plugin-react'],
        typescript: v.typescript,
        vite: v.vite,
      },
    },
    null,
    2,
  ),
  // The app is not part of the repository's workspace.
  'pnpm-workspace.yaml': 'packages: []\n',
  'tsconfig.json': JSON.stringify(
    {
      compilerOptions: {
        target: 'ES2022',
        lib: ['ES2022', 'DOM', 'DOM.Iterable'],
        module: 'ESNext',
        moduleResolution: 'Bundler',
        jsx: 'react-jsx',
        strict: true,
        noEmit: true,
        isolatedModules: true,
        verbatimModuleSyntax: true,
        types: [],
      },
      include: ['src'],
    },
    null,
    2,
  ),
  'vite.config.js': [
    "import react from '@vitejs/plugin-react';",
    "import { defineConfig } from 'vite';",
    '// Faker (via @chat-list/sample-data) is one large chunk; that is not what this test checks.',
    'export default defineConfig({ plugins: [react()], logLevel: "warn", build: { chunkSizeWarningLimit: 2000 } });',
    '',
  ].join('\n'),
  'index.html': [
    '<!doctype html>',
    '<html lang="en"><head><meta charset="utf-8" /><title>consumer</title></head>',
    '<body><div id="root"></div><script type="module" src="/src/main.tsx"></script></body></html>',
    '',
  ].join('\n'),
  'src/main.tsx': [
    "import { StrictMode } from 'react';",
    "import { createRoot } from 'react-dom/client';",
    "import { App } from './App';",
    '',
    "createRoot(document.getElementById('root')!).render(",
    '  <StrictMode>',
    '    <App />',
    '  </StrictMode>,',
    ');',
    '',
  ].join('\n'),
  // Uses the public API the way the README does, so the published types are exercised.
  'src/App.tsx': `import { useRef, useState } from 'react';
import {
  ChatList,
  followWhen,
  useChatList,
  type ChatListHandle,
  type ChatListProps,
  type FollowPolicy,
  type VisibleRange,
} from '@chat-list/react';
import { createMessageGenerator, type ChatMessage } from '@chat-list/sample-data';
import { bear } from '@chat-list/sample-data/lists';

const generator = createMessageGenerator({ seed: 7, assistantReplies: 'markdown', participants: 3 });
// The light entry type-checks and bundles in an app too.
export const firstBear: string | undefined = bear[0];
const followAnswers: FollowPolicy<ChatMessage> = followWhen(({ newMessages }) =>
  newMessages.some((message) => message.role === 'assistant'),
);

export function App() {
  const list = useRef<ChatListHandle<ChatMessage>>(null);
  const [messages, setMessages] = useState<ChatMessage[]>(() => generator.messages(100));
  const [loading, setLoading] = useState(false);
  const [range, setRange] = useState<VisibleRange | null>(null);
  return (
    <div style={{ height: 600 }}>
      <ChatList
        ref={list}
        messages={messages}
        renderMessage={(message, index) => <p data-role={message.role}>{index}: {message.content}</p>}
        follow={followAnswers}
        prefix={loading ? 'Loading...' : null}
        onOlderEndReached={async (handle) => {
          setLoading(true);
          await new Promise((resolve) => setTimeout(resolve, 100));
          setMessages((current) => [...generator.messages(10), ...current]);
          setLoading(false);
          setRange(handle.getVisibleRange());
        }}
        onUnseenCountChange={(count: number) => document.title = String(count)}
      />
      <button onClick={() => void list.current?.scrollToBottom({ behavior: 'smooth' }).then((landed: boolean) => landed)}>
        {range ? range.lastId : '—'}
      </button>
      <Headless messages={messages} />
    </div>
  );
}

function Headless({ messages }: { messages: ChatMessage[] }) {
  const { scrollerRef, contentRef, rows, rowsOffset, totalSize, getRowAttributes } = useChatList({ messages });
  return (
    <div ref={scrollerRef} style={{ height: 200, overflowY: 'auto' }}>
      <div style={{ height: totalSize, position: 'relative' }}>
        <div ref={contentRef} style={{ transform: \`translateY(\${rowsOffset}px)\` }}>
          {rows.map((row) => (
            <div key={row.key} {...getRowAttributes(row)}>
              {row.kind === 'message' ? row.message.name : null}
            </div>
          ))}
        </div>
      </div>
    </div>
  );
}

// Messages without an \`id\` need getMessageKey: the published types say so.
type Keyless = { uuid: string; text: string };
const keyless: Keyless[] = [{ uuid: 'a', text: 'hi' }];
// @ts-expect-error getMessageKey is required when messages have no id
export const missingKey = <ChatList messages={keyless} renderMessage={(m) => m.text} />;
export const withKey = <ChatList messages={keyless} getMessageKey={(m) => m.uuid} renderMessage={(m) => m.text} />;
export const props: Partial<ChatListProps<ChatMessage>> = { overscan: 5, alignment: 'top' };
`,
  // The testing kit is its own entry, with its own types (type-checked, not part of the app).
  'src/testing-kit.ts': `import { mockChatListLayout, scrollAsReader } from '@chat-list/react/testing';

export const installLayout = (): (() => void) => mockChatListLayout({ viewportHeight: 500, rowHeight: () => 40 });
export const scrollUp = (scroller: HTMLElement): Promise<void> => scrollAsReader(scroller, 100);
`,
  // Server rendering from an ES module, with a trap on the browser globals.
  'ssr.mjs': `import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { ChatList } from '@chat-list/react';
import { createMessageGenerator } from '@chat-list/sample-data';

const messages = createMessageGenerator({ seed: 3 }).messages(500);
const accessed = new Set();
const trapped = ['window', 'document', 'navigator', 'localStorage', 'sessionStorage', 'matchMedia', 'ResizeObserver'];
const saved = trapped.map((name) => [name, Object.getOwnPropertyDescriptor(globalThis, name)]);
for (const name of trapped) {
  Object.defineProperty(globalThis, name, { configurable: true, get: () => void accessed.add(name) });
}
let html;
try {
  html = renderToString(
    createElement(ChatList, {
      messages,
      renderMessage: (message) => createElement('p', null, message.content),
      prefix: 'Loading...',
    }),
  );
} finally {
  for (const [name, descriptor] of saved) {
    if (descriptor) Object.defineProperty(globalThis, name, descriptor);
    else delete globalThis[name];
  }
}
if (accessed.size > 0) throw new Error('ChatList read ' + [...accessed].join(', ') + ' while rendering on the server');
if (!html.includes('data-chat-list-scroller')) throw new Error('no scroller in the server HTML: ' + html.slice(0, 200));
console.log('ESM server render OK: ' + html.length + ' characters, no browser global read during render');
`,
  // The CommonJS entry points (dist/index.cjs), as an older Node app would load them.
  'check.cjs': `const assert = require('node:assert/strict');
const React = require('react');
const { renderToString } = require('react-dom/server');
const chatList = require('@chat-list/react');
const sampleData = require('@chat-list/sample-data');
assert.equal(typeof require('@chat-list/react/testing').mockChatListLayout, 'function', 'the testing kit loads through require()');

for (const name of ['ChatList', 'useChatList', 'followAlways', 'followNever', 'followAtBottom', 'followWhen']) {
  assert.ok(chatList[name], '@chat-list/react (CJS) exports ' + name);
}
assert.equal(typeof sampleData.createMessageGenerator, 'function');
assert.ok(sampleData.airlineData.airport.length > 0, 'lookup lists load through require()');
assert.equal(require('@chat-list/sample-data/lists').bear, sampleData.bear, 'the light ./lists entry gives the same lists');
const messages = sampleData.createMessageGenerator({ seed: 1 }).messages(20);
assert.deepEqual(messages, sampleData.createMessageGenerator({ seed: 1 }).messages(20), 'deterministic');
const html = renderToString(
  React.createElement(chatList.ChatList, { messages, renderMessage: (m) => React.createElement('p', null, m.content) }),
);
assert.match(html, /data-chat-list-scroller/);
console.log('CJS require() + server render OK: ' + html.length + ' characters');
`,
};
for (const [file, content] of Object.entries(files)) writeFileSync(join(app, file), content);

step(
  'install the tarballs into a fresh Vite + React app',
  'pnpm',
  ['install', '--no-frozen-lockfile', '--prefer-offline', '--reporter=append-only'],
  app,
);
step('type-check the app (tsc --noEmit)', 'pnpm', ['exec', 'tsc', '-p', 'tsconfig.json'], app);
step('build the app (vite build)', 'pnpm', ['exec', 'vite', 'build'], app);
const assets = readdirSync(join(app, 'dist', 'assets')).filter((file) => file.endsWith('.js'));
const bundle = assets.map((file) => readFileSync(join(app, 'dist', 'assets', file), 'utf8')).join('\n');
if (!bundle.includes('data-chat-list-scroller')) {
  console.error('✖ consumer test: the built app does not contain ChatList');
  process.exit(1);
}
step('server-render a ChatList (ESM, react-dom/server)', 'node', ['ssr.mjs'], app);
step('require() both packages and server-render (CommonJS)', 'node', ['check.cjs'], app);

if (process.env.KEEP_CONSUMER_APP) console.log(`\nConsumer app kept at ${app}`);
else rmSync(work, { recursive: true, force: true });
console.log('\n✔ consumer test passed: packed, installed, type-checked, built, server-rendered (ESM and CJS).');
