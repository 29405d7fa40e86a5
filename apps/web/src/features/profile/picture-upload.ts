import {
  PROFILE_PICTURE_MAX_BYTES,
  PROFILE_PICTURE_TYPES,
  type UploadTargetResponse,
} from '@recruitdesk/contracts/profile';
import type { User } from '@recruitdesk/contracts/users';
import { api, apiPutFile } from '@/lib/api';

export const PICTURE_ACCEPT = PROFILE_PICTURE_TYPES.join(',');

export const PICTURE_MESSAGES = {
  type: 'Choose a PNG, JPEG or WebP image.',
  size: 'The picture must be 5 MB or smaller.',
  empty: 'The file is empty. Choose another picture.',
} as const;

/** The client-side check before anything is sent; the server checks the bytes again. */
export function checkPictureFile(file: File): string | null {
  if (!(PROFILE_PICTURE_TYPES as readonly string[]).includes(file.type))
    return PICTURE_MESSAGES.type;
  if (file.size === 0) return PICTURE_MESSAGES.empty;
  if (file.size > PROFILE_PICTURE_MAX_BYTES) return PICTURE_MESSAGES.size;
  return null;
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
  const { upload } = await api.post<UploadTargetResponse>('/api/profile/picture/upload-url/', {
    content_type: file.type,
    size: file.size,
  });
  await apiPutFile(upload.url, file, upload.headers);
  const confirmed = await api.post<UserBody>('/api/profile/picture/confirm/', { key: upload.key });
  return userFrom(confirmed);
}

export async function removeProfilePicture(): Promise<User> {
  const body = await api.delete<UserBody>('/api/profile/picture/');
  return userFrom(body);
}
