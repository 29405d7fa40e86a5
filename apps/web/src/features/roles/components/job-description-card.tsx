import { useId, useRef, useState } from 'react';
import { Download, FileText, Trash2, Upload } from 'lucide-react';
import type { Role } from '@recruitdesk/contracts/roles';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { SectionCard } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/dialog';
import { Textarea } from '@/components/ui/textarea';
import { useConfirmedMutation } from '@/components/ui/use-confirmed-mutation';
import { errorMessage } from '@/lib/base-api';
import { followLink } from '@/lib/download';
import { checkFile } from '@/lib/file-upload';
import { DateText } from '@/components/ui/time';
import { formatBytes } from '@/lib/format';
import { useAppDispatch } from '@/lib/hooks';
import { notifyError, notifySuccess } from '@/lib/notify';
import {
  useLazyGetJobDescriptionDownloadUrlQuery,
  useRemoveJobDescriptionFileMutation,
  useUpdateJobDescriptionTextMutation,
  useUploadJobDescriptionMutation,
} from '../api';
import { JOB_DESCRIPTION_ACCEPT, JOB_DESCRIPTION_RULES } from '../job-description-rules';

/** The job description: text edited in place, and/or an uploaded PDF, DOCX or TXT file. */
export function JobDescriptionCard({ role, canEdit }: { role: Role; canEdit: boolean }) {
  const dispatch = useAppDispatch();
  const textId = useId();
  const fileId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState(role.description_text);
  const [fileError, setFileError] = useState<string | null>(null);
  const [downloading, setDownloading] = useState(false);
  const [saveText, textState] = useUpdateJobDescriptionTextMutation();
  const [upload, uploadState] = useUploadJobDescriptionMutation();
  const [removeFile] = useRemoveJobDescriptionFileMutation();
  const [fetchDownloadUrl] = useLazyGetJobDescriptionDownloadUrlQuery();
  const removing = useConfirmedMutation({
    run: () => removeFile(role.id),
    success: null,
    refusal: 'toast',
  });
  const file = role.description_file;

  const onFile = async (chosen: File | undefined) => {
    if (inputRef.current) inputRef.current.value = '';
    if (!chosen) return;
    const problem = checkFile(chosen, JOB_DESCRIPTION_RULES);
    setFileError(problem);
    if (problem) return;
    const result = await upload({ id: role.id, file: chosen });
    if (result.error) setFileError(errorMessage(result.error));
    else dispatch(notifySuccess('Job description uploaded.'));
  };

  const download = async () => {
    if (!file) return;
    setDownloading(true);
    try {
      const { url } = await fetchDownloadUrl(role.id).unwrap();
      followLink(url, { filename: file.filename });
    } catch (error) {
      dispatch(notifyError(errorMessage(error)));
    } finally {
      setDownloading(false);
    }
  };

  return (
    <SectionCard
      id="role-jd"
      title="Job description"
      action={
        canEdit && !editing ? (
          <Button
            variant="secondary"
            size="sm"
            onClick={() => {
              setDraft(role.description_text);
              setEditing(true);
            }}
          >
            Edit description
          </Button>
        ) : null
      }
      flush
    >
      <div className="space-y-5 px-5 py-5">
        {editing ? (
          <form
            noValidate
            className="space-y-3"
            onSubmit={async (event) => {
              event.preventDefault();
              const result = await saveText({ id: role.id, text: draft });
              if (!result.error) setEditing(false);
            }}
            onKeyDown={(event) => {
              if (event.key === 'Escape') setEditing(false);
            }}
          >
            <label htmlFor={textId} className="sr-only">
              Job description
            </label>
            <Textarea
              id={textId}
              rows={10}
              value={draft}
              onChange={(event) => setDraft(event.target.value)}
              autoFocus
            />
            {textState.error ? <Alert>{errorMessage(textState.error)}</Alert> : null}
            <div className="flex gap-2">
              <Button type="submit" size="sm" loading={textState.isLoading}>
                Save
              </Button>
              <Button variant="secondary" size="sm" onClick={() => setEditing(false)}>
                Cancel
              </Button>
            </div>
          </form>
        ) : role.description_text ? (
          <p className="text-sm leading-6 whitespace-pre-wrap text-gray-700 dark:text-gray-300">
            {role.description_text}
          </p>
        ) : (
          <p className="text-sm text-gray-500 dark:text-gray-400">No description written yet.</p>
        )}

        <div className="rounded-lg border border-dashed border-gray-300 p-4 dark:border-white/15">
          {file ? (
            <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
              <div className="flex min-w-0 items-center gap-3">
                <span className="flex size-9 shrink-0 items-center justify-center rounded-lg bg-brand-50 text-brand-600 dark:bg-brand-500/10 dark:text-brand-400">
                  <FileText aria-hidden="true" className="size-5" />
                </span>
                <div className="min-w-0">
                  <p className="truncate text-sm font-medium text-gray-900 dark:text-white">{file.filename}</p>
                  <p className="text-xs text-gray-500 dark:text-gray-400">
                    {formatBytes(file.size)} · uploaded <DateText value={file.uploaded_at} withTime />
                  </p>
                </div>
              </div>
              <div className="flex gap-2">
                <Button variant="secondary" size="sm" onClick={() => void download()} loading={downloading}>
                  {downloading ? null : <Download aria-hidden="true" className="size-4" />}
                  Download
                </Button>
                {canEdit ? (
                  <Button variant="ghost" size="sm" onClick={() => removing.ask(true)}>
                    <Trash2 aria-hidden="true" className="size-4" />
                    Remove file
                  </Button>
                ) : null}
              </div>
            </div>
          ) : (
            <p className="text-sm text-gray-500 dark:text-gray-400">No file attached.</p>
          )}
          {canEdit ? (
            <div className="mt-3">
              <input
                ref={inputRef}
                id={fileId}
                type="file"
                accept={JOB_DESCRIPTION_ACCEPT}
                className="sr-only"
                onChange={(event) => void onFile(event.target.files?.[0])}
              />
              <label
                htmlFor={fileId}
                className="inline-flex h-8 cursor-pointer items-center gap-1.5 rounded-lg px-3 text-sm font-medium text-brand-700 ring-1 ring-brand-600/30 ring-inset hover:bg-brand-50 has-[+*:focus-visible]:outline-2 dark:text-brand-300 dark:hover:bg-brand-500/10"
              >
                <Upload aria-hidden="true" className="size-4" />
                {uploadState.isLoading ? 'Uploading…' : file ? 'Replace file' : 'Upload file'}
              </label>
              <span className="sr-only" aria-live="polite">
                {uploadState.isLoading ? 'Uploading' : ''}
              </span>
              <p className="mt-1.5 text-xs text-gray-500 dark:text-gray-400">PDF, DOCX or TXT, up to 10 MB.</p>
              {fileError ? <Alert className="mt-3">{fileError}</Alert> : null}
            </div>
          ) : null}
        </div>
      </div>
      <ConfirmDialog
        {...removing.dialog}
        tone="danger"
        title="Remove the file?"
        description="The uploaded job description is deleted. The text stays."
        confirmLabel="Remove file"
      />
    </SectionCard>
  );
}
