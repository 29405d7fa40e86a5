// The repository's structure at a glance (issue 30): `npm run structure` prints
//   1. production files over 400 lines, and whether each has the one-line header docs/architecture.md asks
//      for (first line `// Over 400 lines: <why>.`);
//   2. import cycles among production files, type imports included, in the server and the web app;
//   3. server module pairs importing each other (scripts/module-pairs.mjs);
//   4. duplicate density (non-boilerplate pairs per 10,000 lines of production source), from the workplace's
//      `duplicates` command when it is on the PATH (it is not part of the repository; without it the line says so).
// Usage: node scripts/structure-report.mjs [--no-duplicates]. Prints only; exits 0.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

export const LONG_FILE_LINES = 400;
export const HEADER = /^\/\/ Over 400 lines: \S/;
const SOURCE = /\.(ts|tsx|mjs)$/;

/** Production source under `dir`: no tests, test support, lint fixtures or declaration files. */
export function productionFiles(dir) {
  const files = [];
  const walk = (folder) => {
    for (const entry of fs.readdirSync(folder, { withFileTypes: true })) {
      const full = path.join(folder, entry.name);
      if (entry.isDirectory()) {
        if (!['node_modules', 'test', 'test-support', 'lint-fixtures', 'dist'].includes(entry.name)) walk(full);
      } else if (SOURCE.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts')) {
        files.push(full);
      }
    }
  };
  walk(dir);
  return files.sort();
}

const lineCount = (text) => text.split('\n').length - (text.endsWith('\n') ? 1 : 0);

/** Files over the limit: `{ file, lines, header }`, longest first. */
export function longFiles(files) {
  return files
    .map((file) => {
      const text = fs.readFileSync(file, 'utf8');
      return { file, lines: lineCount(text), header: HEADER.test(text.split('\n', 1)[0] ?? '') };
    })
    .filter((entry) => entry.lines > LONG_FILE_LINES)
    .sort((a, b) => b.lines - a.lines);
}

