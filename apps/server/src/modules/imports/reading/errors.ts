import { AppError } from '../../../lib/errors';

export type ImportFileErrorCode =
  | 'FILE_TOO_LARGE'
  | 'TOO_MANY_ROWS'
  | 'TOO_MANY_COLUMNS'
  | 'ARCHIVE_TOO_LARGE'
  | 'UNREADABLE_FILE'
  | 'EMPTY_FILE'
  | 'UNSUPPORTED_FILE';

/** A file the import cannot read: 413 for the size limits (file, unpacked workbook), 400 otherwise. */
export class ImportFileError extends AppError {
  declare readonly code: ImportFileErrorCode;

  constructor(code: ImportFileErrorCode, message: string) {
    super(code, code === 'FILE_TOO_LARGE' || code === 'ARCHIVE_TOO_LARGE' ? 413 : 400, message);
    this.name = 'ImportFileError';
  }
}
