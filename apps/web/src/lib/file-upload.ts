import type { UploadTargetResponse } from '@recruitdesk/contracts/profile';
import { api, apiPutFile } from './api';

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
