/**
 * Backups. The embedded database: `npm run backup` while the server runs and takes writes (the server
 * writes the snapshot), changes after it, `npm run restore` with the server stopped: the changes are gone,
 * everything acknowledged before the backup is there, the stored files too. PostgreSQL: the documented
 * pg_dump / pg_restore procedure (docs/operations.md), exercised the same way.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createPostgresDatabase } from '../../src/test/build-test-app';
import type { HttpClient } from '../../src/test/http-client';
import { serverDir, signedInOwner, startServer, tempDir } from './harness';

const repoRoot = path.resolve(serverDir, '../..');

function runScript(script: 'backup' | 'restore', dataDir: string, args: string[]) {
  const result = spawnSync(process.execPath, [path.join(repoRoot, 'scripts', `${script}.mjs`), ...args], {
    cwd: repoRoot,
    env: { PATH: process.env.PATH ?? '/usr/bin:/bin', DATA_DIR: dataDir },
    encoding: 'utf8',
    timeout: 600_000,
  });
  return { status: result.status, output: `${result.stdout}${result.stderr}` };
}

async function createCandidate(client: HttpClient, lastName: string): Promise<number> {
  const response = await client.post('/api/candidates/', { first_name: 'Backup', last_name: lastName });
  expect(response.status, response.text).toBe(201);
  return Number(response.json.candidate.id);
}

async function lastNameOf(client: HttpClient, id: number): Promise<string | null> {
  const response = await client.get(`/api/candidates/${id}/`);
  if (response.status === 404) return null;
  expect(response.status, response.text).toBe(200);
  return String(response.json.candidate.last_name);
}

function pgTool(name: string): string {
  const dir = ['15', '16', '17', '14']
    .map((v) => `/usr/lib/postgresql/${v}/bin`)
    .find((d) => existsSync(path.join(d, name)));
  return dir ? path.join(dir, name) : name;
}

describe('backup and restore', () => {
  const cleanups: (() => Promise<void> | void)[] = [];
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  });

  it('embedded database: a backup taken under writes restores exactly what was acknowledged before it', async () => {
    const dataDir = tempDir('backup-data');
    const backups = tempDir('backup-out');
    cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
    cleanups.push(() => rmSync(backups, { recursive: true, force: true }));
    const server = await startServer({ dataDir });
    cleanups.push(() => server.stop());
    const client = await signedInOwner(server.baseUrl);
    const kept = [await createCandidate(client, 'Kept-1'), await createCandidate(client, 'Kept-2')];
    mkdirSync(path.join(dataDir, 'files', 'backup-test'), { recursive: true });
    writeFileSync(path.join(dataDir, 'files', 'backup-test', 'resume.txt'), 'the stored file');

    // Writes keep arriving while the backup is taken.
    const acknowledgedBefore: number[] = [];
    let writing = true;
    let written = 0;
    const writer = (async () => {
      for (let i = 0; writing; i++) {
        const response = await client.post('/api/candidates/', { first_name: 'Backup', last_name: `During-${i}` });
        expect(response.status).toBe(201);
        written += 1;
      }
    })();
    while (written < 3) await new Promise((resolve) => setTimeout(resolve, 50));
    for (const id of kept) acknowledgedBefore.push(id);
    const startedWith = written;
    const target = path.join(backups, 'one');
    const backup = runScript('backup', dataDir, [target]);
    writing = false;
    await writer;
    expect(backup.output).toMatch(/online/);
    expect(backup.status, backup.output).toBe(0);
    const manifest = JSON.parse(readFileSync(path.join(target, 'manifest.json'), 'utf8')) as {
      files: number;
      mode: string;
    };
    expect(manifest).toMatchObject({ mode: 'online', files: 1 });

    // After the backup: a change, a new record, a lost file.
    await client.request('PUT', `/api/candidates/${kept[0]}/`, {
      body: { first_name: 'Backup', last_name: 'Changed-after' },
    });
    const added = await createCandidate(client, 'Added-after');
    rmSync(path.join(dataDir, 'files', 'backup-test', 'resume.txt'));

    // Restore refuses while the server runs, then works once it is stopped.
    const refused = runScript('restore', dataDir, [target]);
    expect(refused.status).not.toBe(0);
    expect(refused.output).toMatch(/stop it first/);
    await server.stop();
    const restore = runScript('restore', dataDir, [target]);
    expect(restore.status, restore.output).toBe(0);
    expect(restore.output).toMatch(/before-restore-/);

    const again = await startServer({ dataDir });
    cleanups.push(() => again.stop());
    const after = await signedInOwner(again.baseUrl);
    expect(await lastNameOf(after, kept[0]!)).toBe('Kept-1');
    expect(await lastNameOf(after, kept[1]!)).toBe('Kept-2');
    expect(await lastNameOf(after, added)).toBeNull();
    expect(readFileSync(path.join(dataDir, 'files', 'backup-test', 'resume.txt'), 'utf8')).toBe('the stored file');
    // Every write acknowledged before the backup started is in it.
    const list = await after.get('/api/candidates/?search=During&page_size=100');
    expect(list.status).toBe(200);
    expect(list.json.count).toBeGreaterThanOrEqual(startedWith);
    await again.stop();

    // With no server running, the script opens the database itself.
    const offline = runScript('backup', dataDir, [path.join(backups, 'two')]);
    expect(offline.status, offline.output).toBe(0);
    expect(offline.output).toMatch(/offline/);
  });

  it('PostgreSQL: pg_dump, a change, pg_restore: the change is gone and everything else is there', async () => {
    const adminUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
    const created = await createPostgresDatabase(adminUrl);
    cleanups.push(() => created.drop());
    const dataDir = tempDir('backup-pg');
    cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
    const env = { DATABASE_URL: created.url, SECRET_KEY: 'fault-test-secret-key-0123456789abcdef' };
    const server = await startServer({ dataDir, env });
    cleanups.push(() => server.stop());
    const client = await signedInOwner(server.baseUrl);
    const kept = [await createCandidate(client, 'Pg-kept-1'), await createCandidate(client, 'Pg-kept-2')];

    // The documented procedure: a custom-format dump, taken while the server runs.
    const dumpFile = path.join(dataDir, 'recruitdesk.dump');
    const dump = spawnSync(pgTool('pg_dump'), ['--format=custom', '--no-owner', `--file=${dumpFile}`, created.url], {
      encoding: 'utf8',
    });
    expect(dump.status, dump.stderr).toBe(0);

    await client.request('PUT', `/api/candidates/${kept[0]}/`, {
      body: { first_name: 'Backup', last_name: 'Pg-changed-after' },
    });
    const added = await createCandidate(client, 'Pg-added-after');

    // Restore: stop the app servers, replace every object, start them again.
    await server.stop();
    const restore = spawnSync(
      pgTool('pg_restore'),
      ['--clean', '--if-exists', '--no-owner', '--single-transaction', `--dbname=${created.url}`, dumpFile],
      {
        encoding: 'utf8',
      },
    );
    expect(restore.status, restore.stderr).toBe(0);
    const again = await startServer({ dataDir, env });
    cleanups.push(() => again.stop());
    const after = await signedInOwner(again.baseUrl);
    expect(await lastNameOf(after, kept[0]!)).toBe('Pg-kept-1');
    expect(await lastNameOf(after, kept[1]!)).toBe('Pg-kept-2');
    expect(await lastNameOf(after, added)).toBeNull();
    // And new writes get fresh ids (the sequences were restored with the rows).
    const next = await createCandidate(after, 'Pg-after-restore');
    expect(next).toBeGreaterThan(kept[1]!);
  });
});
