#!/usr/bin/env node
// Generates the API tables of the READMEs from the TSDoc in src/, and the sections
// both READMEs share from docs/*.md (with the tested jsdom setup file copied in),
// so the docs cannot drift from the code or from each other.
// `node scripts/api-docs.mjs` rewrites what lies between each
// `<!-- BEGIN GENERATED: name -->` / `<!-- END GENERATED: name -->` pair;
// `--check` only reports (and exits 1) when a README is out of date.
// test/package/api-docs.test.ts runs the check in `npm test`.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, extname, join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as prettier from 'prettier';
import ts from 'typescript';

const PACKAGE_DIR = join(dirname(fileURLToPath(import.meta.url)), '..');

/** The READMEs that carry the tables: the package's own (npm shows it) and the repository's. */
export const READMES = [join(PACKAGE_DIR, 'README.md'), join(PACKAGE_DIR, '..', '..', 'README.md')];

// Rows in the order of SPEC §2; members not listed here follow in declaration order.
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
  'historyEndOffset',
  'onHistoryEndReached',
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

function createProgram() {
  const options = {
    strict: true,
    noEmit: true,
    skipLibCheck: true,
    jsx: ts.JsxEmit.ReactJSX,
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    target: ts.ScriptTarget.ES2022,
    types: [],
  };
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
  const tag = symbol.getJsDocTags(checker).find((t) => t.name === 'defaultValue');
  const defaultValue = tag ? plainLinks(oneLine(ts.displayPartsToString(tag.text ?? []))) : undefined;
  return { description, defaultValue };
}

function signatureOf(symbol) {
  const declaration = symbol.declarations?.[0];
  if (declaration === undefined) return '';
  if (ts.isMethodSignature(declaration)) return oneLine(declaration.getText().replace(/;$/, ''));
  if (declaration.type) return oneLine(declaration.type.getText());
  return '';
}

/** The documented members of one of the entry's aliases, as table rows. */
function membersOf(checker, entry, aliasName, order = []) {
  const alias = entry.statements.find((s) => ts.isTypeAliasDeclaration(s) && s.name.text === aliasName);
  const type = checker.getTypeAtLocation(alias.name);
  const rows = checker.getPropertiesOfType(type).map((symbol) => {
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
    if (declaration === undefined) continue;
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
    });
  }
  const rank = (name) => {
    const index = order.indexOf(name);
    return index === -1 ? order.length : index;
  };
  return rows
    .filter((row) => !row.name.startsWith('__'))
    .map((row, index) => ({ row, index }))
    .sort((a, b) => rank(a.row.name) - rank(b.row.name) || a.index - b.index)
    .map(({ row }) => row);
}

/** Every public member of the props, the handle and the hook, with its TSDoc. */
export function collectApi() {
  const program = createProgram();
  const diagnostics = ts.getPreEmitDiagnostics(program, program.getSourceFile(ENTRY));
  if (diagnostics.length > 0) {
    throw new Error(ts.formatDiagnostics(diagnostics, ts.createCompilerHost({})));
  }
  const checker = program.getTypeChecker();
  const entry = program.getSourceFile(ENTRY);
  return {
    props: membersOf(checker, entry, 'Props', PROP_ORDER),
    handle: membersOf(checker, entry, 'Handle'),
    hookOptions: membersOf(checker, entry, 'HookOptions', PROP_ORDER),
    hookResult: membersOf(checker, entry, 'HookResult'),
  };
}

const code = (text) => (text ? `\`${text.replace(/\|/g, '\\|')}\`` : '');
const cell = (text) => text.replace(/\|/g, '\\|');
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

const REPO_DIR = join(PACKAGE_DIR, '..', '..');
const DOCS_DIR = join(PACKAGE_DIR, 'docs');

/**
 * A shared section from docs/NAME.md, for the README at `readme`:
 * `<!-- INCLUDE: path -->` becomes that file (from the repository root) as a code
 * block, and `](repo:path)` links become relative to the README.
 */
function fragment(name, readme) {
  return readFileSync(join(DOCS_DIR, `${name}.md`), 'utf8')
    .trim()
    .replace(/<!-- INCLUDE: (\S+) -->/g, (_, path) => {
      // GitHub and npm highlight CommonJS and ES module files as plain JavaScript.
      const language = extname(path)
        .slice(1)
        .replace(/^[cm]js$/, 'js');
      return `\`\`\`${language}\n${readFileSync(join(REPO_DIR, path), 'utf8').trimEnd()}\n\`\`\``;
    })
    .replace(/\]\(repo:([^)]+)\)/g, (_, path) => `](${repoLink(readme, path)})`);
}

/** Where the repository is browsed, from package.json's `repository` field. */
const REPO_URL = JSON.parse(readFileSync(join(PACKAGE_DIR, 'package.json'), 'utf8'))
  .repository.url.replace(/^git\+/, '')
  .replace(/\.git$/, '');

/**
 * A link to `path` (from the repository root) for the README at `readme`.
 * The package README is shown on npm, where only the tarball exists, so it
 * links to the repository by absolute URL; the root README links relatively.
 */
function repoLink(readme, path) {
  if (readme.startsWith(join(REPO_DIR, 'packages') + sep)) return `${REPO_URL}/blob/main/${path}`;
  return relative(dirname(readme), join(REPO_DIR, path)) || '.';
}

/** The generated blocks for the README at `readme`, by marker name. */
export function renderBlocks(readme, api = collectApi()) {
  const note =
    '<!-- Generated from the TSDoc in src/ by `pnpm --filter @chat-list/react run docs`; do not edit by hand. -->';
  const blocks = {
    props: `${note}\n\n${propsTable(api.props)}`,
    handle: `${note}\n\n${handleTable(api.handle)}`,
    'hook-options': `${note}\n\n${propsTable(api.hookOptions)}`,
    'hook-result': `${note}\n\n${resultTable(api.hookResult)}`,
  };
  const source = `<!-- Generated from packages/chat-list/docs/NAME.md by \`pnpm --filter @chat-list/react run docs\`; edit it there. -->`;
  for (const file of readdirSync(DOCS_DIR).filter((name) => name.endsWith('.md'))) {
    const name = file.slice(0, -3);
    blocks[name] = `${source.replace('NAME', name)}\n\n${fragment(name, readme)}`;
  }
  return blocks;
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

/** Which READMEs are out of date (relative paths); rewrites them when `write`. */
export async function syncReadmes({ write = false } = {}) {
  const api = collectApi();
  const stale = [];
  for (const file of READMES) {
    const before = readFileSync(file, 'utf8');
    // Formatted as `prettier --check` wants it, so the two checks agree.
    const options = { ...(await prettier.resolveConfig(file)), filepath: file };
    const text = await prettier.format(applyBlocks(before, renderBlocks(file, api)).text, options);
    if (text === before) continue;
    stale.push(relative(process.cwd(), file));
    if (write) writeFileSync(file, text);
  }
  return stale;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const check = process.argv.includes('--check');
  const stale = await syncReadmes({ write: !check });
  if (check && stale.length > 0) {
    console.error(`✖ API tables out of date in ${stale.join(', ')}: run \`pnpm --filter @chat-list/react run docs\`.`);
    process.exit(1);
  }
  console.log(stale.length === 0 ? 'API tables are up to date.' : `Updated the API tables in ${stale.join(', ')}.`);
}
