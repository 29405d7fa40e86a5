// `npm start`: build whatever is missing or older than its sources, then run the server.
// The server migrates the database, loads the demo agency on first start and prints the URL and logins.
// NODE_ENV is left as given (unset: development): with NODE_ENV=production the demo agency is never
// created and an empty database needs OWNER_EMAIL/OWNER_PASSWORD (see README, Production).
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

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

const server = spawn(process.execPath, [path.join(root, 'apps/server/dist/server.js')], {
  cwd: process.cwd(),
  stdio: 'inherit',
  env: process.env,
});
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => server.kill(signal));
}
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 0 : 1)));
