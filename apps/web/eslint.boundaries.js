// The web app's import boundaries (decision 018, docs/architecture.md "The web app"), checked on resolved
// paths: an import is judged by the file it reaches, whether it is written with the '@/' alias or as a
// relative path ('../../candidates/api' is the same import as '@/features/candidates/api'). The root
// eslint.config.js spreads this array; build/lint-boundaries.test.ts proves the rule on the fixtures in
// build/lint-fixtures/.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const WEB_SRC = path.join(path.dirname(fileURLToPath(import.meta.url)), 'src');

const TEST_FILE = /\.test\.tsx?$/;

/** Where a file under apps/web/src sits: its layer and, for a feature, which one. */
export function webLayerOf(file) {
  const rel = path.relative(WEB_SRC, file).split(path.sep).join('/');
  if (rel.startsWith('..') || path.isAbsolute(rel)) return null;
  const [top, second] = rel.split('/');
  const testSupport = TEST_FILE.test(rel) || top === 'test' || rel.split('/').includes('test-support');
  if (top === 'features') return { layer: 'feature', feature: second, rel, testSupport };
  if (top === 'app' || top === 'main.tsx') return { layer: 'app', rel, testSupport };
  if (top === 'api') return { layer: 'api', rel, testSupport };
  if (top === 'components' || top === 'lib' || top === 'config') return { layer: 'shared', rel, testSupport };
  if (top === 'test') return { layer: 'test', rel, testSupport };
  return { layer: 'other', rel, testSupport };
}

/** The file an import reaches, or null for a package. */
function resolveImport(source, fromFile) {
  if (source.startsWith('@/')) return path.join(WEB_SRC, source.slice(2));
  if (source.startsWith('./') || source.startsWith('../')) return path.resolve(path.dirname(fromFile), source);
  return null;
}

/** Why `from` may not import `to`, or null when it may. */
export function webBoundaryProblem(from, to) {
  if (to.testSupport && !from.testSupport) {
    return 'Production code does not import tests or test support (src/test/, test-support/ folders).';
  }
  if (from.layer === 'feature') {
    if (to.layer === 'feature' && to.feature !== from.feature) {
      return `Web features do not import each other (${from.feature} → ${to.feature}); combine them in app/routes/, or move what both need to src/api/ or components/.`;
    }
    if (to.layer === 'app') return 'Web features do not import the app layer; the app imports features.';
  }
  if (
    from.layer === 'api' &&
    (to.layer === 'feature' || to.layer === 'app' || (to.layer === 'shared' && !to.rel.startsWith('lib/')))
  ) {
    return 'The shared API layer (src/api/) imports only lib/ (and the contracts).';
  }
  if (from.layer === 'shared' && (to.layer === 'feature' || to.layer === 'app' || to.layer === 'api')) {
    return 'Shared web code (components/, lib/, config/) never imports features, src/api/ or the app layer.';
  }
  return null;
}

const rule = {
  meta: {
    type: 'problem',
    docs: { description: 'Web import boundaries on resolved paths (decision 018).' },
    schema: [],
    messages: { boundary: '{{message}}' },
  },
  create(context) {
    const filename = context.filename ?? context.getFilename();
    const from = webLayerOf(filename);
    if (!from) return {};
    const check = (node, source) => {
      if (typeof source !== 'string') return;
      const target = resolveImport(source, filename);
      if (!target) return;
      const to = webLayerOf(target);
      if (!to) return;
      const message = webBoundaryProblem(from, to);
      if (message) context.report({ node, messageId: 'boundary', data: { message } });
    };
    return {
      ImportDeclaration: (node) => check(node.source, node.source.value),
      ExportNamedDeclaration: (node) => node.source && check(node.source, node.source.value),
      ExportAllDeclaration: (node) => check(node.source, node.source.value),
      ImportExpression: (node) => node.source.type === 'Literal' && check(node.source, node.source.value),
      // vi.mock('…') and friends name modules too; a test may, production code has none.
    };
  },
};

const SOURCE_SUFFIXES = ['', '.ts', '.tsx', '/index.ts', '/index.tsx'];

/** The source file an import names, or null for a package or a file that is not there. */
function resolveSourceFile(source, fromFile, exists) {
  const base = resolveImport(source, fromFile);
  if (!base) return null;
  for (const suffix of SOURCE_SUFFIXES) {
    if (exists(base + suffix)) return base + suffix;
  }
  return null;
}

/**
 * Every module a file names: static, type-only and dynamic imports and re-exports alike (a type import
 * is an edge too: `import type` one way and `import()` back is still a cycle, issue 30 item 5).
 */
export function importedSources(code) {
  return ts.preProcessFile(code, true, true).importedFiles.map((f) => f.fileName);
}

const diskCache = new Map();
function diskImports(file) {
  let stat;
  try {
    stat = fs.statSync(file);
  } catch {
    return null;
  }
  const cached = diskCache.get(file);
  if (cached && cached.mtime === stat.mtimeMs) return cached.sources;
  const sources = importedSources(fs.readFileSync(file, 'utf8'));
  diskCache.set(file, { mtime: stat.mtimeMs, sources });
  return sources;
}

const isFile = (file) => {
  try {
    return fs.statSync(file).isFile();
  } catch {
    return false;
  }
};

/**
 * The shortest way back from `start` (a file `origin` imports) to `origin`, as the list of files on it, or
 * null when there is none. `importsOf(file)` lists the module names a file imports; `exists(file)` says
 * whether a file is there.
 */
export function cycleBack(origin, start, importsOf = diskImports, exists = isFile) {
  const previous = new Map([[start, null]]);
  const queue = [start];
  while (queue.length) {
    const file = queue.shift();
    for (const source of importsOf(file) ?? []) {
      const next = resolveSourceFile(source, file, exists);
      if (!next) continue;
      if (next === origin) {
        const way = [];
        for (let at = file; at; at = previous.get(at)) way.unshift(at);
        return way;
      }
      if (previous.has(next)) continue;
      previous.set(next, file);
      queue.push(next);
    }
  }
  return null;
}

const noCycleRule = {
  meta: {
    type: 'problem',
    docs: { description: 'No import cycles in the web app, type-only and dynamic imports included.' },
    schema: [],
    messages: { cycle: 'Import cycle: {{way}}. Move what both need to a third file.' },
  },
  create(context) {
    const filename = context.filename ?? context.getFilename();
    if (!webLayerOf(filename)) return {};
    const check = (node) => {
      const source = node.source;
      if (!source || source.type !== 'Literal' || typeof source.value !== 'string') return;
      const target = resolveSourceFile(source.value, filename, isFile);
      if (!target || target === filename) return;
      const way = cycleBack(filename, target);
      if (!way) return;
      const names = [filename, ...way, filename].map((f) => path.relative(WEB_SRC, f).split(path.sep).join('/'));
      context.report({ node: source, messageId: 'cycle', data: { way: names.join(' → ') } });
    };
    return {
      ImportDeclaration: check,
      ExportNamedDeclaration: check,
      ExportAllDeclaration: check,
      ImportExpression: check,
    };
  },
};

// Features do not import each other or app/; src/api/ imports only lib/; components/, lib/ and config/
// import no feature, src/api/ or app/; production code imports no test support; and no file imports itself
// back through others (the server's import-x/no-cycle, but counting type-only imports too).
export default [
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    plugins: { web: { rules: { 'web-boundaries': rule, 'no-cycle': noCycleRule } } },
    rules: { 'web/web-boundaries': 'error', 'web/no-cycle': 'error' },
  },
];
