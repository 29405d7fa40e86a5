/**
 * The access export's readable copy (pdfkit, its built-in Helvetica, loaded on first use like the invoice's):
 * each section of the JSON as a heading, each record as its fields, one per line, in the order they came.
 */

const label = (key: string) =>
  key
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .replace(/_/g, ' ')
    .replace(/^./, (c) => c.toUpperCase());

function valueText(value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  if (value instanceof Date) return value.toISOString();
  if (Array.isArray(value) && value.every((item) => typeof item !== 'object' || item === null))
    return value.length ? value.join(', ') : '—';
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

export async function renderPersonalDataPdf(data: Record<string, unknown>, generatedAt: Date): Promise<Buffer> {
  const { default: PDFDocument } = await import('pdfkit');
  const doc = new PDFDocument({ size: 'A4', margin: 50, info: { Title: 'Personal data' } });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  doc.font('Helvetica-Bold').fontSize(16).text('Personal data held about you');
  doc.font('Helvetica').fontSize(9).text(`Produced ${generatedAt.toISOString()}`).moveDown();

  const record = (item: Record<string, unknown>, depth: number) => {
    for (const [key, value] of Object.entries(item)) {
      if (Array.isArray(value) && value.some((entry) => typeof entry === 'object' && entry !== null)) {
        doc
          .font('Helvetica-Bold')
          .fontSize(10)
          .text(`${'  '.repeat(depth)}${label(key)}`);
        value.forEach((entry, index) => {
          doc
            .font('Helvetica-Oblique')
            .fontSize(9)
            .text(`${'  '.repeat(depth + 1)}#${index + 1}`);
          record(entry as Record<string, unknown>, depth + 2);
        });
      } else if (value && typeof value === 'object' && !(value instanceof Date) && !Array.isArray(value)) {
        doc
          .font('Helvetica-Bold')
          .fontSize(10)
          .text(`${'  '.repeat(depth)}${label(key)}`);
        record(value as Record<string, unknown>, depth + 1);
      } else {
        doc
          .font('Helvetica')
          .fontSize(9)
          .text(`${'  '.repeat(depth)}${label(key)}: ${valueText(value)}`);
      }
    }
  };

  for (const [section, value] of Object.entries(data)) {
    if (section === 'generated_at' || section === 'about') continue;
    doc.moveDown(0.5).font('Helvetica-Bold').fontSize(13).text(label(section));
    if (Array.isArray(value)) {
      if (!value.length) doc.font('Helvetica').fontSize(9).text('None.');
      value.forEach((entry, index) => {
        if (typeof entry === 'object' && entry !== null) {
          doc
            .font('Helvetica-Oblique')
            .fontSize(9)
            .text(`#${index + 1}`);
          record(entry as Record<string, unknown>, 1);
        } else doc.font('Helvetica').fontSize(9).text(valueText(entry));
      });
    } else if (value && typeof value === 'object') record(value as Record<string, unknown>, 0);
    else doc.font('Helvetica').fontSize(9).text(valueText(value));
  }
  doc.end();
  return done;
}
