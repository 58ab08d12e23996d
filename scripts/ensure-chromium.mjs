// Browser tests drive a system Chromium through playwright-core: Playwright's own
// browser download is not reachable on every machine, Debian's package is.
import { existsSync } from 'node:fs';
import { spawnSync } from 'node:child_process';

const CANDIDATES = ['/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome'];

function findChromium() {
  const fromEnv = process.env.CHROMIUM_PATH;
  if (fromEnv && existsSync(fromEnv)) return fromEnv;
  return CANDIDATES.find((path) => existsSync(path)) ?? null;
}

function sh(command) {
  console.log(`\n$ ${command}`);
  return spawnSync(command, { shell: true, stdio: 'inherit' }).status === 0;
}

export function ensureChromium() {
  const found = findChromium();
  if (found) return found;
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  const hasApt = spawnSync('sh', ['-c', 'command -v apt-get'], { stdio: 'ignore' }).status === 0;
  if (isRoot && hasApt) {
    if (sh('apt-get update -qq')) sh('DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium');
    const installed = findChromium();
    if (installed) return installed;
  }
  console.error(
    [
      '✖ The browser tests need Chromium and none was found.',
      '  Install it and run the tests again, for example:',
      '    Debian/Ubuntu:  sudo apt-get install -y chromium',
      '    macOS:          brew install --cask chromium',
      '  or point CHROMIUM_PATH at an existing Chromium or Chrome binary.',
    ].join('\n'),
  );
  process.exit(1);
}
