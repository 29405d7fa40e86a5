import { IMPORT_MAX_FILE_BYTES } from '@recruitdesk/contracts/import-fields';
import { postFormWithProgress } from '@/lib/file-upload';
import type { ImportResponse, ImportUploadKind } from './types';

/** The server's limit (issue 31), said on the upload screen and checked before sending. */
export const IMPORT_MAX_BYTES = IMPORT_MAX_FILE_BYTES;
export const IMPORT_ACCEPT = '.csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** Why this file cannot be imported, before it is sent (the server checks again), or null. */
export function checkImportFile(file: File): string | null {
  const name = file.name.toLowerCase();
  if (!name.endsWith('.csv') && !name.endsWith('.xlsx')) {
    return 'Choose a CSV or XLSX file (.csv or .xlsx).';
  }
  if (file.size === 0) return 'The file is empty.';
  if (file.size > IMPORT_MAX_BYTES) return 'The file is larger than 50 MB. Split it into smaller files.';
  return null;
}

/**
 * POST /api/imports/ (multipart `file`, `kind`) with upload progress. Not through fetch: fetch reports no
 * upload progress, and a 50 MB file on a slow line takes minutes, so this is XMLHttpRequest with the same
 * rules as the API wrapper (cookies, the CSRF header, the server's `{error, code}` as an ApiError).
 */
export async function uploadImportFile(
  file: File,
  kind: ImportUploadKind,
  onProgress: (fraction: number) => void,
  signal?: AbortSignal,
): Promise<ImportResponse> {
  const form = new FormData();
  form.append('kind', kind);
  form.append('file', file, file.name);
  return (await postFormWithProgress('/api/imports/', form, onProgress, signal)) as ImportResponse;
}
