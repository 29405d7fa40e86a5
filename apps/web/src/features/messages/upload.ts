import { ApiError, CSRF_HEADER_NAME, errorMessageFrom, getCsrfToken } from '@/lib/api';
import { ATTACHMENT_MAX_BYTES } from './compose-logic';
import { itemOf } from '@/lib/envelope';
import type { MessageUpload } from './api';

/** Why this file cannot be attached, before it is sent (the server checks again), or null. */
export function checkAttachment(file: File): string | null {
  if (file.size === 0) return `${file.name} is empty.`;
  if (file.size > ATTACHMENT_MAX_BYTES) return `${file.name} is larger than 25 MB.`;
  return null;
}

/**
 * POST /api/messages/attachments/ (multipart `file`) with upload progress: XMLHttpRequest (fetch reports
 * no upload progress) with the API wrapper's rules (cookies, the CSRF header, the error shape).
 */
export async function uploadAttachment(
  file: File,
  onProgress: (fraction: number) => void,
  signal?: AbortSignal,
): Promise<MessageUpload> {
  const token = await getCsrfToken();
  const form = new FormData();
  form.append('file', file, file.name);
  return new Promise<MessageUpload>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', '/api/messages/attachments/');
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
        resolve(itemOf<MessageUpload>(body, 'upload'));
        return;
      }
      const { code } = (body && typeof body === 'object' ? body : {}) as { code?: string };
      const options: ConstructorParameters<typeof ApiError>[2] = { data: body };
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
