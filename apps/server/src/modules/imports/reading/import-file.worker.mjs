// Over 400 lines: the worker thread is one plain-JavaScript file (CSV and the streaming XLSX reader), copied beside the bundle.
// Reads one import file (CSV or XLSX) in a worker thread, as a stream, so a large or hostile file is parsed
// off the server's event loop and under the worker's own memory cap (import-file.ts starts it).
// Plain JavaScript on purpose: workers load it directly, from src/ in development and dist/ in production.
//
// workerData: { mode: 'inspect' | 'read', path, format?, encoding?, delimiter?, fromRow, batchSize, limits }
// Messages out: { type: 'info', info } | { type: 'batch', rows } | { type: 'done' } | { type: 'error', code, message }
// Messages in (read mode): { type: 'next' } after each batch (back-pressure: one batch in flight).
import { createReadStream } from 'node:fs';
import { open as openFile } from 'node:fs/promises';
import { Transform } from 'node:stream';
import { parentPort, workerData } from 'node:worker_threads';
import { parse as parseCsv } from 'csv-parse';
import iconv from 'iconv-lite';
import { SaxesParser } from 'saxes';
import yauzl from 'yauzl';

/**
 * @typedef {{ maxRows: number, maxColumns: number, maxUnpackedBytes: number, sampleRows: number, maxZipEntries: number, maxCellChars: number }} Limits
 * @typedef {{ line: number, cells: string[] }} Row
 */

class FileError extends Error {
  /** @param {string} code @param {string} message */
  constructor(code, message) {
    super(message);
    this.code = code;
  }
}

const grouped = (n) => String(n).replace(/\B(?=(\d{3})+$)/g, ',');

// ---------------------------------------------------------------------------------------------------------
// Rows: blank rows skipped, widths checked, the header row first, then data rows counted from 0.

/** @param {string[]} cells */
const isBlank = (cells) => cells.every((cell) => cell.trim() === '');

/** The width up to the last non-blank cell. @param {string[]} cells */
function usedWidth(cells) {
  let width = cells.length;
  while (width > 0 && cells[width - 1].trim() === '') width -= 1;
  return width;
}

/**
 * Receives every row of the sheet in order; keeps the header, enforces the limits, and hands data rows on.
 * @param {Limits} limits
 * @param {(row: Row, index: number) => Promise<void> | void} onDataRow
 */
function rowSink(limits, onDataRow) {
  const state = { header: /** @type {string[] | null} */ (null), headerLine: 0, dataRows: 0, width: 0 };
  return {
    state,
    /** @param {Row} row */
    async push(row) {
      if (isBlank(row.cells)) return;
      const width = usedWidth(row.cells);
      if (width > limits.maxColumns) {
        throw new FileError(
          'TOO_MANY_COLUMNS',
          `The file has more than ${limits.maxColumns} columns (line ${row.line} has ${grouped(width)}). Remove the columns you do not need and upload it again.`,
        );
      }
      if (state.header === null) {
        state.header = row.cells.slice(0, width);
        state.headerLine = row.line;
        state.width = width;
        return;
      }
      state.dataRows += 1;
      if (state.dataRows > limits.maxRows) {
        throw new FileError(
          'TOO_MANY_ROWS',
          `The file has more than ${grouped(limits.maxRows)} rows. Split it into smaller files and import each.`,
        );
      }
      if (width > state.width) state.width = width;
      await onDataRow(row, state.dataRows - 1);
    },
  };
}

// ---------------------------------------------------------------------------------------------------------
// CSV: encoding, delimiter, streaming parse.

