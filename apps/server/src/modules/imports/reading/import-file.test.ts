import { mkdtemp, rm, truncate, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ImportFileError } from './errors';
import { inspectFile, readingLimits, readRows, type ImportRow, type SheetInfo } from './import-file';
import { buildZip, deflateRun, SHEET_PREFIX, SHEET_SUFFIX, textPart, workbookParts } from '../../../test/zip-files';

let dir: string;
let counter = 0;
const defaults = { ...readingLimits };

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'import-read-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});
afterEach(() => {
  Object.assign(readingLimits, defaults);
});

async function file(content: Buffer | string, extension = 'csv'): Promise<string> {
  counter += 1;
  const path = join(dir, `file-${counter}.${extension}`);
  await writeFile(path, content);
  return path;
}

async function allRows(path: string, info: SheetInfo, options = {}): Promise<ImportRow[]> {
  const rows: ImportRow[] = [];
  for await (const batch of readRows(path, info, options)) rows.push(...batch);
  return rows;
}

async function refusal(promise: Promise<unknown>): Promise<ImportFileError> {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(ImportFileError);
  return error as ImportFileError;
}

const utf16be = (text: string) => {
  const le = Buffer.from(text, 'utf16le');
  const be = Buffer.alloc(le.length);
  for (let index = 0; index < le.length; index += 2) {
    be[index] = le[index + 1] as number;
    be[index + 1] = le[index] as number;
  }
  return be;
};

describe('CSV encodings', () => {
  const text = 'Name,City\nJosé Müller,Zürich\nZoë,Kraków\n';

  it('reads UTF-8 without a BOM', async () => {
    const path = await file(Buffer.from(text, 'utf8'));
    const info = await inspectFile(path, 'people.csv');
    expect(info).toMatchObject({
      format: 'csv',
      encoding: 'utf-8',
      delimiter: ',',
      headers: ['Name', 'City'],
      rowCount: 2,
    });
    expect(info.sampleRows[0]).toEqual(['José Müller', 'Zürich']);
  });

  it('reads UTF-8 with a BOM (the BOM is not part of the first header)', async () => {
    const path = await file(Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(text, 'utf8')]));
    const info = await inspectFile(path, 'people.csv');
    expect(info.encoding).toBe('utf-8');
    expect(info.headers[0]).toBe('Name');
    expect((await allRows(path, info)).map((row) => row.cells)).toEqual([
      ['José Müller', 'Zürich'],
      ['Zoë', 'Kraków'],
    ]);
  });

  it('reads UTF-16 LE with a BOM', async () => {
    const path = await file(Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, 'utf16le')]));
    const info = await inspectFile(path, 'people.csv');
    expect(info.encoding).toBe('utf-16le');
    expect(info.headers).toEqual(['Name', 'City']);
    expect((await allRows(path, info))[1]?.cells).toEqual(['Zoë', 'Kraków']);
  });

  it('reads UTF-16 BE with a BOM', async () => {
    const path = await file(Buffer.concat([Buffer.from([0xfe, 0xff]), utf16be(text)]));
    const info = await inspectFile(path, 'people.csv');
    expect(info.encoding).toBe('utf-16be');
    expect(info.sampleRows[0]).toEqual(['José Müller', 'Zürich']);
  });

  it('reads UTF-16 LE without a BOM from its zero bytes', async () => {
    const info = await inspectFile(await file(Buffer.from(text, 'utf16le')), 'people.csv');
    expect(info.encoding).toBe('utf-16le');
    expect(info.sampleRows[1]).toEqual(['Zoë', 'Kraków']);
  });

  it('reads Windows-1252 when the bytes are not valid UTF-8', async () => {
    // "José Müller,Zürich" and "€" (0x80) in Windows-1252.
    const bytes = Buffer.from([
      ...Buffer.from('Name,City\nJos'),
      0xe9,
      ...Buffer.from(' M'),
      0xfc,
      ...Buffer.from('ller,Z'),
      0xfc,
      ...Buffer.from('rich \n'),
      0x80,
      ...Buffer.from('5,Paris\n'),
    ]);
    const path = await file(bytes);
    const info = await inspectFile(path, 'people.csv');
    expect(info.encoding).toBe('windows-1252');
    expect(info.sampleRows).toEqual([
      ['José Müller', 'Zürich '],
      ['€5', 'Paris'],
    ]);
  });
});

