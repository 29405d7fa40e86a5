// `npm run backup [-- <folder>]`: a backup of the embedded database and the stored files into a new folder
// (default ./backups/recruitdesk-<UTC time>). While a server runs on DATA_DIR, that server writes the
// database snapshot (it owns the database: decision 051); otherwise this script opens the database itself.
// With DATABASE_URL set, use pg_dump instead (docs/operations.md#backup-and-restore).
import {
  cpSync,
  existsSync,
  mkdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
  copyFileSync,
  readdirSync,
} from 'node:fs';
import path from 'node:path';
import { runningServer, openEmbedded, dataDirFromEnv, SNAPSHOT } from './backup-common.mjs';

if (process.env.DATABASE_URL) {
  console.error('DATABASE_URL is set: back up PostgreSQL with pg_dump (docs/operations.md#backup-and-restore).');
  process.exit(1);
}
const dataDir = dataDirFromEnv();
const dbDir = path.join(dataDir, 'db');
if (!existsSync(path.join(dbDir, 'PG_VERSION'))) {
  console.error(`No embedded database in ${dbDir} (DATA_DIR=${dataDir}).`);
  process.exit(1);
}
const stamp = new Date().toISOString().replace(/[:.]/g, '-');
const target = path.resolve(
  process.env.INIT_CWD ?? process.cwd(),
  process.argv[2] ?? path.join('backups', `recruitdesk-${stamp}`),
);
if (existsSync(target) && readdirSync(target).length > 0) {
  console.error(`${target} exists and is not empty.`);
  process.exit(1);
}
mkdirSync(target, { recursive: true, mode: 0o700 });

const server = runningServer(dataDir);
let mode;
if (server) {
  // Ask the running server: the request file says where, SIGUSR2 says now.
  mode = `online (server process ${server.pid})`;
  writeFileSync(path.join(dataDir, SNAPSHOT.request), JSON.stringify({ dir: target }), { mode: 0o600 });
  process.kill(server.pid, 'SIGUSR2');
  const resultFile = path.join(target, SNAPSHOT.result);
  const deadline = Date.now() + Number(process.env.BACKUP_TIMEOUT_MS ?? 600_000);
  while (!existsSync(resultFile)) {
    if (Date.now() > deadline || !runningServer(dataDir)) {
      console.error('The server did not write the snapshot (see its log).');
      process.exit(1);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  const result = JSON.parse(readFileSync(resultFile, 'utf8'));
  rmSync(resultFile);
  if (!result.ok) {
    console.error(`The server could not write the snapshot: ${result.error}`);
    process.exit(1);
  }
} else {
  mode = 'offline (no server running on this DATA_DIR)';
  const db = await openEmbedded(dbDir);
  try {
    await db.exec('CHECKPOINT');
    const blob = await db.dumpDataDir('gzip');
    writeFileSync(path.join(target, SNAPSHOT.file), Buffer.from(await blob.arrayBuffer()), { mode: 0o600 });
  } finally {
    await db.close();
  }
}

// Files after the database: every file the snapshot refers to was there before it was taken.
const filesDir = path.join(dataDir, 'files');
let fileCount = 0;
if (existsSync(filesDir)) {
  cpSync(filesDir, path.join(target, 'files'), { recursive: true, preserveTimestamps: true });
  const count = (dir) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (entry.isDirectory()) count(path.join(dir, entry.name));
      else fileCount += 1;
    }
  };
  count(path.join(target, 'files'));
}
// The secret key signs sessions and links; without it a restored copy on another machine signs everyone out.
if (existsSync(path.join(dataDir, 'secret-key')))
  copyFileSync(path.join(dataDir, 'secret-key'), path.join(target, 'secret-key'));

const manifest = {
  format: 1,
  createdAt: new Date().toISOString(),
  mode: mode.split(' ')[0],
  database: { file: SNAPSHOT.file, bytes: statSync(path.join(target, SNAPSHOT.file)).size },
  files: fileCount,
};
writeFileSync(path.join(target, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);
console.log(
  `Backup written to ${target}: database ${manifest.database.bytes} bytes, ${fileCount} stored files; ${mode}.`,
);
