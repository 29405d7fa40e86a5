// Extracts the plain text of one PDF (unpdf, the serverless PDF.js build) or DOCX (mammoth) in a worker
// thread, so a hostile or huge file can be stopped (time-out, memory limit) without touching the server.
// Plain JavaScript on purpose: workers load it directly, from src/ in development and dist/ in production.
import { parentPort, workerData } from 'node:worker_threads';

/** @type {{ kind: 'pdf' | 'docx', bytes: Uint8Array, maxChars: number, maxPages: number }} */
const { kind, bytes, maxChars, maxPages } = workerData;

async function pdfText() {
  const { getDocumentProxy } = await import('unpdf');
  const pdf = await getDocumentProxy(bytes, { verbosity: 0, isEvalSupported: false, stopAtErrors: false });
  const parts = [];
  let length = 0;
  try {
    const pages = Math.min(pdf.numPages, maxPages);
    for (let number = 1; number <= pages && length < maxChars; number += 1) {
      const page = await pdf.getPage(number);
      const content = await page.getTextContent();
      for (const item of content.items) {
        if (!('str' in item)) continue;
        parts.push(item.str, item.hasEOL ? '\n' : ' ');
        length += item.str.length + 1;
      }
      parts.push('\n');
      page.cleanup();
    }
  } finally {
    await pdf.destroy();
  }
  return parts.join('');
}

async function docxText() {
  const { default: mammoth } = await import('mammoth');
  const result = await mammoth.extractRawText({
    buffer: Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength),
  });
  return result.value;
}

try {
  const text = kind === 'pdf' ? await pdfText() : await docxText();
  parentPort?.postMessage({ ok: true, text: text.slice(0, maxChars * 2) });
} catch (error) {
  parentPort?.postMessage({ ok: false, error: error instanceof Error ? error.message : String(error) });
}