describe('CSV delimiters and shapes', () => {
  it.each([
    [',', 'comma'],
    [';', 'semicolon'],
    ['\t', 'tab'],
  ])('detects the %j delimiter (%s), quotes respected', async (delimiter) => {
    // The other delimiters appear inside quoted fields and unquoted text: consistency decides.
    const others = [',', ';', '\t'].filter((other) => other !== delimiter).join(' ');
    const lines = [
      ['Name', 'Skills', 'Notes'],
      ['"Smith, Jane; Dr"', '"Go, SQL; Rust"', `a${others}b`],
      ['Bob', 'Java', `x${others}${others}y`],
      ['Ann', '"C#, .NET"', ''],
    ];
    const csv = lines.map((cells) => cells.join(delimiter)).join('\r\n');
    const path = await file(csv);
    const info = await inspectFile(path, 'people.csv');
    expect(info.delimiter).toBe(delimiter);
    expect(info.headers).toEqual(['Name', 'Skills', 'Notes']);
    expect(info.sampleRows[0]).toEqual(['Smith, Jane; Dr', 'Go, SQL; Rust', `a${others}b`]);
    expect(info.rowCount).toBe(3);
  });

  it('keeps new lines inside quoted fields and gives each row the line where it starts', async () => {
    const path = await file('Name,Notes\n"Jane","first line\nsecond line\nthird"\n\nBob,"one ""quoted"" word"\n');
    const info = await inspectFile(path, 'people.csv');
    expect(info.rowCount).toBe(2);
    const rows = await allRows(path, info);
    expect(rows).toEqual([
      { line: 2, cells: ['Jane', 'first line\nsecond line\nthird'] },
      { line: 6, cells: ['Bob', 'one "quoted" word'] },
    ]);
  });

  it('pads ragged rows to the widest row and names blank headers', async () => {
    const path = await file('Name,Email\nJane\nBob,bob@example.com,extra value\n,,\nAnn,ann@example.com,,,\n');
    const info = await inspectFile(path, 'people.csv');
    expect(info.headers).toEqual(['Name', 'Email', 'Column C']);
    expect(info.rowCount).toBe(3); // the ",," row is blank
    expect((await allRows(path, info)).map((row) => row.cells)).toEqual([
      ['Jane', '', ''],
      ['Bob', 'bob@example.com', 'extra value'],
      ['Ann', 'ann@example.com', ''],
    ]);
  });

  it('reads from a given data row, in batches, and stops when aborted', async () => {
    const csv = ['Name', ...Array.from({ length: 25 }, (_, index) => `Person ${index}`)].join('\n');
    const path = await file(csv);
    const info = await inspectFile(path, 'people.csv');
    const batches: ImportRow[][] = [];
    for await (const batch of readRows(path, info, { fromRow: 20, batchSize: 2 })) batches.push(batch);
    expect(batches.map((batch) => batch.length)).toEqual([2, 2, 1]);
    expect(batches[0]?.[0]).toEqual({ line: 22, cells: ['Person 20'] });

    const controller = new AbortController();
    const seen: ImportRow[] = [];
    const reading = (async () => {
      for await (const batch of readRows(path, info, { batchSize: 5, signal: controller.signal })) {
        seen.push(...batch);
        controller.abort(new Error('stopped'));
      }
    })();
    await expect(reading).rejects.toThrow('stopped');
    expect(seen).toHaveLength(5);
  });
});

