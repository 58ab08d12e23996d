#!/usr/bin/env node
// Generates the documentation that must not drift from the code or from itself:
// - docs/api.md, the API reference: its tables come from the TSDoc in src/ (deprecated members
//   left out), between `<!-- BEGIN GENERATED: name -->` / `<!-- END GENERATED: name -->` markers;
// - the repository's README.md: its comparison table comes from docs/comparison.md;
// - the package's README.md (the one npm shows): the repository's README, with its relative links
//   made absolute, since only the packed tarball exists on npm;
// - every guide in docs/ with a `<!-- BEGIN INCLUDE: path -->` / `<!-- END INCLUDE -->` pair: the
//   file at `path` (from the repository root), as a code block, so that a tested file is shown.
// `node scripts/api-docs.mjs` rewrites what is out of date; `--check` only reports it (and exits 1).
// test/package/api-docs.test.ts runs the check in `npm test`.
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname, extname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as prettier from 'prettier';
import ts from 'typescript';

const PACKAGE_DIR = join(dirname(fileURLToPath(import.meta.url)), '..');
const REPO_DIR = join(PACKAGE_DIR, '..', '..');
const DOCS_DIR = join(PACKAGE_DIR, 'docs');
const SRC_DIR = join(PACKAGE_DIR, 'src');

/** The repository's README: written by hand, but for its generated comparison table. */
export const ROOT_README = join(REPO_DIR, 'README.md');
/** The package's README (npm shows it): the repository's, links made absolute. */
export const PACKAGE_README = join(PACKAGE_DIR, 'README.md');
/** The API reference: written by hand, but for its generated tables. */
export const API_REFERENCE = join(DOCS_DIR, 'api.md');

// Rows of the props and options tables in this order; members not listed follow in declaration order.
const PROP_ORDER = [
  'messages',
  'renderMessage',
  'getMessageKey',
  'estimateSize',
  'getGroupKey',
  'renderGroupHeader',
  'stickyGroupHeader',
  'alignment',
  'initialAnchor',
  'overscan',
  'initialRenderCount',
  'atBottomThreshold',
  'prefix',
  'suffix',
  'prefixLabel',
  'suffixLabel',
  'follow',
  'isReceived',
  'hasOlder',
  'olderEndOffset',
  'onOlderEndReached',
  'hasNewer',
  'newerEndOffset',
  'onNewerEndReached',
  'onOlderMessages',
  'onNewerMessages',
  'onAtTopChange',
  'onAtBottomChange',
  'onScroll',
  'onScrollEnd',
  'onUnseenCountChange',
  'onVisibleRangeChange',
  'className',
  'style',
  'id',
  'title',
  'lang',
  'dir',
  'role',
  'aria-label',
];

// Instantiated with a message type that has an `id`, so `getMessageKey` shows as optional.
const ENTRY = join(PACKAGE_DIR, '__api_docs_entry__.ts');
const ENTRY_SOURCE = `
import type { ChatListHandle, ChatListProps, MessageKey, UseChatListOptions, UseChatListResult } from './src/index';
interface TMessage { id: MessageKey }
export type Props = ChatListProps<TMessage>;
export type Handle = ChatListHandle<TMessage>;
export type HookOptions = UseChatListOptions<TMessage>;
export type HookResult = UseChatListResult<TMessage>;
`;

/** How the reference and the docs' snippets are compiled: as an app's strict TypeScript would. */
export const COMPILER_OPTIONS = {
  strict: true,
  noEmit: true,
  skipLibCheck: true,
  jsx: ts.JsxEmit.ReactJSX,
  module: ts.ModuleKind.ESNext,
  moduleResolution: ts.ModuleResolutionKind.Bundler,
  target: ts.ScriptTarget.ES2022,
  types: [],
};

