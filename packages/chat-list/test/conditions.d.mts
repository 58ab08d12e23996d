export interface BrowserCondition {
  /** What `npm test` prints as its matrix slice, and what CHAT_LIST_MATRIX_SLICE names. */
  name: string;
  /** The vitest project that runs the browser suite under it. */
  project: string;
  why: string;
  /** Set in the test process: read by the fixture browser and the fuzzer. */
  env: Readonly<Record<string, string>>;
}
export declare const BROWSER_CONDITIONS: readonly BrowserCondition[];
export declare const DEFAULT_BROWSER_PROJECT: string;
export declare const CONDITION_FUZZ_SEEDS: string;
