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
 * the server's own memory, so V8 is told to favour size: its old generation grows by a small factor before
 * each full collection instead of up to four times the live heap. A 100,000-row import peaked at 670 MB
 * without it (≈ 250 MB of the V8 heap was garbage not yet collected) and stays near 300 MB with it
 * (decision 094). On PostgreSQL the server keeps V8's defaults.
 */
export function serverNodeArgs(env) {
  return env.DATABASE_URL ? [] : ['--optimize-for-size'];
}
