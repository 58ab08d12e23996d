// Part 2 of the fuzzer's seeds (fuzz-driver.ts): the bounded budget is split in two files so
// that two workers run it side by side.
import { describe, it } from 'vitest';
import { useFixtureBrowser } from './fixture-page';
import { FIRST_SEED, REPLAY, runSeed, SEEDS, seedsOfPart, STEPS } from './fuzz-driver';

const browser = useFixtureBrowser();

describe.skipIf(REPLAY !== undefined)(
  `fuzzing ${SEEDS} seeds × ${STEPS} steps from seed ${FIRST_SEED}, part 2 of 2`,
  () => {
    for (const seed of seedsOfPart(2, 2)) {
      it(`seed ${seed}: every invariant holds after every step`, () => runSeed(browser, seed), 600_000);
    }
  },
);