function createProgram() {
  const options = COMPILER_OPTIONS;
  const host = ts.createCompilerHost(options, true);
  const { getSourceFile, fileExists, readFile } = host;
  host.fileExists = (file) => file === ENTRY || fileExists.call(host, file);
  host.readFile = (file) => (file === ENTRY ? ENTRY_SOURCE : readFile.call(host, file));
  host.getSourceFile = (file, language, ...rest) =>
    file === ENTRY
      ? ts.createSourceFile(file, ENTRY_SOURCE, language, true)
      : getSourceFile.call(host, file, language, ...rest);
  return ts.createProgram([ENTRY], options, host);
}

const oneLine = (text) => text.replace(/\s*\n\s*/g, ' ').trim();

/** `{@link A.b}` → `` `A.b` ``; `{@link A | text}` → text. */
const plainLinks = (text) =>
  text.replace(/\{@link\s+([^}|\s]+)\s*(?:\|\s*([^}]*))?\}/g, (_, target, label) =>
    label ? label.trim() : `\`${target}\``,
  );

function docOf(symbol, checker) {
  const description = plainLinks(oneLine(ts.displayPartsToString(symbol.getDocumentationComment(checker))));
  const tags = symbol.getJsDocTags(checker);
  const tag = tags.find((t) => t.name === 'defaultValue');
  const defaultValue = tag ? plainLinks(oneLine(ts.displayPartsToString(tag.text ?? []))) : undefined;
  return { description, defaultValue, deprecated: tags.some((t) => t.name === 'deprecated') };
}

function signatureOf(symbol) {
  const declaration = symbol.declarations?.[0];
  if (declaration === undefined) return '';
  if (ts.isMethodSignature(declaration)) return oneLine(declaration.getText().replace(/;$/, ''));
  if (declaration.type) return oneLine(declaration.type.getText());
  return '';
}

/** Declared in this package's source (not inherited from React's or the DOM's types). */
const isOwn = (declaration) => resolve(declaration.getSourceFile().fileName).startsWith(SRC_DIR + sep);

/** The documented members of `type`, as table rows: the package's own, deprecated ones left out. */
function membersOf(checker, type, order = []) {
  const rows = checker
    .getPropertiesOfType(type)
    .filter((symbol) => symbol.declarations?.some(isOwn) ?? false)
    .map((symbol) => {
      const declaration = symbol.declarations?.[0];
      return {
        name: symbol.getName(),
        optional: (symbol.getFlags() & ts.SymbolFlags.Optional) !== 0,
        readonly:
          declaration !== undefined && (ts.getCombinedModifierFlags(declaration) & ts.ModifierFlags.Readonly) !== 0,
        kind: declaration !== undefined && ts.isMethodSignature(declaration) ? 'method' : 'property',
        signature: signatureOf(symbol),
        ...docOf(symbol, checker),
      };
    });
  for (const info of checker.getIndexInfosOfType(type)) {
    const declaration = info.declaration;
    if (declaration === undefined || !isOwn(declaration)) continue;
    const tags = ts.getJSDocTags(declaration);
    const comment = ts.getJSDocCommentsAndTags(declaration).find(ts.isJSDoc);
    const defaultTag = tags.find((t) => t.tagName.text === 'defaultValue');
    rows.push({
      name: `${checker.typeToString(info.keyType).replace(/^`|`$/g, '').replace('${string}', '*')}`,
      optional: true,
      readonly: false,
      kind: 'index',
      signature: oneLine(declaration.type.getText()),
      description: oneLine(ts.getTextOfJSDocComment(comment?.comment) ?? ''),
      defaultValue: defaultTag ? oneLine(ts.getTextOfJSDocComment(defaultTag.comment) ?? '') : undefined,
      deprecated: tags.some((t) => t.tagName.text === 'deprecated'),
    });
  }
  const rank = (name) => {
    const index = order.indexOf(name);
    return index === -1 ? order.length : index;
  };
  return rows
    .filter((row) => !row.name.startsWith('__') && !row.deprecated)
    .map((row, index) => ({ row, index }))
    .sort((a, b) => rank(a.row.name) - rank(b.row.name) || a.index - b.index)
    .map(({ row }) => row)
    .map(({ deprecated: _, ...row }) => row);
}