describe('limits and unreadable files', () => {
  it('refuses a file over 50 MB from its size, before reading it (413)', async () => {
    const path = await file('Name\nJane\n');
    await truncate(path, 50 * 1024 * 1024 + 1); // sparse: nothing written
    const error = await refusal(inspectFile(path, 'big.csv'));
    expect(error).toMatchObject({ code: 'FILE_TOO_LARGE', status: 413 });
    expect(error.message).toContain('50 MB');
  });

  it('refuses an empty file and a file with a header row only', async () => {
    expect(await refusal(inspectFile(await file(''), 'empty.csv'))).toMatchObject({ code: 'EMPTY_FILE', status: 400 });
    expect(await refusal(inspectFile(await file('\n \n,,\n'), 'blank.csv'))).toMatchObject({ code: 'EMPTY_FILE' });
    const headerOnly = await refusal(inspectFile(await file('Name,Email\n'), 'header.csv'));
    expect(headerOnly).toMatchObject({ code: 'EMPTY_FILE' });
    expect(headerOnly.message).toMatch(/no data rows/);
  });

  it('refuses more than 200,000 data rows and accepts exactly the limit', async () => {
    const rows = 'x\n'.repeat(200_001);
    const error = await refusal(inspectFile(await file(`Name\n${rows}`), 'many.csv'));
    expect(error).toMatchObject({ code: 'TOO_MANY_ROWS', status: 400 });
    expect(error.message).toContain('200,000');

    readingLimits.maxRows = 3;
    expect((await inspectFile(await file('Name\na\nb\nc\n'), 'three.csv')).rowCount).toBe(3);
    expect(await refusal(inspectFile(await file('Name\na\nb\nc\nd\n'), 'four.csv'))).toMatchObject({
      code: 'TOO_MANY_ROWS',
    });
  });

  it('refuses more than 200 columns and accepts 200', async () => {
    const header = (count: number) => Array.from({ length: count }, (_, index) => `Column ${index}`).join(',');
    const accepted = await inspectFile(await file(`${header(200)}\n${'v,'.repeat(199)}v\n`), 'wide.csv');
    expect(accepted.headers).toHaveLength(200);
    const error = await refusal(inspectFile(await file(`${header(201)}\nvalue\n`), 'wider.csv'));
    expect(error).toMatchObject({ code: 'TOO_MANY_COLUMNS', status: 400 });
    expect(error.message).toContain('200 columns');
  });

  it('says where a quoted value is never closed', async () => {
    const error = await refusal(
      inspectFile(await file('Name,Notes\nJane,fine\nBob,"never closed\nAnn,x\n'), 'quotes.csv'),
    );
    expect(error).toMatchObject({ code: 'UNREADABLE_FILE', status: 400 });
    expect(error.message).toBe('A quoted value that starts after line 2 is never closed: check the quotes (") there.');
  });

  it('refuses an old .xls workbook, a file named .xlsx that is not one, a PDF and a binary file', async () => {
    const xls = await file(Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0, 0]), 'xls');
    expect(await refusal(inspectFile(xls, 'old.xls'))).toMatchObject({ code: 'UNSUPPORTED_FILE' });
    expect(await refusal(inspectFile(await file('Name\nJane\n'), 'fake.xlsx'))).toMatchObject({
      code: 'UNREADABLE_FILE',
    });
    const notWorkbook = await file(buildZip([textPart('hello.txt', 'hi')]), 'xlsx');
    expect(await refusal(inspectFile(notWorkbook, 'zip.xlsx'))).toMatchObject({ code: 'UNREADABLE_FILE' });
    const pdf = await file('%PDF-1.7\n1 0 obj\n', 'pdf');
    expect(await refusal(inspectFile(pdf, 'resume.csv'))).toMatchObject({ code: 'UNSUPPORTED_FILE' });
    const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]);
    expect(await refusal(inspectFile(await file(png, 'png'), 'photo.csv'))).toMatchObject({ code: 'UNSUPPORTED_FILE' });
  });
});

