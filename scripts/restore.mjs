// `npm run restore -- <backup folder>`: puts a backup made by `npm run backup` back into DATA_DIR. The
// server must be stopped. What was there is moved aside to DATA_DIR/before-restore-<UTC time>/, not deleted.
import { cpSync, existsSync, mkdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import path from 'node:path';
import { dataDirFromEnv, openEmbedded, runningServer, SNAPSHOT } from './backup-common.mjs';

const source = process.argv[2] ? path.resolve(process.env.INIT_CWD ?? process.cwd(), process.argv[2]) : undefined;
if (!source || !existsSync(path.join(source, 'manifest.json')) || !existsSync(path.join(source, SNAPSHOT.file))) {
  console.error('Usage: npm run restore -- <folder written by npm run backup> (with manifest.json and db.tar.gz)');
  process.exit(1);
}
if (process.env.DATABASE_URL) {
  console.error('DATABASE_URL is set: restore PostgreSQL with pg_restore (docs/operations.md#backup-and-restore).');
  process.exit(1);
}
const dataDir = dataDirFromEnv();
const server = runningServer(dataDir);
if (server) {
  console.error(`A server (process ${server.pid}) is running on ${dataDir}: stop it first, then restore.`);
  process.exit(1);
}
const manifest = JSON.parse(readFileSync(path.join(source, 'manifest.json'), 'utf8'));
if (manifest.format !== 1) {
  console.error(`Unknown backup format ${manifest.format}.`);
  process.exit(1);
}

mkdirSync(dataDir, { recursive: true });
const aside = path.join(dataDir, `before-restore-${new Date().toISOString().replace(/[:.]/g, '-')}`);
const moved = [];
for (const name of ['db', 'files', 'secret-key']) {
  if (!existsSync(path.join(dataDir, name))) continue;
  mkdirSync(aside, { recursive: true, mode: 0o700 });
  renameSync(path.join(dataDir, name), path.join(aside, name));
  moved.push(name);
}
try {
  // PGlite unpacks the snapshot into the empty folder, then PostgreSQL recovers it from its WAL on open.
  const blob = new Blob([readFileSync(path.join(source, SNAPSHOT.file))]);
  const db = await openEmbedded(path.join(dataDir, 'db'), { loadDataDir: blob });
  const { rows } = await db.query('select count(*)::int as users from users');
  await db.close();
  if (existsSync(path.join(source, 'files')))
    cpSync(path.join(source, 'files'), path.join(dataDir, 'files'), { recursive: true, preserveTimestamps: true });
  if (existsSync(path.join(source, 'secret-key')))
    cpSync(path.join(source, 'secret-key'), path.join(dataDir, 'secret-key'));
  console.log(
    `Restored ${source} (taken ${manifest.createdAt}, ${manifest.files} stored files, ${rows[0]?.users ?? 0} users) into ${dataDir}.` +
      (moved.length ? ` The previous ${moved.join(', ')} are in ${aside}.` : ''),
  );
} catch (error) {
  // Put back what was there.
  for (const name of ['db', 'files', 'secret-key']) rmSync(path.join(dataDir, name), { recursive: true, force: true });
  for (const name of moved) renameSync(path.join(aside, name), path.join(dataDir, name));
  rmSync(aside, { recursive: true, force: true });
  console.error(`Restore failed, nothing changed: ${error.message}`);
  process.exit(1);
}
