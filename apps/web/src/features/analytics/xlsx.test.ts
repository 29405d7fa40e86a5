import ExcelJS from 'exceljs';
import JSZip from 'jszip';
import { describe, expect, it } from 'vitest';
import { workbookParts, type XlsxColumn } from './xlsx';

const columns: XlsxColumn[] = [
  { header: 'Client', type: 'text' },
  { header: 'Placements', type: 'integer' },
  { header: 'Revenue booked', type: 'money' },
  { header: 'Fill rate', type: 'percent' },
];

async function readBack(rows: (string | number | null)[][]) {
  const zip = new JSZip();
  for (const [path, content] of Object.entries(workbookParts('Top clients', columns, rows))) zip.file(path, content);
  const buffer = await zip.generateAsync({ type: 'uint8array' });
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(buffer as unknown as ArrayBuffer);
  return workbook.worksheets[0]!;
}

describe('analytics xlsx', () => {
  it('writes a header row and typed cells that read back as written', async () => {
    const sheet = await readBack([
      ['Acme & Co <UK>', 3, 26000.5, 0.25],
      ['Globex', 0, null, null],
    ]);
    expect(sheet.name).toBe('Top clients');
    expect((sheet.getRow(1).values as unknown[]).slice(1)).toEqual([
      'Client',
      'Placements',
      'Revenue booked',
      'Fill rate',
    ]);
    expect((sheet.getRow(2).values as unknown[]).slice(1)).toEqual(['Acme & Co <UK>', 3, 26000.5, 0.25]);
    expect(sheet.getRow(3).getCell(1).value).toBe('Globex');
    expect(sheet.getRow(3).getCell(3).value).toBeNull();
    expect(sheet.getRow(2).getCell(3).numFmt).toBe('#,##0.00');
    expect(sheet.getRow(2).getCell(4).numFmt).toBe('0.0%');
  });

  it('keeps text that looks like a formula as Text, never a formula', async () => {
    const sheet = await readBack([
      ['=HYPERLINK("http://x","y")', 1, 1, 1],
      ['+1 614 555 0199', 1, 1, 1],
    ]);
    for (const row of [2, 3]) {
      const cell = sheet.getRow(row).getCell(1);
      expect(cell.type).toBe(ExcelJS.ValueType.String);
      expect(cell.formula).toBeUndefined();
      expect(cell.numFmt).toBe('@');
    }
    expect(sheet.getRow(2).getCell(1).value).toBe('=HYPERLINK("http://x","y")');
  });
});
