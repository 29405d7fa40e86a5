import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

let cachedRoot: string | undefined;

/**
 * The apps/server folder, found from this file's own location so that both the TypeScript sources
 * (src/config/paths.ts) and the bundle (dist/server.js) work from any working directory.
 */
export function serverRoot(): string {
  if (cachedRoot) return cachedRoot;
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (;;) {
    const pkg = path.join(dir, 'package.json');
    if (existsSync(pkg)) {
      const name = (JSON.parse(readFileSync(pkg, 'utf8')) as { name?: string }).name;
      if (name === '@recruitdesk/server') return (cachedRoot = dir);
    }
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error('Cannot locate the @recruitdesk/server package folder.');
    dir = parent;
  }
}

export const migrationsDir = (): string => path.join(serverRoot(), 'drizzle');
export const defaultWebDistDir = (): string => path.join(serverRoot(), '..', 'web', 'dist');
