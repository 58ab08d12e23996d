// Only pnpm turns the workspace's `catalog:` and `workspace:` versions into real ones when it
// packs: a tarball made by `npm pack` or `npm publish` keeps them, and nobody can install it.
// Both published packages refuse to be packed by anything but pnpm (their `prepack`).
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, test } from 'vitest';
import { TOOL_CHECK_TIMEOUT } from './tool-check-timeout';

const PACKAGES = {
  '@chat-list/react': fileURLToPath(new URL('../..', import.meta.url)),
  '@chat-list/sample-data': fileURLToPath(new URL('../../../sample-data', import.meta.url)),
};

const scratch = mkdtempSync(join(tmpdir(), 'chat-list-pack-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** Runs a command in `cwd` without the variables of the pnpm (or npm) script that runs this test. */
const run = (command: string, args: string[], cwd: string) => {
  const env = Object.fromEntries(Object.entries(process.env).filter(([name]) => !/^npm_|^PNPM_/i.test(name)));
  return spawnSync(command, args, { cwd, env, encoding: 'utf8', timeout: TOOL_CHECK_TIMEOUT });
};

describe.each(Object.entries(PACKAGES))('packing %s', (name, dir) => {
  test.each([['pack'], ['publish']])(
    'npm %s fails before packing, with the command to use',
    (command) => {
      const result = run('npm', [command, '--dry-run'], dir);
      expect(result.status, result.stdout).not.toBe(0);
      expect(result.stderr).toContain(`${name} is packed and published with pnpm: run pnpm pack or pnpm publish`);
    },
    TOOL_CHECK_TIMEOUT,
  );

  test(
    'pnpm pack makes a tarball whose package.json has only real versions',
    () => {
      const tarball = join(scratch, `${name.replace(/\W/g, '-')}.tgz`);
      const packed = run('pnpm', ['pack', '--out', tarball], dir);
      expect(packed.status, packed.stderr).toBe(0);
      const manifest = spawnSync('tar', ['-xzOf', tarball, 'package/package.json'], { encoding: 'utf8' }).stdout;
      const { dependencies = {} } = JSON.parse(manifest) as { dependencies?: Record<string, string> };
      expect(Object.keys(dependencies).length).toBeGreaterThan(0);
      for (const [dependency, range] of Object.entries(dependencies)) {
        expect(range, dependency).not.toMatch(/^(catalog|workspace):/);
      }
    },
    TOOL_CHECK_TIMEOUT,
  );
});
