// Counts the server module pairs that import each other (issue 10 §1, decision 007): every relative
// import, export-from and dynamic import of non-test source, resolved to a file. `-v` lists the imports
// behind each pair. Usage: node scripts/module-pairs.mjs [-v]
import fs from 'node:fs';
import path from 'node:path';

const root = path.join(import.meta.dirname, '..', 'apps', 'server', 'src');
const verbose = process.argv.includes('-v');

const files = [];
const walk = (dir) => {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) walk(full);
    else if (/\.(ts|mjs)$/.test(entry.name) && !entry.name.endsWith('.test.ts')) files.push(full);
  }
};
walk(root);

const moduleOf = (file) => {
  const parts = path.relative(root, file).split(path.sep);
  return parts[0] === 'modules' ? parts[1] : null;
};
const resolve = (from, spec) => {
  if (!spec.startsWith('.')) return null;
  const base = path.resolve(path.dirname(from), spec.replace(/\.js$/, ''));
  return (
    [`${base}.ts`, path.join(base, 'index.ts'), base].find((c) => fs.existsSync(c) && fs.statSync(c).isFile()) ?? null
  );
};

const edges = new Map();
for (const file of files) {
  const source = fs.readFileSync(file, 'utf8');
  const pattern = /(?:\bfrom\s+|\bimport\s*\(\s*|\bimport\s+)['"]([^'"]+)['"]/g;
  for (const match of source.matchAll(pattern)) {
    const target = resolve(file, match[1]);
    const a = moduleOf(file);
    const b = target && moduleOf(target);
    if (!a || !b || a === b) continue;
    const key = `${a} -> ${b}`;
    if (!edges.has(key)) edges.set(key, []);
    edges.get(key).push(`${path.relative(root, file)} => ${path.relative(root, target)}`);
  }
}

const pairs = [...edges.keys()].map((key) => key.split(' -> ')).filter(([a, b]) => a < b && edges.has(`${b} -> ${a}`));
console.log(`server module pairs importing each other: ${pairs.length}`);
for (const [a, b] of pairs) {
  console.log(`  ${a} <-> ${b}`);
  if (verbose)
    for (const line of [...edges.get(`${a} -> ${b}`), ...edges.get(`${b} -> ${a}`)]) console.log(`      ${line}`);
}
