// The environment `npm start`, `npm run cluster` and `npm run load:embedded` give the server process, on
// top of the caller's own (decision 066). MALLOC_MMAP_THRESHOLD_: glibc's malloc serves blocks of 1 MB
// or more with mmap and returns them when freed. Left to itself glibc raises that threshold after the
// first large free, and the 19 MB each password hash (Argon2) takes on a libuv thread stays in the
// process: 20–35 MB more after a few sign-ins, 30–80 MB more after the load. Other allocators ignore it.
export function serverProcessEnv(env) {
  return { MALLOC_MMAP_THRESHOLD_: '1048576', ...env };
}
