/** Zod-free: the web imports these at start-up without building the schemas (docs/performance.md); the schema module re-exports them. */

/** Spec §9 "menu search typing buffer 350 ms": the shell search asks once the typing has paused this long. */
export const SHELL_SEARCH_DELAY_MS = 350;
/** Records are searched from this many characters (shorter queries find menu destinations only). */
export const MIN_RECORD_SEARCH_LENGTH = 2;
/** At most this many records of each kind. */
export const SEARCH_RESULTS_PER_KIND = 5;
