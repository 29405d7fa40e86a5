// Checks that package-lock.json is in step with every package.json of the repository (issue 29 item 10): the
// fields npm copies into the lock's `packages` entries (name, version, license, engines, the dependency lists,
// workspaces, bin, os, cpu) must be equal, or `npm install` on a fresh clone rewrites the lock. Offline and
// quick, so `npm run lint` runs it first; CI (.ci/run) also regenerates the lock and fails on any change.
// Usage: node scripts/check-lockfile.mjs [dir]   (exit 1, listing the differences, when they drift)
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const FIELDS = [
  'name',
  'version',
  'license',
  'engines',
  'dependencies',
  'devDependencies',
  'optionalDependencies',
  'peerDependencies',
  'peerDependenciesMeta',
  'workspaces',
  'bin',
  'os',
  'cpu',
];

/** npm leaves empty lists and objects out of the lock; keys are compared in sorted order. */
function normalise(value) {
  if (value === undefined || value === null) return undefined;
  if (Array.isArray(value)) return value.length ? value : undefined;
  if (typeof value === 'object') {
    const keys = Object.keys(value).sort();
    return keys.length ? Object.fromEntries(keys.map((key) => [key, normalise(value[key])])) : undefined;
  }
  return value;
}

const same = (a, b) => JSON.stringify(normalise(a)) === JSON.stringify(normalise(b));

/** The differences between the package.json files under `dir` and its package-lock.json, as sentences. */
export function lockfileDrift(dir) {
  const read = (file) => JSON.parse(fs.readFileSync(path.join(dir, file), 'utf8'));
  const rootManifest = read('package.json');
  const lock = read('package-lock.json');
  const problems = [];
  if (lock.name !== rootManifest.name)
    problems.push(`package-lock.json name ${JSON.stringify(lock.name)} ≠ ${JSON.stringify(rootManifest.name)}`);
  const packages = lock.packages ?? {};
  const workspaces = Array.isArray(rootManifest.workspaces) ? rootManifest.workspaces : [];
  for (const location of ['', ...workspaces]) {
    const manifestFile = path.join(location, 'package.json');
    if (!fs.existsSync(path.join(dir, manifestFile))) {
      problems.push(`${manifestFile} is missing (a workspace of package.json)`);
      continue;
    }
    const manifest = read(manifestFile);
    const entry = packages[location];
    if (!entry) {
      problems.push(`package-lock.json has no entry for "${location || '(root)'}"`);
      continue;
    }
    for (const field of FIELDS) {
      // The root's name stands at the lock's top level; npm repeats it in the entry, so it is compared too.
      if (!same(manifest[field], entry[field]))
        problems.push(
          `${manifestFile} ${field} ${JSON.stringify(normalise(manifest[field]))} ≠ package-lock.json packages["${location}"].${field} ${JSON.stringify(normalise(entry[field]))}`,
        );
    }
    if (location && packages[`node_modules/${manifest.name}`]?.link !== true)
      problems.push(`package-lock.json does not link node_modules/${manifest.name} to ${location}`);
  }
  return problems;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const dir = path.resolve(process.argv[2] ?? path.join(import.meta.dirname, '..'));
  const problems = lockfileDrift(dir);
  if (problems.length) {
    console.error('package-lock.json is out of step with package.json (npm install would rewrite it):');
    for (const problem of problems) console.error(`  ${problem}`);
    console.error('Run `npm install --package-lock-only --ignore-scripts` and commit package-lock.json.');
    process.exit(1);
  }
}
