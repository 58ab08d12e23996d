// The READMEs and the manual (docs/*.md) as readers see them:
// - npm shows each package's README on its page, where only the packed tarball exists: every
//   relative link in a published README must point at a file in that tarball (links elsewhere in
//   the repository are absolute URLs);
// - on GitHub, every relative link of the repository's README and of the manual must reach a file
//   of the repository, and a `#fragment` into a markdown file one of its headings;
// - no text a user reads speaks the project's internal language (tracker numbers, the internal
//   specification, fuzz seeds, names of the engine's parts).
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, normalize, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, test } from 'vitest';
import { TOOL_CHECK_TIMEOUT } from './tool-check-timeout';

const PACKAGES_DIR = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
const REPO_DIR = join(PACKAGES_DIR, '..');
const DOCS_DIR = join(PACKAGES_DIR, 'chat-list', 'docs');

/** The files `npm pack` would put in the tarball, relative to the package. */
function packedFiles(packageDir: string): Set<string> {
  const output = execFileSync('npm', ['pack', '--dry-run', '--json', '--ignore-scripts'], {
    cwd: packageDir,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'ignore'],
  });
  const [pack] = JSON.parse(output) as [{ files: { path: string }[] }];
  return new Set(pack.files.map((file) => normalize(file.path)));
}

/** Markdown without its fenced code blocks. */
const withoutCodeBlocks = (markdown: string): string => markdown.replace(/^\s*(`{3,}|~{3,})[\s\S]*?^\s*\1\s*$/gm, '');

/** Markdown without its code, fenced or inline (links there are code, not links). */
const prose = (markdown: string): string => withoutCodeBlocks(markdown).replace(/`[^`\n]*`/g, '');

/** Link and image targets in a markdown text, relative ones only (with their #fragment). */
function relativeTargets(markdown: string): string[] {
  const targets = [...prose(markdown).matchAll(/\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g)].map((match) => match[1]!);
  return targets.filter((target) => !/^[a-z][a-z0-9+.-]*:/i.test(target));
}

/** Relative link targets in a markdown text, without their #fragment. */
function relativeLinks(markdown: string): string[] {
  return relativeTargets(markdown)
    .filter((target) => !target.startsWith('#'))
    .map((target) => target.split('#')[0]!);
}

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces to dashes. */
const slug = (heading: string): string =>
  heading
    .replace(/`/g, '')
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');

/** The anchors of a markdown file's headings. */
function anchorsOf(markdown: string): Set<string> {
  const headings = [...withoutCodeBlocks(markdown).matchAll(/^#{1,6}\s+(.+?)\s*#*\s*$/gm)].map((match) =>
    slug(match[1]!),
  );
  const anchors = new Set<string>();
  for (const heading of headings) {
    let anchor = heading;
    for (let n = 1; anchors.has(anchor); n++) anchor = `${heading}-${n}`;
    anchors.add(anchor);
  }
  return anchors;
}

const GUIDES = readdirSync(DOCS_DIR)
  .filter((name) => name.endsWith('.md'))
  .sort()
  .map((name) => join(DOCS_DIR, name));

describe.each(['chat-list', 'sample-data'])('packages/%s README on npm', (name) => {
  test(
    'every relative link points at a file in the packed tarball',
    () => {
      const packageDir = join(PACKAGES_DIR, name);
      const files = packedFiles(packageDir);
      const readme = readFileSync(join(packageDir, 'README.md'), 'utf8');
      const broken = relativeLinks(readme).filter((target) => !files.has(normalize(target)));
      expect(broken).toEqual([]);
    },
    TOOL_CHECK_TIMEOUT,
  );
});

describe.each([join(REPO_DIR, 'README.md'), ...GUIDES].map((file) => [relative(REPO_DIR, file), file]))(
  '%s on GitHub',
  (_, file) => {
    test('every relative link reaches a file of the repository, and a heading of it', () => {
      const markdown = readFileSync(file, 'utf8');
      const broken = relativeTargets(markdown).filter((target) => {
        const [path, fragment] = target.split('#') as [string, string | undefined];
        const linked = path === '' ? file : resolve(dirname(file), decodeURIComponent(path));
        if (!existsSync(linked)) return true;
        if (fragment === undefined || !linked.endsWith('.md') || statSync(linked).isDirectory()) return false;
        return !anchorsOf(readFileSync(linked, 'utf8')).has(fragment);
      });
      expect(broken).toEqual([]);
    });
  },
);

/**
 * Words of the project's own making that mean nothing to a reader. `architecture.md`, the
 * contributors' guide to the source, may name the engine's parts (files, `KernelView`), and no
 * more.
 */
const INTERNAL_WORDS: { pattern: RegExp; allowedIn?: RegExp }[] = [
  { pattern: /\bissue #\d+/i },
  { pattern: /\b(PR|pull request) #\d+/i },
  { pattern: /\bSPEC\b/ },
  { pattern: /§/ },
  { pattern: /\bseed \d{3,}/i },
  { pattern: /\bheld turn/i },
  { pattern: /\bkernel/i, allowedIn: /architecture\.md$/ },
  { pattern: /\bsrc\/(core|dom|react)\//, allowedIn: /architecture\.md$/ },
];

const USER_TEXTS = [
  join(REPO_DIR, 'README.md'),
  join(PACKAGES_DIR, 'chat-list', 'README.md'),
  join(PACKAGES_DIR, 'chat-list', 'CHANGELOG.md'),
  ...GUIDES,
  ...readdirSync(join(REPO_DIR, '.changeset'))
    .filter((name) => name.endsWith('.md') && name !== 'README.md')
    .map((name) => join(REPO_DIR, '.changeset', name)),
];

test.each(USER_TEXTS.map((file) => [relative(REPO_DIR, file), file]))(
  '%s speaks the reader’s language, not the project’s',
  (name, file) => {
    const lines = readFileSync(file, 'utf8').split('\n');
    const found = lines.flatMap((line, index) =>
      INTERNAL_WORDS.filter(({ pattern, allowedIn }) => pattern.test(line) && !allowedIn?.test(name)).map(
        ({ pattern }) => `${name}:${index + 1}: ${pattern.source}: ${line.trim()}`,
      ),
    );
    expect(found).toEqual([]);
  },
);
