import { fileURLToPath, URL } from 'node:url';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig } from 'vitest/config';
import { precompress } from './build/precompress';

const apiTarget = process.env.API_URL ?? 'http://localhost:3000';

export default defineConfig({
  plugins: [react(), tailwindcss(), precompress()],
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  server: {
    port: 5173,
    proxy: {
      '/api': { target: apiTarget, changeOrigin: false },
      '/ws': { target: apiTarget, ws: true },
      '/healthz': { target: apiTarget },
    },
  },
  preview: {
    port: 4173,
    proxy: {
      '/api': { target: apiTarget },
      '/ws': { target: apiTarget, ws: true },
      '/healthz': { target: apiTarget },
    },
  },
  build: {
    outDir: 'dist',
    sourcemap: false,
    rolldownOptions: {
      output: {
        // Each module of a chunk runs when something imports it, not when the chunk loads: a page does not
        // run the schemas (zod) and components that only other pages use (docs/performance.md).
        strictExecutionOrder: true,
        // Few chunks on a cold load (docs/performance.md, decision 016): one for what every page needs at
        // once (sign-in included), one for what the signed-in pages share, then one per page.
        codeSplitting: {
          groups: [
            { name: 'initial', tags: ['$initial'], priority: 30 },
            // Only the lists need the table library.
            {
              name: 'table',
              test: /node_modules[\\/]@tanstack[\\/](react-)?table|components[\\/]ui[\\/]data-table/,
              priority: 20,
            },
            // Recharts and what only it uses: the analytics charts' chunk, never the signed-in pages' shared one.
            {
              name: 'charts',
              test: /node_modules[\\/](recharts|victory-vendor|d3-[a-z-]+|internmap|decimal\.js-light|eventemitter3|es-toolkit)[\\/]|features[\\/]analytics[\\/]components[\\/]charts/,
              priority: 25,
            },
            // The AI chat (widget and page) and its markdown renderer: loaded by owners only, after the first paint.
            {
              name: 'chat',
              test: /node_modules[\\/](react-markdown|remark-[a-z-]+|micromark[a-z-]*|mdast-[a-z-]+|unist-[a-z-]+|hast-[a-z-]+|unified|vfile[a-z-]*|bail|trough|property-information|space-separated-tokens|comma-separated-tokens|decode-named-character-reference|character-entities[a-z-]*|character-reference-invalid|is-alphanumerical|is-alphabetical|is-decimal|is-hexadecimal|devlop|html-url-attributes|estree-util-[a-z-]+|zwitch|longest-streak|markdown-table|ccount|escape-string-regexp|trim-lines|is-plain-obj|style-to-[a-z-]+|inline-style-parser|extend)[\\/]|features[\\/]chat[\\/]|src[\\/]api[\\/]chat\.ts|contracts[\\/]src[\\/]chat(-constants)?\.ts|lucide-react[\\/]dist[\\/]esm[\\/]icons[\\/](minus|maximize-2|square-pen|send-horizontal|message-square|circle-question-mark)\.mjs/,
              priority: 25,
              // Only these modules: the shared ones they import (zod, the UI kit) stay in `signed-in`, which
              // then never imports this chunk.
              includeDependenciesRecursively: false,
            },
            // The rich text editor (Tiptap/ProseMirror, decision 117): only the compose window, the email dialogs
            // and the template editor load it, on demand; never the signed-in pages' shared chunk.
            {
              name: 'editor',
              test: /node_modules[\\/](@tiptap[\\/][a-z-]+|prosemirror-[a-z-]+|orderedmap|rope-sequence|w3c-keyname|linkifyjs|fast-equals)[\\/]|components[\\/]ui[\\/]rich-text-editor/,
              priority: 25,
              includeDependenciesRecursively: false,
            },
            { name: 'signed-in', minShareCount: 2, priority: 10 },
          ],
        },
      },
    },
  },
  test: {
    environment: 'jsdom',
    globals: true,
    setupFiles: ['./src/test/setup.ts'],
    include: ['src/**/*.test.{ts,tsx}', 'build/**/*.test.ts'],
    css: false,
    // One jsdom and one module graph per worker, not per file: 3x faster (decision 059). Each test renders
    // its own store and router, and setup.ts cleans the DOM and cookies after every test.
    isolate: false,
    // Typing with user-event is slow on a loaded 2-core CI machine; 5 s timed out there.
    testTimeout: 20_000,
  },
});