/**
 * Every public member of the props, the handle, the hook, the list's state and the jump button,
 * with its TSDoc. `state` and `jumpToLatest` are `undefined` while the entry does not export
 * `ChatListState` / `JumpToLatestProps`.
 */
export function collectApi() {
  const program = createProgram();
  const entry = program.getSourceFile(ENTRY);
  const diagnostics = ts.getPreEmitDiagnostics(program, entry);
  if (diagnostics.length > 0) {
    throw new Error(ts.formatDiagnostics(diagnostics, ts.createCompilerHost({})));
  }
  const checker = program.getTypeChecker();
  const aliasType = (name) =>
    checker.getTypeAtLocation(entry.statements.find((s) => ts.isTypeAliasDeclaration(s) && s.name.text === name).name);
  const indexModule = checker.getSymbolAtLocation(program.getSourceFile(join(SRC_DIR, 'index.ts')));
  const exportedType = (name) => {
    const symbol = checker.getExportsOfModule(indexModule).find((s) => s.getName() === name);
    if (symbol === undefined) return undefined;
    const target = symbol.getFlags() & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(symbol) : symbol;
    return checker.getDeclaredTypeOfSymbol(target);
  };
  const state = exportedType('ChatListState');
  const jumpToLatest = exportedType('JumpToLatestProps');
  return {
    props: membersOf(checker, aliasType('Props'), PROP_ORDER),
    handle: membersOf(checker, aliasType('Handle')),
    hookOptions: membersOf(checker, aliasType('HookOptions'), PROP_ORDER),
    hookResult: membersOf(checker, aliasType('HookResult')),
    state: state && membersOf(checker, state),
    jumpToLatest: jumpToLatest && membersOf(checker, jumpToLatest, ['list', 'children', 'label', 'whenAtBottom']),
  };
}

const code = (text) => (text ? `\`${text.replace(/\|/g, '\\|')}\`` : '');
/**
 * A table cell of TSDoc text: `|` escaped, and a code span that holds escaped backticks (a
 * template literal, `` `a \`b\`` ``) given double-backtick fences, as markdown wants them.
 */
const cell = (text) =>
  text
    .replace(/`((?:[^`\\]|\\.)*\\`(?:[^`\\]|\\.)*)`/g, (_, inner) => `\`\` ${inner.replace(/\\`/g, '`')} \`\``)
    .replace(/\|/g, '\\|');
/** A `@defaultValue` is written as code already (`` `10` ``) or as words ("required"). */
const defaultCell = (row) => (row.defaultValue === undefined ? '—' : cell(row.defaultValue));

function propsTable(rows) {
  const lines = ['| prop | type | default | description |', '|---|---|---|---|'];
  for (const row of rows) {
    const name = `\`${row.name}\``;
    lines.push(`| ${name} | ${code(row.signature)} | ${defaultCell(row)} | ${cell(row.description)} |`);
  }
  return lines.join('\n');
}

function handleTable(rows) {
  const lines = ['| member | signature / type | default | description |', '|---|---|---|---|'];
  for (const row of rows) {
    const name = row.kind === 'method' ? `\`${row.name}()\`` : `\`${row.name}\``;
    const signature = row.kind === 'method' ? row.signature : `${row.readonly ? 'readonly ' : ''}${row.signature}`;
    lines.push(`| ${name} | ${code(signature)} | ${defaultCell(row)} | ${cell(row.description)} |`);
  }
  return lines.join('\n');
}

function resultTable(rows) {
  const lines = ['| member | type | description |', '|---|---|---|'];
  for (const row of rows) lines.push(`| \`${row.name}\` | ${code(row.signature)} | ${cell(row.description)} |`);
  return lines.join('\n');
}

