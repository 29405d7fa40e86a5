import { IMPORT_MAX_FILE_BYTES } from '@recruitdesk/contracts/import-fields';
import { ApiError, CSRF_HEADER_NAME, errorMessageFrom, getCsrfToken } from '@/lib/api';
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
  const token = await getCsrfToken();
  const form = new FormData();
  form.append('kind', kind);
  form.append('file', file, file.name);
  return new Promise<ImportResponse>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', '/api/imports/');
    xhr.withCredentials = true;
    xhr.setRequestHeader('Accept', 'application/json');
    if (token) xhr.setRequestHeader(CSRF_HEADER_NAME, token);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
    };
    xhr.onload = () => {
      let body: unknown;
      try {
        body = xhr.responseText ? JSON.parse(xhr.responseText) : undefined;
      } catch {
        body = xhr.responseText;
      }
      if (xhr.status >= 200 && xhr.status < 300) {
        onProgress(1);
        resolve(body as ImportResponse);
        return;
      }
      const { fields, code } = (body && typeof body === 'object' ? body : {}) as {
        fields?: Record<string, string[]>;
        code?: string;
      };
      const options: ConstructorParameters<typeof ApiError>[2] = { data: body };
      if (fields) options.fields = fields;
      if (code) options.code = code;
      reject(
        new ApiError(xhr.status, errorMessageFrom(body, { status: xhr.status, statusText: xhr.statusText }), options),
      );
    };
    xhr.onerror = () =>
      reject(new ApiError(0, 'Network error: the server could not be reached.', { code: 'NETWORK_ERROR' }));
    xhr.onabort = () => reject(new ApiError(0, 'Upload cancelled.', { code: 'ABORTED' }));
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(form);
  });
}
