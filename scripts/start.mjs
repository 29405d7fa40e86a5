// `npm start`: build whatever is missing or older than its sources, then run the server.
// The server migrates the database, loads the demo agency on first start and prints the URL and logins.
// NODE_ENV is left as given (unset: development): with NODE_ENV=production the demo agency is never
// created and an empty database needs OWNER_EMAIL/OWNER_PASSWORD (see README, Production).
import { spawn } from 'node:child_process';
import path from 'node:path';
import { ensureAppBuilt, root } from './ensure-built.mjs';
import { serverNodeArgs, serverProcessEnv } from './server-env.mjs';

ensureAppBuilt();

const server = spawn(
  process.execPath,
  [...serverNodeArgs(process.env), path.join(root, 'apps/server/dist/server.js')],
  {
    cwd: process.cwd(),
    stdio: 'inherit',
    env: serverProcessEnv(process.env),
  },
);
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => server.kill(signal));
}
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 0 : 1)));