describe('XLSX', () => {
  it('reads the first worksheet: shared strings, numbers, ISO dates, formulas as their text', async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('People');
    sheet.addRow(['Name', 'Joined', 'Salary', 'Double', 'Ratio', 'Meeting', 'Active']);
    sheet.addRow(['Jane Smith', new Date(Date.UTC(2024, 2, 5)), 85000, { formula: 'C2*2', result: 170000 }, 0.1 + 0.2]);
    sheet.addRow(['Bob', new Date(Date.UTC(2023, 11, 31)), 62000.5, { formula: 'A1&B1' }, 3]);
    sheet.getCell('F2').value = new Date(Date.UTC(2024, 2, 5, 14, 30));
    sheet.getCell('F2').numFmt = 'yyyy-mm-dd hh:mm';
    sheet.getCell('G2').value = true;
    sheet.getCell('B3').numFmt = 'dd/mm/yyyy';
    sheet.addRow([]);
    sheet.addRow(['Ann', null, null, { formula: 'SUM(C2:C3)', result: 147000.5 }]);
    workbook.addWorksheet('Second').addRow(['Not', 'read']);
    const path = join(dir, 'people.xlsx');
    await workbook.xlsx.writeFile(path);

    const info = await inspectFile(path, 'people.xlsx');
    expect(info).toMatchObject({ format: 'xlsx', encoding: null, delimiter: null, rowCount: 3 });
    expect(info.headers).toEqual(['Name', 'Joined', 'Salary', 'Double', 'Ratio', 'Meeting', 'Active']);
    const rows = await allRows(path, info);
    expect(rows).toEqual([
      { line: 2, cells: ['Jane Smith', '2024-03-05', '85000', '=C2*2', '0.3', '2024-03-05T14:30:00', 'TRUE'] },
      { line: 3, cells: ['Bob', '2023-12-31', '62000.5', '=A1&B1', '3', '', ''] },
      { line: 5, cells: ['Ann', '', '', '=SUM(C2:C3)', '', '', ''] },
    ]);
  });

  it('gives shared formulas their own text, moved to each cell', async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Sums');
    sheet.addRow(['A', 'B', 'Sum']);
    sheet.addRow([1, 2]);
    sheet.addRow([3, 4]);
    sheet.getCell('C2').value = {
      formula: 'A2+$B$2',
      shareType: 'shared',
      ref: 'C2:C3',
      result: 3,
    } as ExcelJS.CellValue;
    sheet.getCell('C3').value = { sharedFormula: 'C2', result: 7 } as ExcelJS.CellValue;
    const path = join(dir, 'sums.xlsx');
    await workbook.xlsx.writeFile(path);
    const info = await inspectFile(path, 'sums.xlsx');
    expect((await allRows(path, info)).map((row) => row.cells[2])).toEqual(['=A2+$B$2', '=A3+$B$2']);
    // A resumed job starts from a later row, with the sheet's row numbers.
    expect(await allRows(path, info, { fromRow: 1 })).toEqual([{ line: 3, cells: ['3', '4', '=A3+$B$2'] }]);
  });

  it('refuses a workbook whose parts unpack beyond 500 MB, from the ZIP directory, before inflating anything', async () => {
    const size = 520 * 1024 * 1024;
    const repeat = size - SHEET_PREFIX.length - SHEET_SUFFIX.length;
    const deflated = deflateRun(SHEET_PREFIX, 0x20, repeat, SHEET_SUFFIX);
    expect(deflated.length).toBeLessThan(5 * 1024 * 1024);
    const bomb = buildZip(workbookParts({ name: 'xl/worksheets/sheet1.xml', deflated, declaredSize: size }));
    const error = await refusal(inspectFile(await file(bomb, 'xlsx'), 'bomb.xlsx'));
    expect(error).toMatchObject({ code: 'ARCHIVE_TOO_LARGE', status: 413 });
    expect(error.message).toContain('500 MB');
  });

  it('stops inflating a part whose header lies about its size (a zip bomb declaring 2 kB)', async () => {
    const size = 520 * 1024 * 1024;
    const repeat = size - SHEET_PREFIX.length - SHEET_SUFFIX.length;
    const deflated = deflateRun(SHEET_PREFIX, 0x20, repeat, SHEET_SUFFIX);
    const bomb = buildZip(workbookParts({ name: 'xl/worksheets/sheet1.xml', deflated, declaredSize: 2048 }));
    const path = await file(bomb, 'xlsx');
    const error = await refusal(inspectFile(path, 'liar.xlsx'));
    expect(error).toMatchObject({ code: 'ARCHIVE_TOO_LARGE', status: 413 });
    expect(error.message).toMatch(/more than its own directory declares/);
    // Reading rows checks again (a resumed job reads the file afresh).
    const info: SheetInfo = {
      format: 'xlsx',
      encoding: null,
      delimiter: null,
      headers: ['Name'],
      sampleRows: [],
      rowCount: 1,
    };
    expect(await refusal(allRows(path, info))).toMatchObject({ code: 'ARCHIVE_TOO_LARGE' });
  });

  it('reads a small hand-built workbook with inline strings (the bomb builder makes valid files)', async () => {
    const deflated = deflateRun(SHEET_PREFIX, 0x61, 5, SHEET_SUFFIX);
    const size = SHEET_PREFIX.length + 5 + SHEET_SUFFIX.length;
    const path = await file(
      buildZip(workbookParts({ name: 'xl/worksheets/sheet1.xml', deflated, declaredSize: size })),
      'xlsx',
    );
    const info = await inspectFile(path, 'small.xlsx');
    expect(info.headers).toEqual(['Name']);
    expect(info.sampleRows).toEqual([['aaaaa']]);
  });
});
