export interface BrowserCondition {
  /** What `npm test` prints as its matrix slice, and what CHAT_LIST_MATRIX_SLICE names. */
  name: string;
  /** The vitest project that runs the browser suite under it. */
  project: string;
  why: string;
  /** Set in the test process: read by the fixture browser and the fuzzer. */
  env: Readonly<Record<string, string>>;
  /** In how many parts `npm test` runs it, one a commit (all of it in `test:matrix`). */
  parts?: number;
  /** Run by `test:matrix` only, never drawn as `npm test`'s slice (an engine not passing whole yet). */
  matrixOnly?: boolean;
}
export interface MatrixSlice {
  condition: BrowserCondition;
  /** Which part of the condition's files (1-based), when it has parts. */
  part?: number;
  /** `react-18`, or `cpu-throttled-4x:1/2`: printed, and what CHAT_LIST_MATRIX_SLICE names. */
  name: string;
}
export declare const MATRIX_SLICES: readonly MatrixSlice[];
export declare const BROWSER_CONDITIONS: readonly BrowserCondition[];
export declare const DEFAULT_BROWSER_PROJECT: string;
export declare const CONDITION_FUZZ_SEEDS: string;
/** The browser test files of one part (1-based) of a condition dealt into `parts` parts of about equal cost. */
export declare function browserFilesOfPart(files: readonly string[], part: number, parts: number): string[];
/** The names of the browser test files (`test/browser/*.browser.test.ts`). */
export declare function listBrowserTestFiles(): string[];
