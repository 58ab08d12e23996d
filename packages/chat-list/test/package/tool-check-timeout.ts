/**
 * The limit of a package check that runs a tool (tsc, Prettier, npm, pnpm): it catches a hang, not
 * slowness. The test command runs these checks at the lowest CPU priority beside the browser
 * tests, where any other load starves them: a README check that takes seconds alone passed its
 * old 60 s limit in a `test:matrix` run on a machine doing other work too.
 */
export const TOOL_CHECK_TIMEOUT = 300_000;
