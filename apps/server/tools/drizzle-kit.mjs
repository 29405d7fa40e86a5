// Runs drizzle-kit so that it finds drizzle-orm. npm installed drizzle-orm under apps/server/node_modules
// while drizzle-kit is hoisted to the root, where its own `require`/`import('drizzle-orm')` fail.
// Usage: node tools/drizzle-kit.mjs generate [...args]
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(path.join(serverDir, 'package.json'));
const bin = path.join(path.dirname(require.resolve('drizzle-kit')), 'bin.cjs');
const hook = path.join(serverDir, 'tools', 'resolve-from-server.mjs');

const result = spawnSync(process.execPath, ['--import', hook, bin, ...process.argv.slice(2)], {
  cwd: serverDir,
  stdio: 'inherit',
  env: {
    ...process.env,
    NODE_PATH: [path.join(serverDir, 'node_modules'), process.env.NODE_PATH].filter(Boolean).join(path.delimiter),
  },
});
process.exit(result.status ?? 1);