// Static imports and re-exports (`import type` and `export type … from` included), side-effect imports and
// dynamic imports of a literal path.
const IMPORT = /(?:\bfrom\s+|\bimport\s*\(\s*|\bimport\s+)['"]([^'"]+)['"]/g;

/** The imports of each file that resolve to another file of the set (relative, or `@/` for `src/`). */
export function importGraph(files, aliasRoot = null) {
  const known = new Set(files);
  const resolve = (from, spec) => {
    let base;
    if (spec.startsWith('.')) base = path.resolve(path.dirname(from), spec);
    else if (aliasRoot && spec.startsWith('@/')) base = path.join(aliasRoot, spec.slice(2));
    else return null;
    base = base.replace(/\.(js|mjs)$/, '');
    const candidates = [
      base,
      `${base}.ts`,
      `${base}.tsx`,
      `${base}.mjs`,
      path.join(base, 'index.ts'),
      path.join(base, 'index.tsx'),
    ];
    return candidates.find((candidate) => known.has(candidate)) ?? null;
  };
  const graph = new Map();
  for (const file of files) {
    const targets = new Set();
    for (const match of fs.readFileSync(file, 'utf8').matchAll(IMPORT)) {
      const target = resolve(file, match[1]);
      if (target) targets.add(target);
    }
    graph.set(file, [...targets].sort());
  }
  return graph;
}

/** Strongly connected components of more than one file (or a file importing itself): each is a cycle. */
export function cycles(graph) {
  let index = 0;
  const indices = new Map();
  const low = new Map();
  const stack = [];
  const onStack = new Set();
  const found = [];
  const visit = (start) => {
    // Tarjan's algorithm without recursion (deep import chains must not blow the stack).
    const work = [{ node: start, next: 0 }];
    indices.set(start, index);
    low.set(start, index++);
    stack.push(start);
    onStack.add(start);
    while (work.length) {
      const frame = work[work.length - 1];
      const targets = graph.get(frame.node) ?? [];
      if (frame.next < targets.length) {
        const target = targets[frame.next++];
        if (!indices.has(target)) {
          indices.set(target, index);
          low.set(target, index++);
          stack.push(target);
          onStack.add(target);
          work.push({ node: target, next: 0 });
        } else if (onStack.has(target)) {
          low.set(frame.node, Math.min(low.get(frame.node), indices.get(target)));
        }
        continue;
      }
      work.pop();
      if (work.length) {
        const parent = work[work.length - 1].node;
        low.set(parent, Math.min(low.get(parent), low.get(frame.node)));
      }
      if (low.get(frame.node) === indices.get(frame.node)) {
        const component = [];
        let member;
        do {
          member = stack.pop();
          onStack.delete(member);
          component.push(member);
        } while (member !== frame.node);
        if (component.length > 1 || (graph.get(frame.node) ?? []).includes(frame.node)) found.push(component.sort());
      }
    }
  };
  for (const node of graph.keys()) if (!indices.has(node)) visit(node);
  return found.sort((a, b) => a[0].localeCompare(b[0]));
}

function report(root, options) {
  const rel = (file) => path.relative(root, file);
  const areas = {
    server: path.join(root, 'apps/server/src'),
    web: path.join(root, 'apps/web/src'),
    contracts: path.join(root, 'packages/contracts/src'),
    money: path.join(root, 'packages/money/src'),
  };
  const filesOf = Object.fromEntries(Object.entries(areas).map(([name, dir]) => [name, productionFiles(dir)]));

  const long = longFiles(Object.values(filesOf).flat());
  const missing = long.filter((entry) => !entry.header);
  console.log(
    `Production files over ${LONG_FILE_LINES} lines: ${long.length} (${missing.length} without the "// Over 400 lines: <why>" header)`,
  );
  for (const entry of long)
    console.log(
      `  ${String(entry.lines).padStart(5)}  ${entry.header ? 'header   ' : 'NO HEADER'}  ${rel(entry.file)}`,
    );

  for (const [name, alias] of [
    ['server', null],
    ['web', areas.web],
  ]) {
    const found = cycles(importGraph(filesOf[name], alias));
    console.log(`\nImport cycles in the ${name} (type imports included): ${found.length}`);
    for (const component of found) console.log(`  ${component.map(rel).join(' <-> ')}`);
  }

  console.log('');
  const pairs = spawnSync(process.execPath, [path.join(root, 'scripts/module-pairs.mjs')], { encoding: 'utf8' });
  process.stdout.write(pairs.stdout || `module pairs: failed (${pairs.stderr.trim()})\n`);

  console.log('\nDuplicate density of the production files above (the workplace `duplicates` command):');
  const probe = options.duplicates ? spawnSync('duplicates', ['--help'], { encoding: 'utf8' }) : null;
  if (!probe || probe.error) {
    console.log(
      options.duplicates
        ? '  `duplicates` is not on this PATH; run it where it is on a copy of the production files: its first line counts the pairs and those marked boilerplate.'
        : '  skipped (--no-duplicates).',
    );
    return;
  }
  console.log(`  ${duplicateDensity(root, Object.values(filesOf).flat())}`);
}

export const DUPLICATE_TARGET = 15;

/**
 * Non-boilerplate duplicate pairs per 10,000 lines of production source, as issue 30 measures it: the files
 * are copied alone (tests, migrations, fixtures and tooling left out) so that pairs with tests do not count.
 */
function duplicateDensity(root, files) {
  const copy = fs.mkdtempSync(path.join(os.tmpdir(), 'structure-'));
  try {
    let lines = 0;
    for (const file of files) {
      const target = path.join(copy, path.relative(root, file));
      fs.mkdirSync(path.dirname(target), { recursive: true });
      const text = fs.readFileSync(file, 'utf8');
      fs.writeFileSync(target, text);
      lines += lineCount(text);
    }
    const run = spawnSync('duplicates', ['--repo', copy, '--most', '1', '--seconds', '120'], { encoding: 'utf8' });
    const first = (run.stdout ?? '').split('\n', 1)[0] || run.stderr.trim();
    const all = Number(/^(\d+) pairs/.exec(first)?.[1] ?? NaN);
    const boilerplate = Number(/(\d+) of those marked boilerplate/.exec(first)?.[1] ?? 0);
    if (Number.isNaN(all)) return `could not read the count: ${first}`;
    const pairs = all - boilerplate;
    const density = (pairs * 10_000) / lines;
    return `${pairs} non-boilerplate pairs (${all} in all) over ${lines} lines: ${density.toFixed(1)} per 10,000 lines (target ≤ ${DUPLICATE_TARGET})`;
  } finally {
    fs.rmSync(copy, { recursive: true, force: true });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  report(path.join(import.meta.dirname, '..'), { duplicates: !process.argv.includes('--no-duplicates') });
}
