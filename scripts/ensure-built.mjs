// Builds whatever part of the app is missing or older than its sources (used by `npm start` and the
// load scripts).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

function newestMtime(target) {
  if (!fs.existsSync(target)) return 0;
  const stat = fs.statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of fs.readdirSync(target)) {
    if (entry === 'node_modules' || entry === 'dist') continue;
    newest = Math.max(newest, newestMtime(path.join(target, entry)));
  }
  return newest;
}

function ensureBuilt(name, output, sources) {
  const builtAt = fs.existsSync(output) ? fs.statSync(output).mtimeMs : 0;
  const changedAt = Math.max(...sources.map((source) => newestMtime(path.join(root, source))));
  if (builtAt >= changedAt) return;
  console.log(builtAt ? `Sources of ${name} changed: rebuilding…` : `Building ${name}…`);
  const result = spawnSync('npm', ['run', 'build', '-w', name], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

/** The web app and the server bundle, rebuilt when a source is newer. */
export function ensureAppBuilt() {
  ensureBuilt('@recruitdesk/web', path.join(root, 'apps/web/dist/index.html'), [
    'apps/web/src',
    'apps/web/index.html',
    'apps/web/public',
    'apps/web/vite.config.ts',
    'packages/contracts/src',
  ]);
  ensureBuilt('@recruitdesk/server', path.join(root, 'apps/server/dist/server.js'), [
    'apps/server/src',
    'apps/server/build.mjs',
    'packages/contracts/src',
  ]);
}
