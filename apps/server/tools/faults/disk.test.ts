/**
 * The embedded database's disk: full while the server runs (a small tmpfs filled up), and read-only at
 * start-up (the tmpfs remounted read-only). Writes refused with a clear 503 STORAGE_FULL, nothing
 * acknowledged is lost, the server carries on once there is space, and a read-only data directory stops
 * the start with a message that says so. Mounting needs root, which CI has.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, rmSync } from 'node:fs';
import { afterAll, describe, expect, it, onTestFailed } from 'vitest';
import type { HttpClient } from '../../src/test/http-client';
import { eventually, isRoot, signedInOwner, startServer, startServerExpectingFailure, tempDir } from './harness';

function run(command: string, args: string[]) {
  const result = spawnSync(command, args, { encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')}: ${result.stderr}`);
}

async function candidateNames(client: HttpClient): Promise<Set<string>> {
  const names = new Set<string>();
  for (let page = 1; ; page++) {
    const response = await client.get(`/api/candidates/?search=Disk&page=${page}&page_size=100`);
    expect(response.status, response.text).toBe(200);
    for (const candidate of response.json.results as { last_name: string }[]) names.add(candidate.last_name);
    if (response.json.results.length === 0 || names.size >= response.json.count) return names;
  }
}

describe('a full or read-only disk under the embedded database', () => {
  const cleanups: (() => Promise<void> | void)[] = [];
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  });

  it('disk full: writes refused with 503 STORAGE_FULL, nothing lost, carries on when space is freed; read-only: a clear refusal to start', async () => {
    if (!isRoot) throw new Error('This test mounts a small tmpfs and needs root (CI runs as root).');
    const mount = tempDir('disk');
    // 160 MB: a fresh embedded database takes about 40 MB; the rest is filled up below.
    run('mount', ['-t', 'tmpfs', '-o', 'size=160m', 'tmpfs', mount]);
    cleanups.push(() => {
      spawnSync('umount', [mount]);
      rmSync(mount, { recursive: true, force: true });
    });
    const dataDir = `${mount}/data`;
    mkdirSync(dataDir);
    const server = await startServer({ dataDir });
    cleanups.push(() => server.stop());
    onTestFailed(() => console.error(`server output:\n${server.output().slice(-6000)}`));
    const client = await signedInOwner(server.baseUrl);
    const acked = new Set<string>();
    const write = async (lastName: string) => {
      const response = await client.post('/api/candidates/', {
        first_name: 'Disk',
        last_name: lastName,
        current_title: 'x'.repeat(200),
      });
      if (response.status === 201) acked.add(lastName);
      return response;
    };
    for (let i = 0; i < 5; i++) expect((await write(`Before-${i}`)).status).toBe(201);

    // Fill the disk (dd stops with "No space left on device").
    spawnSync('dd', ['if=/dev/zero', `of=${mount}/filler`, 'bs=1M'], { encoding: 'utf8' });
    let refused;
    for (let i = 0; i < 2000 && !refused; i++) {
      const response = await write(`Full-${i}`);
      if (response.status !== 201) refused = response;
    }
    expect(refused, 'a write was refused once the disk was full').toBeDefined();
    expect(refused!.status).toBe(503);
    expect(refused!.json).toEqual({ success: false, error: expect.stringMatching(/disk full/), code: 'STORAGE_FULL' });
    await eventually(async () => expect(server.output()).toMatch(/database storage full or read-only/), 30_000);

    // Space again: the same process takes writes, and everything acknowledged is there.
    rmSync(`${mount}/filler`);
    expect((await write('After-space')).status).toBe(201);
    const names = await candidateNames(client);
    for (const name of acked) expect(names.has(name), name).toBe(true);
    await server.stop();

    // Read-only at start-up: a clear refusal, naming the directory and the cause.
    run('mount', ['-o', 'remount,ro', mount]);
    const failed = await startServerExpectingFailure({ dataDir });
    expect(failed.code).not.toBe(0);
    expect(failed.output).toContain(`The data directory ${dataDir}/db is not writable (the file system is read-only)`);

    // Writable again: nothing was corrupted, every acknowledged write is there.
    run('mount', ['-o', 'remount,rw', mount]);
    const again = await startServer({ dataDir });
    cleanups.push(() => again.stop());
    const after = await signedInOwner(again.baseUrl);
    const restored = await candidateNames(after);
    for (const name of acked) expect(restored.has(name), name).toBe(true);
    expect(restored.size).toBe(acked.size);
  });
});
