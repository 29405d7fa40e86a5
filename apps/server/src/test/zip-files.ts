// Test helpers (import reading tests): ZIP files built by hand, so a test can make a workbook
// whose sizes lie, and a deflate stream of a huge run of one byte that is only a few megabytes.
import { deflateRawSync } from 'node:zlib';

/** Writes bits least significant first, as DEFLATE packs them. */
class BitWriter {
  private readonly bytes: number[] = [];
  private current = 0;
  private used = 0;

  write(value: number, count: number): void {
    for (let bit = 0; bit < count; bit += 1) {
      this.current |= ((value >>> bit) & 1) << this.used;
      this.used += 1;
      if (this.used === 8) {
        this.bytes.push(this.current);
        this.current = 0;
        this.used = 0;
      }
    }
  }

  /** A Huffman code: its bits go most significant first. */
  writeCode(code: number, length: number): void {
    let reversed = 0;
    for (let bit = 0; bit < length; bit += 1) reversed |= ((code >>> bit) & 1) << (length - 1 - bit);
    this.write(reversed, length);
  }

  finish(): Buffer {
    if (this.used > 0) this.bytes.push(this.current);
    return Buffer.from(this.bytes);
  }
}

/** One literal byte with the fixed Huffman codes (RFC 1951 3.2.6). */
function literal(writer: BitWriter, byte: number): void {
  if (byte < 144) writer.writeCode(0x30 + byte, 8);
  else writer.writeCode(0x190 + (byte - 144), 9);
}

/**
 * A raw DEFLATE stream of `prefix`, then `repeat` copies of `byte`, then `suffix`: one fixed-Huffman block
 * where the run is "copy 258 bytes from 1 back" over and over (13 bits per 258 bytes).
 */
export function deflateRun(prefix: string, byte: number, repeat: number, suffix: string): Buffer {
  const writer = new BitWriter();
  writer.write(1, 1); // BFINAL
  writer.write(1, 2); // BTYPE = 01, fixed Huffman
  for (const char of Buffer.from(prefix)) literal(writer, char);
  literal(writer, byte);
  let left = repeat - 1;
  while (left >= 258) {
    writer.writeCode(0xc5, 8); // length code 285: 258 bytes
    writer.writeCode(0, 5); // distance code 0: 1 back
    left -= 258;
  }
  for (; left > 0; left -= 1) literal(writer, byte);
  for (const char of Buffer.from(suffix)) literal(writer, char);
  writer.writeCode(0, 7); // end of block (256)
  return writer.finish();
}

export interface ZipPart {
  name: string;
  /** The raw DEFLATE data. */
  deflated: Buffer;
  /** What the headers say it unpacks to (may lie). */
  declaredSize: number;
  crc?: number;
}

/** A part from plain text (honest sizes). */
export const textPart = (name: string, text: string): ZipPart => {
  const data = Buffer.from(text);
  return { name, deflated: deflateRawSync(data), declaredSize: data.length };
};

/** A ZIP archive of deflated parts (local headers, central directory, end record). */
export function buildZip(parts: readonly ZipPart[]): Buffer {
  const chunks: Buffer[] = [];
  const central: Buffer[] = [];
  let offset = 0;
  for (const part of parts) {
    const name = Buffer.from(part.name);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(0, 6);
    local.writeUInt16LE(8, 8);
    local.writeUInt32LE(0, 10);
    local.writeUInt32LE(part.crc ?? 0, 14);
    local.writeUInt32LE(part.deflated.length, 18);
    local.writeUInt32LE(part.declaredSize, 22);
    local.writeUInt16LE(name.length, 26);
    local.writeUInt16LE(0, 28);
    chunks.push(local, name, part.deflated);
    const entry = Buffer.alloc(46);
    entry.writeUInt32LE(0x02014b50, 0);
    entry.writeUInt16LE(20, 4);
    entry.writeUInt16LE(20, 6);
    entry.writeUInt16LE(0, 8);
    entry.writeUInt16LE(8, 10);
    entry.writeUInt32LE(0, 12);
    entry.writeUInt32LE(part.crc ?? 0, 16);
    entry.writeUInt32LE(part.deflated.length, 20);
    entry.writeUInt32LE(part.declaredSize, 24);
    entry.writeUInt16LE(name.length, 28);
    entry.writeUInt32LE(offset, 42);
    central.push(entry, name);
    offset += local.length + name.length + part.deflated.length;
  }
  const directory = Buffer.concat(central);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(parts.length, 8);
  end.writeUInt16LE(parts.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...chunks, directory, end]);
}

/** The parts of a minimal workbook around one worksheet's XML. */
export function workbookParts(sheet: ZipPart): ZipPart[] {
  return [
    textPart(
      '[Content_Types].xml',
      '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/></Types>',
    ),
    textPart(
      '_rels/.rels',
      '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>',
    ),
    textPart(
      'xl/workbook.xml',
      '<?xml version="1.0" encoding="UTF-8"?><workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets><sheet name="Sheet1" sheetId="1" r:id="rId1"/></sheets></workbook>',
    ),
    textPart(
      'xl/_rels/workbook.xml.rels',
      '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/></Relationships>',
    ),
    sheet,
  ];
}

export const SHEET_PREFIX =
  '<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData><row r="1"><c r="A1" t="inlineStr"><is><t>Name</t></is></c></row><row r="2"><c r="A2" t="inlineStr"><is><t>';
export const SHEET_SUFFIX = '</t></is></c></row></sheetData></worksheet>';
