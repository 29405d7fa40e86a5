// The shared resume as a PDF (pdfkit 0.20, its built-in Helvetica): the resume's extracted text, already redacted
// by the caller when the share removes contact details (decision 109: the text, not the original file's layout).

/** Helvetica's WinAnsi encoding: anything outside it becomes "?" rather than a wrong glyph. */
const WIN_ANSI_EXTRA = new Set('€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ');
const printable = (text: string) =>
  text
    .replace(/\r\n?/g, '\n')
    .replace(/\t/g, '    ')
    .replace(/[^\n\x20-\x7e\xa0-\xff]/g, (char) => (WIN_ANSI_EXTRA.has(char) ? char : '?'));

export interface ResumePdfInput {
  title: string;
  subtitle: string;
  footer: string;
  text: string;
}

export async function renderResumePdf(input: ResumePdfInput): Promise<Buffer> {
  // Loaded on first use, like the invoice PDF (decision 048).
  const { default: PDFDocument } = await import('pdfkit');
  const doc = new PDFDocument({ size: 'A4', margin: 50, info: { Title: printable(input.title) } });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  doc.font('Helvetica-Bold').fontSize(16).text(printable(input.title));
  if (input.subtitle) doc.font('Helvetica').fontSize(9).fillColor('#555555').text(printable(input.subtitle));
  doc.moveDown().font('Helvetica').fontSize(10).fillColor('#000000').text(printable(input.text.trim()), {
    lineGap: 2,
  });
  doc.moveDown().fontSize(8).fillColor('#555555').text(printable(input.footer));
  doc.end();
  return done;
}
