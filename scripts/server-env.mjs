// The environment and Node options `npm start`, `npm run cluster`, `npm run load:embedded` and the benches give
// the server process, on top of the caller's own (decisions 066, 105). MALLOC_MMAP_THRESHOLD_: glibc's malloc
// serves blocks of 1 MB or more with mmap and returns them when freed. Left to itself glibc raises that
// threshold after the first large free, and the 19 MB each password hash (Argon2) takes on a libuv thread
// stays in the process: 20–35 MB more after a few sign-ins, 30–80 MB more after the load. Other allocators
// ignore it.
export function serverProcessEnv(env) {
  return { MALLOC_MMAP_THRESHOLD_: '1048576', ...env };
}

/**
 * Node's options for the server process. On the embedded database (no DATABASE_URL) the database lives in
 * the server's own memory, so V8's old generation may grow by only half the live heap before a full collection
 * (instead of up to four times it): a 100,000-row import peaked at 641 MB with V8's defaults (most of the heap
 * was garbage not yet collected) and 448 MB with this, in the same time (decision 094). EMBEDDED_NODE_OPTIONS
 * replaces it (empty: V8's defaults). On PostgreSQL the server keeps V8's defaults.
 */
export function serverNodeArgs(env) {
  if (env.DATABASE_URL) return [];
  return env.EMBEDDED_NODE_OPTIONS !== undefined
    ? env.EMBEDDED_NODE_OPTIONS.split(/\s+/).filter(Boolean)
    : ['--heap-growing-percent=50'];
}
