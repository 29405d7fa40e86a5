import { PROFILE_PICTURE_MAX_BYTES, PROFILE_PICTURE_TYPES } from '@recruitdesk/contracts/profile';
import { checkFile } from '@/lib/file-upload';

export const PICTURE_ACCEPT = PROFILE_PICTURE_TYPES.join(',');

export const PICTURE_MESSAGES = {
  type: 'Choose a PNG, JPEG or WebP image.',
  size: 'The picture must be 5 MB or smaller.',
  empty: 'The file is empty. Choose another picture.',
} as const;

/** The client-side check before anything is sent; the server checks the bytes again. */
export function checkPictureFile(file: File): string | null {
  return checkFile(file, {
    types: PROFILE_PICTURE_TYPES,
    maxBytes: PROFILE_PICTURE_MAX_BYTES,
    messages: PICTURE_MESSAGES,
  });
}
