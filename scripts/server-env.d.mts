// Types of scripts/server-env.mjs for the TypeScript that imports it (the load scripts and benches).
export function serverProcessEnv<T extends Record<string, string | undefined>>(
  env: T,
): T & { MALLOC_MMAP_THRESHOLD_: string };
export function serverNodeArgs(env: Record<string, string | undefined>): string[];
