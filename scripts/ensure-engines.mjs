// The browser suite's other engines (test/conditions.mjs: `browser-firefox`, `browser-webkit`)
// drive Debian's own builds: Playwright's Firefox and WebKit downloads are not reachable on every
// machine, Debian's packages are. Like ensure-chromium.mjs, installed with apt-get when missing,
// and only when a project of that engine is going to run.
import { existsSync } from 'node:fs';
import { spawnSync } from 'node:child_process';

const ENGINES = {
  firefox: {
    envVar: 'FIREFOX_PATH',
    candidates: ['/usr/bin/firefox-esr', '/usr/bin/firefox'],
    packages: ['firefox-esr'],
    hint: '    Debian/Ubuntu:  sudo apt-get install -y firefox-esr\n  or point FIREFOX_PATH at a Firefox binary.',
  },
  webkit: {
    envVar: 'WEBKIT_WEBDRIVER_PATH',
    candidates: ['/usr/bin/WebKitWebDriver'],
    // WebKitGTK's WebDriver, its MiniBrowser (in the WebKitGTK library package it depends on),
    // and a virtual display for it: MiniBrowser has no headless mode.
    packages: ['webkit2gtk-driver', 'xvfb'],
    also: ['/usr/bin/xvfb-run'],
    hint: '    Debian/Ubuntu:  sudo apt-get install -y webkit2gtk-driver xvfb',
  },
};

function find({ envVar, candidates, also = [] }) {
  if (!also.every((path) => existsSync(path))) return null;
  const fromEnv = process.env[envVar];
  if (fromEnv && existsSync(fromEnv)) return fromEnv;
  return candidates.find((path) => existsSync(path)) ?? null;
}

function sh(command) {
  console.log(`\n$ ${command}`);
  return spawnSync(command, { shell: true, stdio: 'inherit' }).status === 0;
}

/**
 * The binary the suite needs for `engine` ('firefox': Firefox itself; 'webkit': WebKitWebDriver),
 * installed with apt-get first where it is missing and this process may; exits with a hint otherwise.
 */
export function ensureEngine(engine) {
  const wanted = ENGINES[engine];
  if (!wanted) throw new Error(`ensureEngine: no engine ${engine}`);
  const found = find(wanted);
  if (found) return found;
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  const hasApt = spawnSync('sh', ['-c', 'command -v apt-get'], { stdio: 'ignore' }).status === 0;
  if (isRoot && hasApt) {
    if (sh('apt-get update -qq')) {
      sh(`DEBIAN_FRONTEND=noninteractive apt-get install -y -qq ${wanted.packages.join(' ')}`);
    }
    const installed = find(wanted);
    if (installed) return installed;
  }
  console.error(
    [
      `✖ The ${engine} browser tests need ${wanted.packages.join(' and ')} and it was not found.`,
      '  Install it and run the tests again, for example:',
      wanted.hint,
    ].join('\n'),
  );
  process.exit(1);
}

/** The engine a browser project runs in (`CHAT_LIST_BROWSER` of its condition), Chromium by default. */
export const engineOfCondition = (condition) => condition?.env.CHAT_LIST_BROWSER ?? 'chromium';

/** The environment variable that tells the harness where `engine`'s binary is. */
export const engineEnvVar = (engine) => ENGINES[engine]?.envVar;