/** Where the repository is browsed, from package.json's `repository` field. */
const REPO_URL = JSON.parse(readFileSync(join(PACKAGE_DIR, 'package.json'), 'utf8'))
  .repository.url.replace(/^git\+/, '')
  .replace(/\.git$/, '');
/** Where GitHub serves a file of the repository as it is (for images). */
const RAW_URL = REPO_URL.replace('https://github.com/', 'https://raw.githubusercontent.com/');

/** Markdown links and images: `[text](target)` / `![alt](target "title")`. */
const LINK = /(!?)\[((?:[^\]\\]|\\.)*)\]\(([^)\s]+)((?:\s+"[^"]*")?)\)/g;
const LINK_OR_CODE = new RegExp(`${LINK.source}|\`[^\`]*\``, 'g');
const isRelative = (target) => !/^[a-z][a-z0-9+.-]*:/i.test(target) && !target.startsWith('#');

/** Rewrites the relative link `target`, written at `from` (a folder), as `rewriteLinks` says. */
function rewriteTarget(target, isImage, from, to) {
  const [path, fragment = ''] = target.split(/(?=#)/);
  const file = resolve(from, path);
  if (to !== 'url') return `${relative(to, file).split(sep).join('/') || '.'}${fragment}`;
  const fromRepo = relative(REPO_DIR, file).split(sep).join('/');
  if (isImage) return `${RAW_URL}/main/${fromRepo}`;
  const kind = existsSync(file) && statSync(file).isDirectory() ? 'tree' : 'blob';
  return `${REPO_URL}/${kind}/main/${fromRepo}${fragment}`;
}

/**
 * Rewrites the relative links and images of markdown written at `from` (a folder) for a text
 * shown from `to` (a folder), or, when `to` is `'url'`, as absolute addresses on GitHub. Code
 * (fenced blocks, inline spans) is left as it is.
 */
export function rewriteLinks(markdown, from, to) {
  let fence = null;
  return markdown
    .split('\n')
    .map((line) => {
      const marker = /^\s*(`{3,}|~{3,})/.exec(line)?.[1];
      if (marker !== undefined && (fence === null || marker.startsWith(fence))) {
        fence = fence === null ? marker : null;
        return line;
      }
      if (fence !== null) return line;
      // An inline code span is matched (and kept) where it starts before a link.
      return line.replace(LINK_OR_CODE, (match, bang, text, target, title) =>
        target !== undefined && isRelative(target)
          ? `${bang}[${text}](${rewriteTarget(target, bang === '!', from, to)}${title})`
          : match,
      );
    })
    .join('\n');
}

/** A guide's text without its `# Title` line, for a README section. */
const withoutTitle = (markdown) => markdown.replace(/^# .*\n+/, '');

/** The generated blocks of the repository's README, by marker name. */
function readmeBlocks() {
  const source = (name) =>
    `<!-- Generated from packages/chat-list/docs/${name}.md by \`pnpm --filter @chat-list/react run docs\`; edit it there. -->`;
  const guide = (name) =>
    rewriteLinks(
      withoutTitle(readFileSync(join(DOCS_DIR, `${name}.md`), 'utf8').trim()),
      DOCS_DIR,
      dirname(ROOT_README),
    );
  return { comparison: `${source('comparison')}\n\n${guide('comparison')}` };
}

/** The generated blocks of docs/api.md, by marker name. */
export function apiBlocks(api = collectApi()) {
  const note =
    '<!-- Generated from the TSDoc in src/ by `pnpm --filter @chat-list/react run docs`; do not edit by hand. -->';
  const block = (table) => (table === undefined ? note : `${note}\n\n${table}`);
  return {
    props: block(propsTable(api.props)),
    handle: block(handleTable(api.handle)),
    'hook-options': block(propsTable(api.hookOptions)),
    'hook-result': block(resultTable(api.hookResult)),
    state: block(api.state && handleTable(api.state)),
    'jump-to-latest': block(api.jumpToLatest && propsTable(api.jumpToLatest)),
  };
}

/** Replaces each marked block of `text` that `blocks` has; returns the new text and the names it found. */
export function applyBlocks(text, blocks) {
  const found = [];
  const updated = text.replace(
    /(<!-- BEGIN GENERATED: ([\w-]+) -->)[\s\S]*?(<!-- END GENERATED: \2 -->)/g,
    (match, begin, name, end) => {
      if (!(name in blocks)) return match;
      found.push(name);
      return `${begin}\n${blocks[name]}\n${end}`;
    },
  );
  return { text: updated, found };
}

/** Puts the file named by each `<!-- BEGIN INCLUDE: path -->` / `<!-- END INCLUDE -->` pair between them. */
export function applyIncludes(text) {
  return text.replace(/(<!-- BEGIN INCLUDE: (\S+) -->)[\s\S]*?(<!-- END INCLUDE -->)/g, (_, begin, path, end) => {
    // GitHub and npm highlight CommonJS and ES module files as plain JavaScript.
    const language = extname(path)
      .slice(1)
      .replace(/^[cm]js$/, 'js');
    const included = readFileSync(join(REPO_DIR, path), 'utf8').trimEnd();
    return `${begin}\n\n\`\`\`${language}\n${included}\n\`\`\`\n\n${end}`;
  });
}

const PACKAGE_NOTE =
  "<!-- Generated from the repository's README.md by `pnpm --filter @chat-list/react run docs`, with its links made absolute for npm; edit that one. -->";

/** The package README for the repository's README `root` (already up to date). */
export function packageReadme(root) {
  return `${PACKAGE_NOTE}\n\n${rewriteLinks(root, dirname(ROOT_README), 'url')}`;
}

async function format(text, file) {
  // Formatted as `prettier --check` wants it, so the two checks agree.
  const options = { ...(await prettier.resolveConfig(file)), filepath: file };
  return prettier.format(text, options);
}

/** Every generated file's expected text, by path. */
export async function renderDocs(api = collectApi()) {
  if (!existsSync(API_REFERENCE)) throw new Error(`${relative(process.cwd(), API_REFERENCE)} is missing.`);
  const expected = new Map();
  const root = await format(applyBlocks(readFileSync(ROOT_README, 'utf8'), readmeBlocks()).text, ROOT_README);
  expected.set(ROOT_README, root);
  expected.set(PACKAGE_README, await format(packageReadme(root), PACKAGE_README));
  const guides = readdirSync(DOCS_DIR)
    .filter((name) => name.endsWith('.md'))
    .map((name) => join(DOCS_DIR, name));
  for (const guide of guides) {
    let text = readFileSync(guide, 'utf8');
    const withIncludes = applyIncludes(text);
    const isApi = guide === API_REFERENCE;
    if (withIncludes === text && !isApi) continue;
    text = isApi ? applyBlocks(withIncludes, apiBlocks(api)).text : withIncludes;
    expected.set(guide, await format(text, guide));
  }
  return expected;
}

/** Which generated files are out of date (relative paths); rewrites them when `write`. */
export async function syncDocs({ write = false } = {}) {
  const stale = [];
  for (const [file, text] of await renderDocs()) {
    if (existsSync(file) && readFileSync(file, 'utf8') === text) continue;
    stale.push(relative(process.cwd(), file));
    if (write) writeFileSync(file, text);
  }
  return stale;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const check = process.argv.includes('--check');
  const stale = await syncDocs({ write: !check });
  if (check && stale.length > 0) {
    console.error(
      `✖ Generated docs out of date: ${stale.join(', ')}: run \`pnpm --filter @chat-list/react run docs\`.`,
    );
    process.exit(1);
  }
  console.log(stale.length === 0 ? 'The generated docs are up to date.' : `Updated ${stale.join(', ')}.`);
}
