import { postFormWithProgress } from '@/lib/file-upload';
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
  const form = new FormData();
  form.append('file', file, file.name);
  return itemOf<MessageUpload>(
    await postFormWithProgress('/api/messages/attachments/', form, onProgress, signal),
    'upload',
  );
}
