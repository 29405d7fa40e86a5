import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { MIN_BYTES, precompressDir } from './precompress';

let dir = '';
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('precompressDir', () => {
  it('writes brotli and gzip copies of text assets that decode to the original, and skips small and binary files', async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'precompress-'));
    mkdirSync(path.join(dir, 'assets'));
    const script = `export const rows = [${Array.from({ length: 400 }, (_, i) => `{"id":${i},"name":"Candidate ${i}"}`).join(',')}];\n`;
    writeFileSync(path.join(dir, 'assets', 'index-abc123.js'), script);
    writeFileSync(path.join(dir, 'small.js'), 'console.log(1)');
    writeFileSync(path.join(dir, 'logo.png'), Buffer.alloc(MIN_BYTES * 4, 7));

    await precompressDir(dir);

    const file = path.join(dir, 'assets', 'index-abc123.js');
    const br = readFileSync(`${file}.br`);
    const gz = readFileSync(`${file}.gz`);
    expect(brotliDecompressSync(br).toString()).toBe(script);
    expect(gunzipSync(gz).toString()).toBe(script);
    expect(br.length).toBeLessThan(gz.length);
    expect(gz.length).toBeLessThan(script.length / 4);
    expect(existsSync(path.join(dir, 'small.js.br'))).toBe(false);
    expect(existsSync(path.join(dir, 'logo.png.br'))).toBe(false);
  });
});
