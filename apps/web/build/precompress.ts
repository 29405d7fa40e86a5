import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Text files worth compressing; images other than SVG and fonts are compressed already. */
const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json|txt|webmanifest)$/;
/** Below this, the headers cost more than the bytes saved. */
export const MIN_BYTES = 1024;

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries.filter((entry) => entry.isFile()).map((entry) => path.join(entry.parentPath, entry.name));
}

/**
 * Writes `file.br` (brotli, best quality) and `file.gz` (gzip level 9) beside every compressible file of
 * at least MIN_BYTES in `dir`, when smaller than the original. The server sends them by Accept-Encoding
 * (@fastify/static's preCompressed), so no CPU is spent compressing assets per request.
 */
export async function precompressDir(
  dir: string,
): Promise<{ file: string; bytes: number; br?: number; gz?: number }[]> {
  const files = (await filesUnder(dir)).filter((file) => COMPRESSIBLE.test(file));
  return Promise.all(
    files.map(async (file) => {
      const { size } = await stat(file);
      if (size < MIN_BYTES) return { file, bytes: size };
      const source = await readFile(file);
      const [br, gz] = await Promise.all([
        brotli(source, {
          params: {
            [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
            [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
            [constants.BROTLI_PARAM_SIZE_HINT]: size,
          },
        }),
        gzipAsync(source, { level: 9 }),
      ]);
      const written: { file: string; bytes: number; br?: number; gz?: number } = {
        file,
        bytes: size,
      };
      if (br.length < size) {
        await writeFile(`${file}.br`, br);
        written.br = br.length;
      }
      if (gz.length < size) {
        await writeFile(`${file}.gz`, gz);
        written.gz = gz.length;
      }
      return written;
    }),
  );
}

/** Vite build plugin: pre-compresses the finished output folder (public files included). */
export function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'recruitdesk-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      const written = await precompressDir(outDir);
      const count = written.filter((file) => file.br !== undefined || file.gz !== undefined).length;
      this.info(`brotli and gzip copies of ${count} files`);
    },
  };
}
