// npm shows each package's README on its page, where only the packed tarball
// exists: every relative link in a published README must point at a file in
// that tarball (links elsewhere in the repository are absolute URLs).
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { dirname, join, normalize } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, test } from 'vitest';
import { TOOL_CHECK_TIMEOUT } from './tool-check-timeout';

const PACKAGES_DIR = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..');

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

/** Relative link targets in a markdown text, without their #fragment. */
function relativeLinks(markdown: string): string[] {
  const targets = [...markdown.matchAll(/\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g)].map((match) => match[1]!);
  return targets
    .filter((target) => !/^[a-z][a-z0-9+.-]*:/i.test(target) && !target.startsWith('#'))
    .map((target) => target.split('#')[0]!);
}

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