/** @param {string} path @param {number} length */
async function readHead(path, length) {
  const handle = await openFile(path, 'r');
  try {
    const buffer = Buffer.alloc(length);
    const { bytesRead } = await handle.read(buffer, 0, length, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

/** Whether the whole file is valid UTF-8 (read as a stream). @param {string} path @param {number} start */
async function isValidUtf8(path, start) {
  const decoder = new TextDecoder('utf-8', { fatal: true });
  try {
    for await (const chunk of createReadStream(path, { start, highWaterMark: 1 << 20 })) {
      decoder.decode(chunk, { stream: true });
    }
    decoder.decode();
    return true;
  } catch (error) {
    if (error instanceof TypeError) return false;
    throw error;
  }
}

/**
 * The encoding and the byte-order mark's length: a BOM decides; else UTF-16 without a BOM when every other
 * byte of the start is NUL; else UTF-8 when every byte is valid UTF-8; else Windows-1252.
 * @param {string} path
 */
async function detectEncoding(path) {
  const head = await readHead(path, 4096);
  if (head.length >= 3 && head[0] === 0xef && head[1] === 0xbb && head[2] === 0xbf)
    return { encoding: 'utf-8', bom: 3 };
  if (head.length >= 2 && head[0] === 0xff && head[1] === 0xfe) return { encoding: 'utf-16le', bom: 2 };
  if (head.length >= 2 && head[0] === 0xfe && head[1] === 0xff) return { encoding: 'utf-16be', bom: 2 };
  if (head.length >= 4) {
    let evenNul = 0;
    let oddNul = 0;
    for (let index = 0; index + 1 < head.length; index += 2) {
      if (head[index] === 0) evenNul += 1;
      if (head[index + 1] === 0) oddNul += 1;
    }
    const pairs = Math.floor(head.length / 2);
    if (oddNul > pairs * 0.6 && evenNul === 0) return { encoding: 'utf-16le', bom: 0 };
    if (evenNul > pairs * 0.6 && oddNul === 0) return { encoding: 'utf-16be', bom: 0 };
  }
  return (await isValidUtf8(path, 0)) ? { encoding: 'utf-8', bom: 0 } : { encoding: 'windows-1252', bom: 0 };
}

/**
 * Splits the first lines of a text into fields by one delimiter, honouring double quotes (a quoted field
 * may hold the delimiter and new lines). Gives each record's field count.
 * @param {string} text @param {string} delimiter @param {number} maxRecords
 */
function fieldCounts(text, delimiter, maxRecords) {
  const counts = [];
  let fields = 1;
  let inQuotes = false;
  let atFieldStart = true;
  let lineHasContent = false;
  for (let index = 0; index < text.length && counts.length < maxRecords; index += 1) {
    const char = text[index];
    if (inQuotes) {
      if (char === '"') {
        if (text[index + 1] === '"') index += 1;
        else inQuotes = false;
      }
      continue;
    }
    if (char === '"' && atFieldStart) {
      inQuotes = true;
      atFieldStart = false;
      lineHasContent = true;
    } else if (char === delimiter) {
      fields += 1;
      atFieldStart = true;
      lineHasContent = true;
    } else if (char === '\n' || char === '\r') {
      if (char === '\r' && text[index + 1] === '\n') index += 1;
      if (lineHasContent) counts.push(fields);
      fields = 1;
      atFieldStart = true;
      lineHasContent = false;
    } else {
      atFieldStart = false;
      lineHasContent = true;
    }
  }
  return counts;
}

export const DELIMITERS = [',', ';', '\t'];

/**
 * The delimiter whose field count is the most consistent over the first lines (the share of lines with
 * the most common count, more than one field); ties go to more fields, then to the order of DELIMITERS.
 * @param {string} text
 */
export function detectDelimiter(text) {
  // The last line of the sample may be cut short: leave it out when there are others.
  const cut = text.lastIndexOf('\n');
  const sample = cut > 0 && text.length >= 65536 ? text.slice(0, cut + 1) : text;
  let best = { delimiter: ',', score: -1, fields: 0 };
  for (const delimiter of DELIMITERS) {
    const counts = fieldCounts(sample, delimiter, 50);
    if (counts.length === 0) continue;
    const frequency = new Map();
    for (const count of counts) frequency.set(count, (frequency.get(count) ?? 0) + 1);
    let modeCount = 1;
    let modeFrequency = 0;
    for (const [count, times] of frequency) {
      if (times > modeFrequency || (times === modeFrequency && count > modeCount)) {
        modeCount = count;
        modeFrequency = times;
      }
    }
    if (modeCount < 2) continue;
    const score = modeFrequency / counts.length;
    if (score > best.score + 1e-9 || (Math.abs(score - best.score) < 1e-9 && modeCount > best.fields)) {
      best = { delimiter, score, fields: modeCount };
    }
  }
  return best.delimiter;
}

/**
 * Every row of a CSV file, decoded, as { line, cells } (line: where the record starts in the file).
 * @param {string} path @param {string} encoding @param {number} bom @param {string} delimiter
 * @param {(row: Row) => Promise<void>} onRow
 */
async function eachCsvRow(path, encoding, bom, delimiter, onRow) {
  const input = createReadStream(path, { start: bom, highWaterMark: 1 << 16 });
  const decoded = input.pipe(iconv.decodeStream(encoding === 'utf-8' ? 'utf8' : encoding, { stripBOM: false }));
  const parser = decoded.pipe(
    parseCsv({
      delimiter,
      info: true,
      relax_column_count: true,
      relax_quotes: true,
      skip_empty_lines: true,
      bom: false,
      max_record_size: 1_000_000,
    }),
  );
  let previousEnd = 0;
  let previousEmpty = 0;
  try {
    for await (const { record, info } of parser) {
      const line = previousEnd + 1 + (info.empty_lines - previousEmpty);
      previousEnd = info.lines;
      previousEmpty = info.empty_lines;
      await onRow({ line, cells: record });
    }
  } catch (error) {
    input.destroy();
    if (error instanceof FileError) throw error;
    const code = /** @type {{ code?: string }} */ (error).code;
    if (code === 'CSV_QUOTE_NOT_CLOSED') {
      throw new FileError(
        'UNREADABLE_FILE',
        `A quoted value that starts after line ${previousEnd} is never closed: check the quotes (") there.`,
      );
    }
    if (code === 'CSV_MAX_RECORD_SIZE') {
      throw new FileError(
        'UNREADABLE_FILE',
        `The row after line ${previousEnd} is longer than 1,000,000 characters (often a quote that is never closed).`,
      );
    }
    const detail = error instanceof Error ? error.message : String(error);
    throw new FileError('UNREADABLE_FILE', `The file could not be read as CSV (${detail.split('\n')[0]}).`);
  }
}

// ---------------------------------------------------------------------------------------------------------
// XLSX: the ZIP's central directory first (declared sizes), then each part inflated under a byte count,
// the first worksheet's XML streamed with a SAX parser. Formulas are given as their text, never evaluated.

/** @param {string} path */
function openZip(path) {
  return new Promise((resolve, reject) => {
    yauzl.open(path, { lazyEntries: true, autoClose: false, validateEntrySizes: false }, (error, zip) => {
      if (error || !zip) reject(new FileError('UNREADABLE_FILE', 'The file is not a valid XLSX workbook.'));
      else resolve(zip);
    });
  });
}

/** @param {import('yauzl').ZipFile} zip @param {Limits} limits */
function readEntries(zip, limits) {
  return new Promise((resolve, reject) => {
    /** @type {Map<string, import('yauzl').Entry>} */
    const entries = new Map();
    let declared = 0;
    zip.on('entry', (entry) => {
      declared += entry.uncompressedSize;
      if (declared > limits.maxUnpackedBytes) {
        reject(tooLargeArchive(limits));
        return;
      }
      if (entries.size >= limits.maxZipEntries) {
        reject(new FileError('UNREADABLE_FILE', 'The workbook has too many parts to be a spreadsheet.'));
        return;
      }
      entries.set(entry.fileName.replace(/^\/+/, ''), entry);
      zip.readEntry();
    });
    zip.on('end', () => resolve(entries));
    zip.on('error', () => reject(new FileError('UNREADABLE_FILE', 'The file is not a valid XLSX workbook.')));
    zip.readEntry();
  });
}

/** @param {Limits} limits */
const tooLargeArchive = (limits) =>
  new FileError(
    'ARCHIVE_TOO_LARGE',
    `The workbook unpacks to more than ${Math.round(limits.maxUnpackedBytes / (1024 * 1024))} MB. Save the sheet you need as CSV, or split it, and upload it again.`,
  );

/**
 * The text of one part, inflated as a stream under the archive's running byte count (a header that lies
 * about the sizes stops here, not after filling memory).
 * @param {import('yauzl').ZipFile} zip @param {import('yauzl').Entry} entry
 * @param {{ inflated: number }} counter @param {Limits} limits
 * @returns {Promise<import('node:stream').Readable>}
 */
function openPart(zip, entry, counter, limits) {
  return new Promise((resolve, reject) => {
    zip.openReadStream(entry, (error, stream) => {
      if (error || !stream) {
        reject(new FileError('UNREADABLE_FILE', 'The file is not a valid XLSX workbook.'));
        return;
      }
      // Counted here, not by yauzl's own size check: its stream swallows that error (its destroy() is its own).
      let inflated = 0;
      const counting = new Transform({
        transform(chunk, _encoding, callback) {
          inflated += chunk.length;
          counter.inflated += chunk.length;
          if (counter.inflated > limits.maxUnpackedBytes) {
            stream.destroy();
            callback(tooLargeArchive(limits));
          } else if (inflated > entry.uncompressedSize) {
            stream.destroy();
            callback(
              new FileError(
                'ARCHIVE_TOO_LARGE',
                'The workbook unpacks to more than its own directory declares (a damaged or hostile file); it was not read.',
              ),
            );
          } else callback(null, chunk);
        },
      });
      stream.on('error', () => {
        counting.destroy(new FileError('UNREADABLE_FILE', 'The workbook is damaged.'));
      });
      resolve(stream.pipe(counting));
    });
  });
}

/**
 * Streams one XML part through a SAX parser.
 * @param {import('node:stream').Readable} stream
 * @param {(parser: SaxesParser) => void} attach
 * @param {() => Promise<void>} [afterChunk] awaited after each chunk (back-pressure)
 */
async function parseXml(stream, attach, afterChunk) {
  const parser = new SaxesParser({ xmlns: false, position: false });
  /** @type {unknown} */
  let failure = null;
  parser.on('error', (error) => {
    failure = error;
  });
  attach(parser);
  stream.setEncoding('utf8');
  for await (const chunk of stream) {
    parser.write(chunk);
    if (failure) break;
    if (afterChunk) await afterChunk();
  }
  if (!failure) parser.close();
  if (failure) {
    stream.destroy();
    if (failure instanceof FileError) throw failure;
    throw new FileError('UNREADABLE_FILE', 'The workbook is damaged (its XML could not be read).');
  }
}

/** Local name of a tag (drops a namespace prefix such as x:). @param {string} name */
const local = (name) => name.slice(name.indexOf(':') + 1);

/** @param {string} letters */
function columnIndex(letters) {
  let index = 0;
  for (const char of letters.toUpperCase()) index = index * 26 + (char.charCodeAt(0) - 64);
  return index - 1;
}
/** @param {number} index */
function columnLetters(index) {
  let letters = '';
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26))
    letters = String.fromCharCode(65 + ((n - 1) % 26)) + letters;
  return letters;
}

/**
 * A shared formula's text moved from its master cell to another (relative references shift; absolute
 * ones and function names stay).
 * @param {string} formula @param {{ row: number, col: number }} from @param {{ row: number, col: number }} to
 */
export function slideFormula(formula, from, to) {
  return formula.replace(
    /("[^"]*")|('[^']*'!|[A-Za-z_][\w.]*!)?(\$?)([A-Za-z]{1,3})(\$?)(\d+)(?![\w(])/g,
    (match, quoted, sheet, colAbs, letters, rowAbs, digits) => {
      if (quoted) return match;
      const col = colAbs ? columnIndex(letters) : columnIndex(letters) + (to.col - from.col);
      const row = rowAbs ? Number(digits) : Number(digits) + (to.row - from.row);
      if (col < 0 || row < 1) return match;
      return `${sheet ?? ''}${colAbs}${columnLetters(col)}${rowAbs}${row}`;
    },
  );
}

/** Built-in number formats that are dates or times (ECMA-376 18.8.30). */
const BUILTIN_DATE_FORMATS = new Set([14, 15, 16, 17, 18, 19, 20, 21, 22, 27, 30, 36, 45, 46, 47, 50, 57]);

/** Whether a custom number format shows a date or time (d, m, y, h, s outside quotes, brackets, escapes). @param {string} code */
function isDateFormat(code) {
  const stripped = code
    .replace(/"[^"]*"/g, '')
    .replace(/\\./g, '')
    .replace(/\[[^\]]*\]/g, '')
    .split(';')[0];
  return /[dmyhs]/i.test(stripped) && !/^[#0.,%\s]*$/.test(stripped) && !/General/i.test(stripped);
}

/** @param {number} serial @param {boolean} date1904 */
export function excelSerialToIso(serial, date1904) {
  const epoch = date1904 ? Date.UTC(1904, 0, 1) : Date.UTC(1899, 11, 30);
  const ms = Math.round((serial * 86400000) / 1000) * 1000;
  const date = new Date(epoch + ms);
  if (Number.isNaN(date.getTime())) return String(serial);
  const iso = date.toISOString();
  return Number.isInteger(serial) ? iso.slice(0, 10) : iso.slice(0, 19);
}

/** A number as Excel shows it: 15 significant digits, no float noise. @param {string} text */
function excelNumber(text) {
  const value = Number(text);
  if (!Number.isFinite(value)) return text;
  return String(Number(value.toPrecision(15)));
}

/**
 * Every row of the workbook's first worksheet as { line, cells } (line: the sheet's row number).
 * @param {string} path @param {Limits} limits @param {(row: Row) => Promise<void>} onRow
 */
async function eachXlsxRow(path, limits, onRow) {
  const zip = /** @type {import('yauzl').ZipFile} */ (await openZip(path));
  try {
    const entries = /** @type {Map<string, import('yauzl').Entry>} */ (await readEntries(zip, limits));
    const counter = { inflated: 0 };
    const part = (name) => entries.get(name);
    if (!part('xl/workbook.xml')) throw new FileError('UNREADABLE_FILE', 'The file is not a valid XLSX workbook.');

    // The first sheet in the workbook's order, and the 1904 date system flag.
    let firstSheetRel = null;
    let date1904 = false;
    await parseXml(await openPart(zip, part('xl/workbook.xml'), counter, limits), (parser) => {
      parser.on('opentag', (node) => {
        const name = local(node.name);
        if (name === 'workbookPr') date1904 = node.attributes.date1904 === '1' || node.attributes.date1904 === 'true';
        if (name === 'sheet' && firstSheetRel === null) {
          firstSheetRel =
            node.attributes['r:id'] ??
            Object.entries(node.attributes).find(([key]) => key.endsWith(':id'))?.[1] ??
            null;
        }
      });
    });
    let sheetPath = 'xl/worksheets/sheet1.xml';
    const rels = part('xl/_rels/workbook.xml.rels');
    if (rels && firstSheetRel) {
      await parseXml(await openPart(zip, rels, counter, limits), (parser) => {
        parser.on('opentag', (node) => {
          if (local(node.name) === 'Relationship' && node.attributes.Id === firstSheetRel) {
            const target = String(node.attributes.Target ?? '');
            sheetPath = target.startsWith('/') ? target.slice(1) : `xl/${target.replace(/^\.\//, '')}`;
          }
        });
      });
    }
    const sheet = part(sheetPath);
    if (!sheet) throw new FileError('UNREADABLE_FILE', 'The workbook has no worksheet.');

    // Which cell styles are dates.
    /** @type {boolean[]} */
    const dateStyles = [];
    const styles = part('xl/styles.xml');
    if (styles) {
      /** @type {Map<number, string>} */
      const customFormats = new Map();
      let inCellXfs = false;
      await parseXml(await openPart(zip, styles, counter, limits), (parser) => {
        parser.on('opentag', (node) => {
          const name = local(node.name);
          if (name === 'numFmt')
            customFormats.set(Number(node.attributes.numFmtId), String(node.attributes.formatCode ?? ''));
          else if (name === 'cellXfs') inCellXfs = true;
          else if (name === 'xf' && inCellXfs) {
            const id = Number(node.attributes.numFmtId ?? 0);
            const custom = customFormats.get(id);
            dateStyles.push(custom !== undefined ? isDateFormat(custom) : BUILTIN_DATE_FORMATS.has(id));
          }
        });
        parser.on('closetag', (node) => {
          if (local(node.name) === 'cellXfs') inCellXfs = false;
        });
      });
    }

    // Shared strings (rich text runs joined; phonetic guides left out).
    /** @type {string[]} */
    const sharedStrings = [];
    const strings = part('xl/sharedStrings.xml');
    if (strings) {
      let current = null;
      let inText = false;
      let phonetic = 0;
      await parseXml(await openPart(zip, strings, counter, limits), (parser) => {
        parser.on('opentag', (node) => {
          const name = local(node.name);
          if (name === 'si') current = '';
          else if (name === 'rPh') phonetic += 1;
          else if (name === 't' && current !== null && phonetic === 0) inText = true;
        });
        parser.on('text', (text) => {
          if (inText && current !== null) current += text;
        });
        parser.on('closetag', (node) => {
          const name = local(node.name);
          if (name === 't') inText = false;
          else if (name === 'rPh') phonetic -= 1;
          else if (name === 'si') {
            sharedStrings.push(current ?? '');
            current = null;
          }
        });
      });
    }

    // The sheet.
    /** @type {Map<string, { formula: string, row: number, col: number }>} */
    const sharedFormulas = new Map();
    /** @type {Row[]} */
    const ready = [];
    let rowNumber = 0;
    /** @type {string[] | null} */
    let cells = null;
    let cell = null;
    let nextColumn = 0;
    /** @type {'v' | 'f' | 't' | null} */
    let capture = null;
    let phonetic = 0;
    await parseXml(
      await openPart(zip, sheet, counter, limits),
      (parser) => {
        parser.on('opentag', (node) => {
          const name = local(node.name);
          if (name === 'row') {
            rowNumber = node.attributes.r ? Number(node.attributes.r) : rowNumber + 1;
            cells = [];
            nextColumn = 0;
          } else if (name === 'c' && cells) {
            const ref = String(node.attributes.r ?? '');
            const match = /^([A-Za-z]{1,3})(\d+)$/.exec(ref);
            const col = match ? columnIndex(match[1]) : nextColumn;
            nextColumn = col + 1;
            cell = {
              col,
              type: String(node.attributes.t ?? 'n'),
              style: Number(node.attributes.s ?? 0),
              v: '',
              f: null,
              fAttrs: null,
              t: '',
            };
          } else if (cell && name === 'v') capture = 'v';
          else if (cell && name === 'f') {
            capture = 'f';
            cell.f = '';
            cell.fAttrs = node.attributes;
          } else if (cell && name === 'rPh') phonetic += 1;
          else if (cell && name === 't' && phonetic === 0) capture = 't';
        });
        parser.on('text', (text) => {
          if (!cell || capture === null) return;
          if (capture === 'v') cell.v += text;
          else if (capture === 'f') cell.f += text;
          else cell.t += text;
          if (cell.v.length + (cell.f?.length ?? 0) + cell.t.length > limits.maxCellChars) {
            throw new FileError(
              'UNREADABLE_FILE',
              `A cell in row ${rowNumber} holds more than ${grouped(limits.maxCellChars)} characters.`,
            );
          }
        });
        parser.on('closetag', (node) => {
          const name = local(node.name);
          if (name === 'v' || name === 'f' || name === 't') capture = null;
          else if (name === 'rPh') phonetic -= 1;
          else if (name === 'c' && cell && cells) {
            const text = cellText(cell, sharedStrings, sharedFormulas, rowNumber, dateStyles, date1904);
            if (text !== '') {
              if (cell.col >= limits.maxColumns) {
                throw new FileError(
                  'TOO_MANY_COLUMNS',
                  `The file has more than ${limits.maxColumns} columns (row ${rowNumber} has a value in column ${columnLetters(cell.col)}). Remove the columns you do not need and upload it again.`,
                );
              }
              while (cells.length < cell.col) cells.push('');
              cells[cell.col] = text;
            }
            cell = null;
          } else if (name === 'row' && cells) {
            ready.push({ line: rowNumber, cells });
            cells = null;
          }
        });
      },
      async () => {
        while (ready.length > 0) {
          const row = /** @type {Row} */ (ready.shift());
          await onRow(row);
        }
      },
    );
    for (const row of ready) await onRow(row);
  } finally {
    zip.close();
  }
}

/**
 * @param {{ col: number, type: string, style: number, v: string, f: string | null, fAttrs: Record<string, string> | null, t: string }} cell
 * @param {string[]} sharedStrings
 * @param {Map<string, { formula: string, row: number, col: number }>} sharedFormulas
 * @param {number} row @param {boolean[]} dateStyles @param {boolean} date1904
 */
function cellText(cell, sharedStrings, sharedFormulas, row, dateStyles, date1904) {
  if (cell.f !== null) {
    const attrs = cell.fAttrs ?? {};
    let formula = cell.f;
    if (attrs.t === 'shared' && attrs.si !== undefined) {
      if (formula !== '') sharedFormulas.set(String(attrs.si), { formula, row, col: cell.col });
      else {
        const master = sharedFormulas.get(String(attrs.si));
        if (master) formula = slideFormula(master.formula, master, { row, col: cell.col });
      }
    }
    if (formula !== '') return `=${formula}`;
  }
  switch (cell.type) {
    case 's':
      return sharedStrings[Number(cell.v)] ?? '';
    case 'inlineStr':
      return cell.t;
    case 'str':
    case 'e':
    case 'd':
      return cell.v;
    case 'b':
      return cell.v === '1' || cell.v === 'true' ? 'TRUE' : 'FALSE';
    default: {
      if (cell.v === '') return '';
      if (dateStyles[cell.style]) {
        const serial = Number(cell.v);
        if (Number.isFinite(serial)) return excelSerialToIso(serial, date1904);
      }
      return excelNumber(cell.v);
    }
  }
}

// ---------------------------------------------------------------------------------------------------------
// The two jobs.

/** @param {string} path */
async function detectFormat(path) {
  const head = await readHead(path, 8);
  if (head.length >= 4 && head[0] === 0x50 && head[1] === 0x4b && head[2] === 0x03 && head[3] === 0x04) return 'xlsx';
  if (head.length >= 4 && head[0] === 0xd0 && head[1] === 0xcf && head[2] === 0x11 && head[3] === 0xe0) {
    throw new FileError(
      'UNSUPPORTED_FILE',
      'This is an old Excel (.xls) file. Save it as .xlsx or .csv and upload it again.',
    );
  }
  if (head.length >= 4 && head.subarray(0, 4).toString('latin1') === '%PDF') {
    throw new FileError(
      'UNSUPPORTED_FILE',
      'This is a PDF. Upload a CSV or XLSX file (from a spreadsheet: “Save as” CSV or Excel workbook).',
    );
  }
  return 'csv';
}

/** @param {{ path: string, limits: Limits }} input */
async function inspect({ path, limits }) {
  const format = await detectFormat(path);
  /** @type {string[][]} */
  const samples = [];
  const sink = rowSink(limits, (row) => {
    if (samples.length < limits.sampleRows) samples.push(row.cells);
  });
  let encoding = null;
  let delimiter = null;
  if (format === 'csv') {
    const detected = await detectEncoding(path);
    encoding = detected.encoding;
    // NUL bytes outside UTF-16 text: a binary file (an image, an archive), not a CSV.
    if (!encoding.startsWith('utf-16') && (await readHead(path, 4096)).includes(0)) {
      throw new FileError('UNSUPPORTED_FILE', 'This is not a CSV or XLSX file. Upload a CSV or XLSX file.');
    }
    const head = iconv.decode(
      await readHead(path, 65536 + detected.bom),
      detected.encoding === 'utf-8' ? 'utf8' : detected.encoding,
      { stripBOM: true },
    );
    delimiter = detectDelimiter(head);
    await eachCsvRow(path, encoding, detected.bom, delimiter, (row) => sink.push(row));
  } else {
    await eachXlsxRow(path, limits, (row) => sink.push(row));
  }
  if (sink.state.header === null) throw new FileError('EMPTY_FILE', 'The file is empty.');
  if (sink.state.dataRows === 0) {
    throw new FileError('EMPTY_FILE', 'The file has a header row but no data rows.');
  }
  const width = sink.state.width;
  const headers = Array.from({ length: width }, (_, index) => {
    const header = String(sink.state.header?.[index] ?? '').trim();
    return header === '' ? `Column ${columnLetters(index)}` : header;
  });
  const sampleRows = samples.map((cells) => Array.from({ length: width }, (_, index) => cells[index] ?? ''));
  return { format, encoding, delimiter, headers, sampleRows, rowCount: sink.state.dataRows };
}

let wake = null;
parentPort?.on('message', (message) => {
  if (message && message.type === 'next' && wake) {
    const resume = wake;
    wake = null;
    resume();
  }
});

/** @param {Row[]} rows */
function sendBatch(rows) {
  return new Promise((resolve) => {
    wake = resolve;
    parentPort?.postMessage({ type: 'batch', rows });
  });
}

/** @param {{ path: string, format: 'csv' | 'xlsx', encoding: string | null, delimiter: string | null, width: number, fromRow: number, batchSize: number, limits: Limits }} input */
async function read({ path, format, encoding, delimiter, width, fromRow, batchSize, limits }) {
  /** @type {Row[]} */
  let batch = [];
  const sink = rowSink(limits, async (row, index) => {
    if (index < fromRow) return;
    const cells = Array.from({ length: width }, (_, column) => row.cells[column] ?? '');
    batch.push({ line: row.line, cells });
    if (batch.length >= batchSize) {
      const full = batch;
      batch = [];
      await sendBatch(full);
    }
  });
  if (format === 'csv') {
    const bom = await readHead(path, 3);
    const bomLength =
      encoding === 'utf-8' && bom[0] === 0xef && bom[1] === 0xbb && bom[2] === 0xbf
        ? 3
        : encoding?.startsWith('utf-16') &&
            ((bom[0] === 0xff && bom[1] === 0xfe) || (bom[0] === 0xfe && bom[1] === 0xff))
          ? 2
          : 0;
    await eachCsvRow(path, encoding ?? 'utf-8', bomLength, delimiter ?? ',', (row) => sink.push(row));
  } else {
    await eachXlsxRow(path, limits, (row) => sink.push(row));
  }
  if (batch.length > 0) await sendBatch(batch);
}

try {
  const data = workerData;
  if (data.mode === 'inspect') parentPort?.postMessage({ type: 'info', info: await inspect(data) });
  else {
    await read(data);
    parentPort?.postMessage({ type: 'done' });
  }
} catch (error) {
  if (error instanceof FileError) parentPort?.postMessage({ type: 'error', code: error.code, message: error.message });
  else {
    parentPort?.postMessage({
      type: 'error',
      code: 'UNREADABLE_FILE',
      message: 'The file could not be read.',
      detail: error instanceof Error ? error.message : String(error),
    });
  }
}
