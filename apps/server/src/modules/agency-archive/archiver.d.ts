// archiver 8 ships no types (and @types/archiver describes the older default-export API): the part the
// agency export uses.
declare module 'archiver' {
  import type { Readable, Transform } from 'node:stream';

  export interface ZipArchiveOptions {
    zlib?: { level?: number };
    forceZip64?: boolean;
  }
  export interface EntryData {
    name: string;
    date?: Date;
    store?: boolean;
  }
  export class ZipArchive extends Transform {
    constructor(options?: ZipArchiveOptions);
    append(source: Readable | Buffer | string, data: EntryData): this;
    finalize(): Promise<void>;
    abort(): this;
    pointer(): number;
    on(event: 'entry', listener: (entry: EntryData) => void): this;
    on(event: 'warning' | 'error', listener: (error: Error) => void): this;
    on(event: string | symbol, listener: (...args: unknown[]) => void): this;
  }
}
