import { useEffect, useRef, useState } from 'react';
import { FileText, Paperclip, X } from 'lucide-react';
import { Button } from '@/components/ui/button';
import type { ComposeAttachment } from '../compose-logic';
import { checkAttachment, uploadAttachment } from '../upload';

interface Upload {
  key: string;
  filename: string;
  progress: number;
  error?: string;
}

/**
 * The compose window's attachments: the candidate's resume in one click, files from the computer (up to
 * 25 MB each, uploaded at once with their progress), each removable.
 */
export function ComposeAttachments({
  attachments,
  onAdd,
  onRemove,
  candidate,
  onUploadingChange,
}: {
  attachments: ComposeAttachment[];
  onAdd: (attachment: ComposeAttachment) => void;
  onRemove: (attachment: ComposeAttachment) => void;
  candidate?: { id: number; name: string; hasResume: boolean } | undefined;
  /** Whether an upload is still going (Send waits for it). */
  onUploadingChange: (uploading: boolean) => void;
}) {
  const [uploads, setUploads] = useState<Upload[]>([]);
  const fileInput = useRef<HTMLInputElement>(null);
  const resumeAttached = attachments.some((a) => a.kind === 'candidate_resume');
  const attachResume = () => {
    if (!candidate || resumeAttached) return;
    onAdd({ kind: 'candidate_resume', id: candidate.id, filename: `${candidate.name}'s resume` });
  };
  const addFiles = (files: FileList | null) => {
    for (const file of Array.from(files ?? [])) {
      const key = `${file.name}-${file.size}-${Math.random()}`;
      const problem = checkAttachment(file);
      setUploads((list) => [
        ...list,
        { key, filename: file.name, progress: 0, ...(problem ? { error: problem } : {}) },
      ]);
      if (problem) continue;
      uploadAttachment(file, (progress) =>
        setUploads((list) => list.map((u) => (u.key === key ? { ...u, progress } : u))),
      ).then(
        (uploaded) => {
          setUploads((list) => list.filter((u) => u.key !== key));
          onAdd({ kind: 'upload', id: uploaded.id, filename: uploaded.filename, size: uploaded.size });
        },
        (error: unknown) =>
          setUploads((list) =>
            list.map((u) =>
              u.key === key
                ? { ...u, error: error instanceof Error ? error.message : 'The file could not be uploaded.' }
                : u,
            ),
          ),
      );
    }
    if (fileInput.current) fileInput.current.value = '';
  };
  const uploading = uploads.some((u) => !u.error);
  useEffect(() => {
    onUploadingChange(uploading);
  }, [uploading, onUploadingChange]);

  return (
    <>
      <div className="flex flex-wrap items-center gap-2">
        {candidate?.hasResume ? (
          <Button variant="secondary" size="sm" onClick={attachResume} disabled={resumeAttached}>
            <FileText aria-hidden="true" className="size-4" />
            {resumeAttached ? 'Resume attached' : 'Attach resume'}
          </Button>
        ) : null}
        <Button variant="secondary" size="sm" onClick={() => fileInput.current?.click()}>
          <Paperclip aria-hidden="true" className="size-4" />
          Attach a file
        </Button>
        <input
          ref={fileInput}
          type="file"
          multiple
          className="sr-only"
          aria-label="Attach files"
          tabIndex={-1}
          onChange={(event) => addFiles(event.target.files)}
        />
        <span className="text-xs text-gray-500 dark:text-gray-400">Up to 25 MB a file.</span>
      </div>
      {attachments.length || uploads.length ? (
        <ul aria-label="Attachments" className="mt-2 space-y-1">
          {attachments.map((a) => (
            <li key={`${a.kind}-${a.id}`} className="flex items-center gap-2 text-sm">
              <Paperclip aria-hidden="true" className="size-3.5 text-gray-400" />
              <span className="min-w-0 flex-1 truncate">{a.filename}</span>
              <Button variant="ghost" size="sm" aria-label={`Remove ${a.filename}`} onClick={() => onRemove(a)}>
                <X aria-hidden="true" className="size-4" />
              </Button>
            </li>
          ))}
          {uploads.map((u) => (
            <li key={u.key} className="flex items-center gap-2 text-sm">
              <Paperclip aria-hidden="true" className="size-3.5 text-gray-400" />
              <span className="min-w-0 flex-1 truncate">{u.filename}</span>
              {u.error ? (
                <>
                  <span role="alert" className="text-xs text-red-600 dark:text-red-400">
                    {u.error}
                  </span>
                  <Button
                    variant="ghost"
                    size="sm"
                    aria-label={`Dismiss ${u.filename}`}
                    onClick={() => setUploads((list) => list.filter((x) => x.key !== u.key))}
                  >
                    <X aria-hidden="true" className="size-4" />
                  </Button>
                </>
              ) : (
                <progress
                  aria-label={`Uploading ${u.filename}`}
                  max={1}
                  value={u.progress}
                  className="h-1.5 w-32 accent-brand-600"
                />
              )}
            </li>
          ))}
        </ul>
      ) : null}
    </>
  );
}
