// `pnpm fuzz [--seeds N] [--steps N] [--first-seed N] [--count N] [--copies N]`: the long fuzzing run before a release
// (issue #13). Builds the React 19 fixture pages from src/, then runs the fuzzer's browser test
// with the budget in FUZZ_SEEDS / FUZZ_STEPS / FUZZ_FIRST_SEED (and FUZZ_COUNT, the opening's
// message count for every seed: 12000 fuzzes the opening window of issue #15; FUZZ_COPIES, that
// many copies of them: --count 1000 --copies 1000 fuzzes a million messages, past the browser's
// height cap). FUZZ_PAINTED_FRAMES=1 also checks every painted frame for a blank strip.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const OPTIONS = {
  '--seeds': 'FUZZ_SEEDS',
  '--steps': 'FUZZ_STEPS',
  '--first-seed': 'FUZZ_FIRST_SEED',
  '--count': 'FUZZ_COUNT',
  '--copies': 'FUZZ_COPIES',
};
const env = { ...process.env };
const args = process.argv.slice(2).filter((arg) => arg !== '--');
for (let i = 0; i < args.length; i++) {
  const [name, inline] = args[i].split('=');
  const variable = OPTIONS[name];
  const value = inline ?? args[++i];
  if (variable === undefined || value === undefined || !/^\d+$/.test(value)) {
    console.error(
      `usage: pnpm fuzz [--seeds N] [--steps N] [--first-seed N] [--count N] [--copies N] (got ${args.join(' ')})`,
    );
    process.exit(2);
  }
  env[variable] = value;
}
env.FUZZ_SEEDS ??= '500';

const cwd = fileURLToPath(new URL('../..', import.meta.url));
const run = (command, commandArgs) => {
  const result = spawnSync(command, commandArgs, { cwd, env, stdio: 'inherit', shell: process.platform === 'win32' });
  if (result.status !== 0) process.exit(result.status ?? 1);
};
run('vite', ['build', '-c', 'vite.fixtures.config.ts']);
// The named replays and the seeds, split in two files that run side by side (fuzz-driver.ts).
run('vitest', ['run', '--project', 'browser', '--passWithNoTests', 'test/browser/fuzz-']);
