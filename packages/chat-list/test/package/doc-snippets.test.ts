// Every ```ts and ```tsx block of the READMEs and of the manual (docs/*.md) is a complete module
// that a reader can paste: this compiles all of them in one TypeScript program, against the
// package's source (`@chat-list/react`, `@chat-list/react/testing`, `@chat-list/sample-data`) and
// the libraries the guides compare with or build on, and fails naming each snippet's file, line
// and error. Blocks in other languages (sh, css, js, json, text) are not compiled.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { beforeAll, describe, expect, test } from 'vitest';
import { COMPILER_OPTIONS } from '../../scripts/api-docs.mjs';
import { TOOL_CHECK_TIMEOUT } from './tool-check-timeout';

const PACKAGE_DIR = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const REPO_DIR = join(PACKAGE_DIR, '..', '..');
const DOCS_DIR = join(PACKAGE_DIR, 'docs');

/** The markdown files whose snippets are checked. */
const DOCUMENTS = [
  join(REPO_DIR, 'README.md'),
  join(PACKAGE_DIR, 'README.md'),
  ...readdirSync(DOCS_DIR)
    .filter((name) => name.endsWith('.md'))
    .sort()
    .map((name) => join(DOCS_DIR, name)),
];

/** Where a snippet's bare imports resolve from, when not from this package's own dependencies. */
const PEER_HOMES: { packages: RegExp; from: string }[] = [
  {
    // The libraries the comparison and the migration guide show, installed for the benchmark.
    packages: /^(react-virtuoso|virtua|use-stick-to-bottom|@legendapp\/list|@tanstack\/react-virtual)(\/|$)/,
    from: join(REPO_DIR, 'benchmarks'),
  },
  { packages: /^(ai|@ai-sdk\/[\w-]+)(\/|$)/, from: join(REPO_DIR, 'examples', 'ai-chat') },
  { packages: /^next(\/|$)/, from: join(REPO_DIR, 'examples', 'nextjs') },
];

const OPTIONS: ts.CompilerOptions = {
  // No ambient globals (`types: []`): a test snippet imports `test` and `expect` as a reader's file would.
  ...COMPILER_OPTIONS,
  // Every block is a module of its own, also one without an import.
  moduleDetection: ts.ModuleDetectionKind.Force,
  lib: ['lib.es2022.d.ts', 'lib.dom.d.ts', 'lib.dom.iterable.d.ts'],
  paths: {
    '@chat-list/react': [join(PACKAGE_DIR, 'src', 'index.ts')],
    '@chat-list/react/testing': [join(PACKAGE_DIR, 'src', 'testing', 'index.ts')],
    '@chat-list/react/read-receipts': [join(PACKAGE_DIR, 'src', 'features', 'read-receipts.ts')],
    '@chat-list/react/snapshots': [join(PACKAGE_DIR, 'src', 'features', 'snapshots.ts')],
    '@chat-list/react/sticky-headers': [join(PACKAGE_DIR, 'src', 'features', 'sticky-headers.ts')],
    '@chat-list/sample-data': [join(REPO_DIR, 'packages', 'sample-data', 'src', 'index.ts')],
  },
};

interface Snippet {
  /** The markdown file, relative to the repository. */
  document: string;
  /** The line of the opening fence, from 1. */
  line: number;
  language: 'ts' | 'tsx';
  code: string;
}

/** The ```ts and ```tsx blocks of a markdown text (fences may be indented, as in a list item). */
function extractSnippets(markdown: string, document: string): Snippet[] {
  const snippets: Snippet[] = [];
  const lines = markdown.split('\n');
  for (let index = 0; index < lines.length; index++) {
    const open = /^(\s*)(`{3,}|~{3,})\s*([\w-]*)/.exec(lines[index]!);
    if (open === null) continue;
    const [, indent = '', fence = '', language = ''] = open;
    const body: string[] = [];
    let end = index + 1;
    for (; end < lines.length; end++) {
      const line = lines[end]!;
      if (line.trim().startsWith(fence) && line.trim().replace(/[`~]/g, '') === '') break;
      body.push(line.startsWith(indent) ? line.slice(indent.length) : line.trimStart());
    }
    if (language === 'ts' || language === 'tsx') {
      snippets.push({ document, line: index + 1, language, code: `${body.join('\n')}\n` });
    }
    index = end;
  }
  return snippets;
}

