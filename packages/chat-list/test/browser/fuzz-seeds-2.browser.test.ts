// Part 2 of the fuzzer's seeds (fuzz-driver.ts): the bounded budget is split in two files so
// that two workers run it side by side.
import { useFixtureBrowser } from './fixture-page';
import { describeSeedPart } from './fuzz-driver';

describeSeedPart(useFixtureBrowser(), 2, 2);
