// The web app's import boundaries (decision 018, docs/architecture.md "The web app"), checked on resolved
// paths: an import is judged by the file it reaches, whether it is written with the '@/' alias or as a
// relative path ('../../candidates/api' is the same import as '@/features/candidates/api'). The root
// eslint.config.js spreads this array; build/lint-boundaries.test.ts proves the rule on the fixtures in
// build/lint-fixtures/.
import path from 'node:path';
import { fileURLToPath } from 'node:url';

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

// Features do not import each other or app/; src/api/ imports only lib/; components/, lib/ and config/
// import no feature, src/api/ or app/; production code imports no test support.
export default [
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    plugins: { web: { rules: { 'web-boundaries': rule } } },
    rules: { 'web/web-boundaries': 'error' },
  },
];