/** Compiles the snippets in one program; returns one message per error, `file:line: TSnnnn text`. */
function checkSnippets(snippets: Snippet[]): string[] {
  const files = new Map<string, Snippet>();
  snippets.forEach((snippet, index) => {
    // Beside the package, so that `react`, `vitest` and the testing library resolve from its dependencies.
    files.set(join(PACKAGE_DIR, '.doc-snippets', `snippet-${index}.${snippet.language}`), snippet);
  });
  const host = ts.createCompilerHost(OPTIONS, true);
  const { fileExists, readFile, getSourceFile } = host;
  host.fileExists = (file) => files.has(file) || fileExists.call(host, file);
  host.readFile = (file) => files.get(file)?.code ?? readFile.call(host, file);
  host.getSourceFile = (file, language, ...rest) => {
    const snippet = files.get(file);
    return snippet === undefined
      ? getSourceFile.call(host, file, language, ...rest)
      : ts.createSourceFile(file, snippet.code, language, true);
  };
  const resolutionCache = ts.createModuleResolutionCache(host.getCurrentDirectory(), (name) => name, OPTIONS);
  host.resolveModuleNameLiterals = (literals, containingFile, redirected, options) =>
    literals.map((literal) => {
      const home = PEER_HOMES.find((peer) => peer.packages.test(literal.text));
      const from = files.has(containingFile) && home ? join(home.from, 'snippet.tsx') : containingFile;
      return ts.resolveModuleName(literal.text, from, options, host, resolutionCache, redirected);
    });
  const program = ts.createProgram([...files.keys()], OPTIONS, host);
  const problems = [...program.getOptionsDiagnostics(), ...program.getGlobalDiagnostics()].map(
    (diagnostic) => `compiler options: ${ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n')}`,
  );
  for (const [file, snippet] of files) {
    const source = program.getSourceFile(file)!;
    for (const diagnostic of [...program.getSyntacticDiagnostics(source), ...program.getSemanticDiagnostics(source)]) {
      const { line } = source.getLineAndCharacterOfPosition(diagnostic.start ?? 0);
      const text = ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n  ');
      // The line in the markdown file: the fence is snippet.line, the code starts below it.
      problems.push(`${snippet.document}:${snippet.line + 1 + line}: TS${diagnostic.code} ${text}`);
    }
  }
  return problems;
}

/**
 * A snippet that must fail, compiled in the same program as the real ones: it proves the check
 * reports a broken snippet, at the right line.
 */
const BROKEN = `Text.

\`\`\`tsx
import { ChatList } from '@chat-list/react';

export const list = <ChatList messages={[{ id: 1 }]} renderMessage={(message) => message.text} />;
\`\`\`
`;

describe('code snippets in the READMEs and docs/', () => {
  const snippets = DOCUMENTS.flatMap((file) => extractSnippets(readFileSync(file, 'utf8'), relative(REPO_DIR, file)));
  let problems: string[] = [];

  beforeAll(() => {
    problems = checkSnippets([...snippets, ...extractSnippets(BROKEN, 'broken.md')]);
  }, TOOL_CHECK_TIMEOUT);

  test('the README has a quick start to check', () => {
    expect(snippets.filter((snippet) => snippet.document === 'README.md').length).toBeGreaterThan(0);
  });

  test('a broken snippet is reported with its file and line', () => {
    expect(problems.filter((problem) => problem.startsWith('broken.md:'))).toEqual([
      expect.stringMatching(/^broken\.md:6: TS2339 Property 'text' does not exist/),
    ]);
  });

  test.each(DOCUMENTS.map((file) => relative(REPO_DIR, file)))('%s: every ts/tsx block compiles', (document) => {
    expect(problems.filter((problem) => problem.startsWith(`${document}:`))).toEqual([]);
  });

  test('the compiler options are valid', () => {
    expect(problems.filter((problem) => problem.startsWith('compiler options:'))).toEqual([]);
  });
});
