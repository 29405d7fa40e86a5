// node --test scripts/*.test.mjs (npm run test:scripts, part of npm test).
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, test } from 'node:test';
import { lockfileDrift } from './check-lockfile.mjs';

const root = path.join(import.meta.dirname, '..');
const script = path.join(import.meta.dirname, 'check-lockfile.mjs');

const made = [];
after(() => {
  for (const dir of made) fs.rmSync(dir, { recursive: true, force: true });
});

/** A copy of the repository's manifests and lock in a temporary folder, changed by `edit`. */
function copyWith(edit) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rd-lock-'));
  made.push(dir);
  const manifest = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8'));
  for (const file of ['package.json', 'package-lock.json', ...manifest.workspaces.map((w) => `${w}/package.json`)]) {
    fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    fs.copyFileSync(path.join(root, file), path.join(dir, file));
  }
  const json = (file) => ({
    get: () => JSON.parse(fs.readFileSync(path.join(dir, file), 'utf8')),
    set: (value) => fs.writeFileSync(path.join(dir, file), JSON.stringify(value, null, 2)),
  });
  edit(json);
  return dir;
}

test('the repository’s lock is in step with its package.json files', () => {
  assert.deepEqual(lockfileDrift(root), []);
  assert.equal(spawnSync(process.execPath, [script]).status, 0);
});

test('engines that differ between package.json and the lock fail, naming both values', () => {
  const dir = copyWith((json) => {
    const manifest = json('package.json');
    manifest.set({ ...manifest.get(), engines: { node: '>=20' } });
  });
  const problems = lockfileDrift(dir);
  assert.equal(problems.length, 1);
  assert.match(problems[0], /^package\.json engines \{"node":">=20"\} ≠ package-lock\.json packages\[""\]\.engines/);
  const run = spawnSync(process.execPath, [script, dir], { encoding: 'utf8' });
  assert.equal(run.status, 1);
  assert.match(run.stderr, /out of step/);
});

test('a workspace dependency missing from the lock fails', () => {
  const dir = copyWith((json) => {
    const money = json('packages/money/package.json');
    const value = money.get();
    money.set({ ...value, dependencies: { ...value.dependencies, 'left-pad': '^1.3.0' } });
  });
  assert.match(lockfileDrift(dir).join('\n'), /packages\/money\/package\.json dependencies/);
});

test('key order and empty lists do not count as drift', () => {
  const dir = copyWith((json) => {
    const manifest = json('package.json');
    const value = manifest.get();
    const reversed = Object.fromEntries(Object.entries(value.devDependencies).reverse());
    manifest.set({ ...value, devDependencies: reversed, optionalDependencies: {} });
  });
  assert.deepEqual(lockfileDrift(dir), []);
});
