// node --test scripts/*.test.mjs (npm run test:scripts, part of npm test).
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, test } from 'node:test';
import { cycles, importGraph, longFiles, productionFiles } from './structure-report.mjs';

const root = path.join(import.meta.dirname, '..');
const made = [];
after(() => {
  for (const dir of made) fs.rmSync(dir, { recursive: true, force: true });
});

function tree(files) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rd-structure-'));
  made.push(dir);
  for (const [name, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
    fs.writeFileSync(path.join(dir, name), text);
  }
  return dir;
}

test('a cycle made only of type imports is found; tests and test support are not production files', () => {
  const dir = tree({
    'storage.ts': "import type { FileLinks } from './links';\nexport type S = FileLinks;\n",
    'links.ts': "import { type Input } from './storage';\nexport class FileLinks {}\nexport type Input = 1;\n",
    'plain.ts': "import { x } from './other/index';\n",
    'other/index.ts': 'export const x = 1;\n',
    'a.test.ts': "import './plain';\n",
    'test-support/b.ts': "import '../plain';\n",
  });
  const files = productionFiles(dir);
  assert.deepEqual(
    files.map((file) => path.relative(dir, file)),
    ['links.ts', 'other/index.ts', 'plain.ts', 'storage.ts'],
  );
  const found = cycles(importGraph(files));
  assert.deepEqual(
    found.map((component) => component.map((file) => path.basename(file))),
    [['links.ts', 'storage.ts']],
  );
});

test('the web alias @/ resolves to src/', () => {
  const dir = tree({ 'lib/a.ts': "import { b } from '@/lib/b';\n", 'lib/b.tsx': "export { a } from '@/lib/a';\n" });
  assert.equal(cycles(importGraph(productionFiles(dir), dir)).length, 1);
  assert.equal(cycles(importGraph(productionFiles(dir), null)).length, 0);
});

test('a long file counts as explained only with the header on its first line', () => {
  const body = 'export const x = 1;\n'.repeat(401);
  const dir = tree({
    'ok.ts': `// Over 400 lines: data.\n${body}`,
    'late.ts': `import 'x';\n// Over 400 lines: data.\n${body}`,
    'short.ts': 'export const y = 1;\n',
  });
  const long = longFiles(productionFiles(dir)).map((entry) => [path.basename(entry.file), entry.header]);
  assert.deepEqual(long.sort(), [
    ['late.ts', false],
    ['ok.ts', true],
  ]);
});

test('the server platform (config, db, lib, plugins) has no import cycle, type imports included', () => {
  const src = path.join(root, 'apps/server/src');
  const platform = ['config', 'db', 'lib', 'plugins'].flatMap((folder) => productionFiles(path.join(src, folder)));
  assert.deepEqual(cycles(importGraph(platform)), []);
});
