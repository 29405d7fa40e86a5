/**
 * The text of a resume file, read inside the resume worker thread: a PDF through PDF.js (unpdf) with its
 * layout rebuilt (lib/pdf-layout.ts: lines, two columns, tables, running headers and footers), a DOCX
 * through mammoth (paragraphs; table cells one per line), plain text as UTF-8. The same cleaning as
 * lib/document-text.ts, less the blank-line collapsing (paragraph breaks help find the sections).
 */
import type { DocumentKind } from '../../lib/document-text';
import { layoutPdfText, type LayoutPage } from '../../lib/pdf-layout';

export const RESUME_MAX_PAGES = 20;
export const RESUME_MAX_CHARS = 60_000;

interface TextItemLike {
  str?: string;
  transform?: number[];
  width?: number;
  height?: number;
}

async function pdfPages(bytes: Uint8Array): Promise<LayoutPage[]> {
  const { getDocumentProxy } = await import('unpdf');
  const pdf = await getDocumentProxy(bytes, { verbosity: 0, isEvalSupported: false, stopAtErrors: false });
  const pages: LayoutPage[] = [];
  try {
    const count = Math.min(pdf.numPages, RESUME_MAX_PAGES);
    for (let number = 1; number <= count; number += 1) {
      const page = await pdf.getPage(number);
      const viewport = page.getViewport({ scale: 1 });
      const content = await page.getTextContent();
      const items = (content.items as TextItemLike[])
        .filter((item) => typeof item.str === 'string' && item.transform)
        .map((item) => {
          const [a, b, , d, e, f] = item.transform!;
          const size = Math.hypot(a ?? 0, b ?? 0) || Math.abs(d ?? 0) || item.height || 10;
          return { str: item.str!, x: e ?? 0, y: f ?? 0, width: item.width ?? 0, size };
        });
      pages.push({ width: viewport.width, height: viewport.height, items });
      page.cleanup();
    }
  } finally {
    await pdf.destroy();
  }
  return pages;
}

async function docxText(bytes: Uint8Array): Promise<string> {
  const { default: mammoth } = await import('mammoth');
  const result = await mammoth.extractRawText({ buffer: Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength) });
  return result.value;
}

/** Cleans like cleanExtractedText (no NUL or other control characters) but keeps tabs (table cells) and
 * single blank lines (paragraphs: they help find the sections). */
export function cleanResumeText(text: string): string {
  return (
    text
      .normalize('NFC')
      .replace(/\r\n?/g, '\n')
      // eslint-disable-next-line no-control-regex -- removing control characters is the point
      .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f\ufffd]/g, ' ')
      .replace(/[ \u00a0]+/g, ' ')
      .replace(/ ?\t[ \t]*/g, '\t')
      .replace(/[ \t]*\n[ \t]*/g, '\n')
      .replace(/\n{3,}/g, '\n\n')
      .trim()
      .slice(0, RESUME_MAX_CHARS)
  );
}

export async function resumeText(kind: DocumentKind, bytes: Uint8Array): Promise<string> {
  if (kind === 'pdf') return cleanResumeText(layoutPdfText(await pdfPages(bytes)));
  if (kind === 'docx') return cleanResumeText(await docxText(bytes));
  return cleanResumeText(new TextDecoder('utf-8').decode(bytes).replace(/^\uFEFF/, ''));
}
