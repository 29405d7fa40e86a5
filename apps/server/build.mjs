// Bundles the server into dist/server.js. npm packages stay external (resolved from node_modules at run
// time); the workspace package @recruitdesk/contracts is TypeScript source, so it is bundled in.
import { build } from 'esbuild';
import { copyFile, mkdir } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));

const externalExceptWorkspace = {
  name: 'external-except-workspace',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) => {
      if (args.path.startsWith('@recruitdesk/')) return undefined;
      if (args.kind === 'entry-point') return undefined;
      return { path: args.path, external: true };
    });
  },
};

await mkdir(path.join(here, 'dist'), { recursive: true });
await build({
  entryPoints: {
    server: path.join(here, 'src/server.ts'),
    // The resume worker (modules/resumes/resume-parser.ts loads it by URL from beside the bundle).
    'resume-parse.worker': path.join(here, 'src/modules/resumes/resume-parse.worker.ts'),
  },
  outdir: path.join(here, 'dist'),
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  plugins: [externalExceptWorkspace],
  banner: {
    js: "import { createRequire as __rdCreateRequire } from 'node:module'; const require = __rdCreateRequire(import.meta.url);",
  },
  logLevel: 'info',
});
// The common-password list is read at run time from beside the module that uses it.
await copyFile(path.join(here, 'src/modules/auth/common-passwords.txt'), path.join(here, 'dist/common-passwords.txt'));
// The document text worker (PDF/DOCX extraction) is loaded by URL from beside the bundle.
await copyFile(path.join(here, 'src/lib/document-text.worker.mjs'), path.join(here, 'dist/document-text.worker.mjs'));
