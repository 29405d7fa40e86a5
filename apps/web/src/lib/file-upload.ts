import type { UploadTargetResponse } from '@recruitdesk/contracts/profile';
import { api, apiPutFile, ApiError, CSRF_HEADER_NAME, errorMessageFrom, getCsrfToken } from './api';

export interface FileRules {
  /** Allowed MIME types. */
  types: readonly string[];
  maxBytes: number;
  messages: { type: string; size: string; empty: string };
  /** Extensions accepted when the browser reports no MIME type (e.g. '.docx'). */
  extensions?: Record<string, string>;
}

/** The file's MIME type, falling back to its extension when the browser gives none. */
export function fileTypeOf(file: File, rules: Pick<FileRules, 'extensions'>): string {
  if (file.type) return file.type;
  const ext = /\.[^.]+$/.exec(file.name.toLowerCase())?.[0] ?? '';
  return rules.extensions?.[ext] ?? '';
}

/** The client-side check before anything is sent (the server checks the bytes again). */
export function checkFile(file: File, rules: FileRules): string | null {
  if (!rules.types.includes(fileTypeOf(file, rules))) return rules.messages.type;
  if (file.size === 0) return rules.messages.empty;
  if (file.size > rules.maxBytes) return rules.messages.size;
  return null;
}

/**
 * The signed-upload sequence: ask the server for an upload target, PUT the bytes there, then confirm
 * with the key; resolves with the confirm call's answer.
 */
export async function uploadThroughSignedUrl<T>({
  file,
  uploadUrlPath,
  uploadUrlBody,
  confirmPath,
  confirmBody = {},
  confirmMethod = 'POST',
}: {
  file: Blob;
  uploadUrlPath: string;
  uploadUrlBody: Record<string, unknown>;
  confirmPath: string;
  confirmBody?: Record<string, unknown>;
  /** How the confirm call is sent (a resume's metadata is PATCHed). */
  confirmMethod?: 'POST' | 'PATCH';
}): Promise<T> {
  const { upload } = await api.post<UploadTargetResponse>(uploadUrlPath, uploadUrlBody);
  await apiPutFile(upload.url, file, upload.headers);
  const body = { ...confirmBody, key: upload.key };
  return confirmMethod === 'PATCH' ? api.patch<T>(confirmPath, body) : api.post<T>(confirmPath, body);
}

/**
 * A multipart POST to the API with upload progress (0..1). fetch reports no upload progress, so this is
 * XMLHttpRequest with the API wrapper's rules: cookies, the CSRF header, the server's `{error, code, fields}`
 * as an ApiError. Resolves with the parsed JSON body of a 2xx answer.
 */
export async function postFormWithProgress(
  url: string,
  form: FormData,
  onProgress: (fraction: number) => void,
  signal?: AbortSignal,
): Promise<unknown> {
  const token = await getCsrfToken();
  return new Promise<unknown>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', url);
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
        resolve(body);
        return;
      }
      const { fields, code } = (body && typeof body === 'object' ? body : {}) as {
        fields?: Record<string, string[]>;
        code?: string;
      };
      const options: ConstructorParameters<typeof ApiError>[2] = { data: body, isAuthError: xhr.status === 401 };
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
