import { PROFILE_PICTURE_MAX_BYTES, PROFILE_PICTURE_TYPES } from '@recruitdesk/contracts/profile';
import type { User } from '@recruitdesk/contracts/users';
import { api } from '@/lib/api';
import { checkFile, uploadThroughSignedUrl } from '@/lib/file-upload';

export const PICTURE_ACCEPT = PROFILE_PICTURE_TYPES.join(',');

export const PICTURE_MESSAGES = {
  type: 'Choose a PNG, JPEG or WebP image.',
  size: 'The picture must be 5 MB or smaller.',
  empty: 'The file is empty. Choose another picture.',
} as const;

/** The client-side check before anything is sent; the server checks the bytes again. */
export function checkPictureFile(file: File): string | null {
  return checkFile(file, { types: PROFILE_PICTURE_TYPES, maxBytes: PROFILE_PICTURE_MAX_BYTES, messages: PICTURE_MESSAGES });
}

type UserBody = { success: true; user?: User };

/** The server's answer may carry the updated user; if not, ask for the profile. */
async function userFrom(body: UserBody | undefined): Promise<User> {
  if (body?.user) return body.user;
  const profile = await api.get<{ success: true; user: User }>('/api/auth/profile/');
  return profile.user;
}

/**
 * Upload flow: ask for a signed upload target, PUT the bytes there, then confirm with the key; resolves
 * with the updated user (its `profile_picture_url` set).
 */
export async function uploadProfilePicture(file: File): Promise<User> {
  const confirmed = await uploadThroughSignedUrl<UserBody>({
    file,
    uploadUrlPath: '/api/profile/picture/upload-url/',
    uploadUrlBody: { content_type: file.type, size: file.size },
    confirmPath: '/api/profile/picture/confirm/',
  });
  return userFrom(confirmed);
}

export async function removeProfilePicture(): Promise<User> {
  const body = await api.delete<UserBody>('/api/profile/picture/');
  return userFrom(body);
}
