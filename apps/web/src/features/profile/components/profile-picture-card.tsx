import { useRef, useState, type ChangeEvent } from 'react';
import { ImageUp, Trash2 } from 'lucide-react';
import type { User } from '@recruitdesk/contracts/users';
import { Alert } from '@/components/ui/alert';
import { Avatar } from '@/components/ui/avatar';
import { Button, buttonClasses } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/base-api';
import { useAppDispatch } from '@/lib/hooks';
import { notifySuccess } from '@/lib/notify';
import { useRemoveProfilePictureMutation, useUploadProfilePictureMutation } from '../api';
import { checkPictureFile, PICTURE_ACCEPT } from '../picture-upload';

/**
 * Profile picture: preview, upload (upload URL → PUT → confirm) and removal. The page passes the updated
 * user up so the picture shows everywhere the avatar appears.
 */
export function ProfilePicture({ user, onUserUpdated }: { user: User; onUserUpdated: (user: User) => void }) {
  const dispatch = useAppDispatch();
  const inputRef = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState<'upload' | 'remove' | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [uploadPicture] = useUploadProfilePictureMutation();
  const [removePicture] = useRemoveProfilePictureMutation();

  const onFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    const invalid = checkPictureFile(file);
    if (invalid) {
      setProblem(invalid);
      return;
    }
    setProblem(null);
    setBusy('upload');
    try {
      const { user: updated } = await uploadPicture(file).unwrap();
      onUserUpdated(updated);
      dispatch(notifySuccess('Your profile picture has been updated.'));
    } catch (error) {
      setProblem(errorMessage(error, 'The picture could not be uploaded. Please try again.'));
    } finally {
      setBusy(null);
    }
  };

  const onRemove = async () => {
    setProblem(null);
    setBusy('remove');
    try {
      const { user: updated } = await removePicture().unwrap();
      onUserUpdated(updated);
      dispatch(notifySuccess('Your profile picture has been removed.'));
    } catch (error) {
      setProblem(errorMessage(error, 'The picture could not be removed. Please try again.'));
    } finally {
      setBusy(null);
    }
  };

  return (
    <div className="space-y-4">
      <div className="flex flex-col items-start gap-4 sm:flex-row sm:items-center">
        <div className="relative">
          <Avatar name={user.name} initials={user.initials} src={user.profile_picture_url} size="2xl" />
          {busy === 'upload' ? (
            <span className="absolute inset-0 flex items-center justify-center rounded-full bg-white/70 dark:bg-gray-900/70">
              <Spinner size="sm" />
            </span>
          ) : null}
        </div>
        <div className="space-y-2">
          <div className="flex flex-wrap gap-2">
            <label
              className={buttonClasses(
                'secondary',
                'md',
                'cursor-pointer has-focus-visible:outline-2 has-focus-visible:outline-offset-2 has-focus-visible:outline-brand-600',
              )}
            >
              <ImageUp aria-hidden="true" className="size-4" />
              {busy === 'upload' ? 'Uploading…' : 'Upload picture'}
              <input
                ref={inputRef}
                type="file"
                accept={PICTURE_ACCEPT}
                className="sr-only"
                disabled={busy !== null}
                onChange={(event) => void onFile(event)}
                aria-describedby="picture-hint"
              />
            </label>
            {user.profile_picture_url ? (
              <Button
                variant="ghost"
                onClick={() => void onRemove()}
                loading={busy === 'remove'}
                disabled={busy !== null}
              >
                {busy === 'remove' ? null : <Trash2 aria-hidden="true" className="size-4" />}
                Remove picture
              </Button>
            ) : null}
          </div>
          <p id="picture-hint" className="text-xs text-gray-500 dark:text-gray-400">
            PNG, JPEG or WebP, up to 5 MB. A square picture looks best.
          </p>
          {busy === 'upload' ? (
            <p role="status" className="sr-only">
              Uploading your picture
            </p>
          ) : null}
        </div>
      </div>
      {problem ? <Alert>{problem}</Alert> : null}
    </div>
  );
}
