import { useEffect, useId, useRef, useState, type DragEvent } from 'react';
import { ChevronDown, Download, FileText, Pencil, RefreshCw, Trash2, Upload } from 'lucide-react';
import type { CandidateDetail } from '@recruitdesk/contracts/pipelines';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { SectionCard } from '@/components/ui/card';
import { cn } from '@/components/ui/cn';
import { ConfirmDialog } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { useConfirmedMutation } from '@/components/ui/use-confirmed-mutation';
import { errorMessage } from '@/lib/base-api';
import { followLink } from '@/lib/download';
import { DateText } from '@/components/ui/time';
import { formatBytes } from '@/lib/format';
import { useAppDispatch } from '@/lib/hooks';
import { notifyError, notifySuccess } from '@/lib/notify';
import {
  useLazyGetResumeDownloadUrlQuery,
  useRemoveResumeMutation,
  useRenameResumeMutation,
  useUploadResumeMutation,
} from '../api';
import { checkResumeFile, RESUME_ACCEPT, resumeTypeOf } from '../resume-rules';

type ResumeCandidate = Pick<CandidateDetail, 'id' | 'name' | 'resume' | 'resume_text_preview'>;

/** The file name without its extension, to select when renaming. */
const stemLength = (filename: string) => {
  const dot = filename.lastIndexOf('.');
  return dot > 0 ? dot : filename.length;
};

function RenameForm({ candidateId, filename, onDone }: { candidateId: number; filename: string; onDone: () => void }) {
  const id = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [draft, setDraft] = useState(filename);
  const [rename, { isLoading, error }] = useRenameResumeMutation();
  const [problem, setProblem] = useState<string | null>(null);
  useEffect(() => {
    inputRef.current?.focus();
    inputRef.current?.setSelectionRange(0, stemLength(filename));
  }, [filename]);
  const message = problem ?? (error ? errorMessage(error) : null);
  return (
    <form
      noValidate
      aria-label="Rename the resume"
      className="space-y-2"
      onSubmit={async (event) => {
        event.preventDefault();
        const name = draft.trim();
        if (!name) {
          setProblem('Name the file.');
          return;
        }
        setProblem(null);
        if (name === filename) {
          onDone();
          return;
        }
        const result = await rename({ id: candidateId, filename: name });
        if (!result.error) onDone();
      }}
      onKeyDown={(event) => {
        if (event.key === 'Escape') {
          event.preventDefault();
          event.stopPropagation();
          onDone();
        }
      }}
    >
      <label htmlFor={id} className="sr-only">
        Resume file name
      </label>
      <Input
        ref={inputRef}
        id={id}
        value={draft}
        maxLength={255}
        invalid={Boolean(message)}
        aria-describedby={message ? `${id}-error` : undefined}
        onChange={(event) => setDraft(event.target.value)}
      />
      {message ? (
        <p id={`${id}-error`} role="alert" className="text-sm text-red-600 dark:text-red-400">
          {message}
        </p>
      ) : null}
      <div className="flex gap-2">
        <Button type="submit" size="sm" loading={isLoading}>
          Save name
        </Button>
        <Button variant="secondary" size="sm" onClick={onDone}>
          Cancel
        </Button>
      </div>
    </form>
  );
}

/** The text read from the resume, collapsed to a few lines until expanded. */
function ResumePreview({ text, hasText }: { text: string; hasText: boolean }) {
  const id = useId();
  const [expanded, setExpanded] = useState(false);
  if (!hasText || !text.trim()) {
    return (
      <p className="rounded-lg bg-gray-50 px-4 py-3 text-sm text-gray-600 dark:bg-white/[0.03] dark:text-gray-400">
        No text could be read from this file (a scanned document, for example), so searches do not look inside it.
      </p>
    );
  }
  return (
    <div className="rounded-lg bg-gray-50 ring-1 ring-gray-200 ring-inset dark:bg-white/[0.03] dark:ring-white/10">
      <div className="flex items-center justify-between gap-3 px-4 pt-3">
        <h3 className="text-xs font-semibold tracking-wide text-gray-500 uppercase dark:text-gray-400">Text preview</h3>
        <Button
          variant="ghost"
          size="sm"
          aria-expanded={expanded}
          aria-controls={id}
          onClick={() => setExpanded((v) => !v)}
        >
          {expanded ? 'Show less' : 'Show more'}
          <ChevronDown aria-hidden="true" className={cn('size-4 transition-transform', expanded && 'rotate-180')} />
        </Button>
      </div>
      <div
        id={id}
        className={cn('px-4 pt-1 pb-3', expanded && 'max-h-96 overflow-y-auto')}
        // A scrollable region must be reachable by keyboard.
        tabIndex={expanded ? 0 : undefined}
        role={expanded ? 'region' : undefined}
        aria-label={expanded ? 'Resume text' : undefined}
      >
        {/* Clamped on its own box: the padding above must not show the lines cut off. */}
        <p
          className={cn(
            'text-sm leading-6 break-words whitespace-pre-wrap text-gray-700 dark:text-gray-300',
            !expanded && 'line-clamp-4',
          )}
        >
          {text}
        </p>
      </div>
    </div>
  );
}

/**
 * The resume: file name, size, upload date, Download (a signed link), Replace, Rename in place and Remove,
 * and the text read from it. Without one, a drop zone to upload a PDF or DOCX (checked before sending).
 */
export function ResumeCard({ candidate, canEdit }: { candidate: ResumeCandidate; canEdit: boolean }) {
  const dispatch = useAppDispatch();
  const fileId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [renaming, setRenaming] = useState(false);
  const [downloading, setDownloading] = useState(false);
  const [dragging, setDragging] = useState(false);
  const [upload, uploadState] = useUploadResumeMutation();
  const [remove] = useRemoveResumeMutation();
  const [fetchDownloadUrl] = useLazyGetResumeDownloadUrlQuery();
  const removing = useConfirmedMutation({
    run: () => remove(candidate.id),
    success: 'Resume removed.',
    refusal: 'toast',
  });
  const resume = candidate.resume;

  const onFile = async (chosen: File | undefined) => {
    if (inputRef.current) inputRef.current.value = '';
    if (!chosen) return;
    const problem = checkResumeFile(chosen);
    setFileError(problem);
    if (problem) return;
    const result = await upload({ id: candidate.id, file: chosen, contentType: resumeTypeOf(chosen) });
    if (result.error) setFileError(errorMessage(result.error));
    else dispatch(notifySuccess(resume ? 'Resume replaced.' : 'Resume uploaded.'));
  };

  const download = async () => {
    setDownloading(true);
    try {
      const { url } = await fetchDownloadUrl(candidate.id).unwrap();
      followLink(url, { newTab: true });
    } catch (error) {
      dispatch(notifyError(errorMessage(error)));
    } finally {
      setDownloading(false);
    }
  };

  const onDrop = (event: DragEvent<HTMLElement>) => {
    event.preventDefault();
    setDragging(false);
    if (canEdit && !uploadState.isLoading) void onFile(event.dataTransfer.files?.[0]);
  };

  const fileInput = canEdit ? (
    <input
      ref={inputRef}
      id={fileId}
      type="file"
      accept={RESUME_ACCEPT}
      className="peer sr-only"
      disabled={uploadState.isLoading}
      aria-describedby={`${fileId}-hint`}
      onChange={(event) => void onFile(event.target.files?.[0])}
    />
  ) : null;
  const fileLabelClasses =
    'inline-flex h-8 cursor-pointer items-center gap-1.5 rounded-lg px-3 text-sm font-medium text-brand-700 ring-1 ring-brand-600/30 ring-inset hover:bg-brand-50 peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-brand-600 dark:text-brand-300 dark:ring-brand-400/30 dark:hover:bg-brand-500/10';

  return (
    <SectionCard id="candidate-resume" title="Resume" flush>
      <div className="space-y-4 px-5 py-5">
        {resume ? (
          <>
            <div className="flex flex-col gap-3">
              <div className="flex min-w-0 flex-1 items-start gap-3">
                <span className="flex size-9 shrink-0 items-center justify-center rounded-lg bg-brand-50 text-brand-600 dark:bg-brand-500/10 dark:text-brand-400">
                  <FileText aria-hidden="true" className="size-5" />
                </span>
                <div className="min-w-0 flex-1">
                  {renaming ? (
                    <RenameForm
                      candidateId={candidate.id}
                      filename={resume.filename}
                      onDone={() => setRenaming(false)}
                    />
                  ) : (
                    <>
                      <p className="truncate text-sm font-medium text-gray-900 dark:text-white" title={resume.filename}>
                        {resume.filename}
                      </p>
                      <p className="text-xs text-gray-500 dark:text-gray-400">
                        {formatBytes(resume.size)} · uploaded <DateText value={resume.uploaded_at} withTime />
                      </p>
                    </>
                  )}
                </div>
              </div>
              {renaming ? null : (
                <div className="flex flex-wrap gap-2 sm:pl-12">
                  <Button variant="secondary" size="sm" onClick={() => void download()} loading={downloading}>
                    {downloading ? null : <Download aria-hidden="true" className="size-4" />}
                    Download
                  </Button>
                  {canEdit ? (
                    <>
                      {fileInput}
                      <label htmlFor={fileId} className={fileLabelClasses}>
                        {uploadState.isLoading ? (
                          <RefreshCw aria-hidden="true" className="size-4 animate-spin" />
                        ) : (
                          <Upload aria-hidden="true" className="size-4" />
                        )}
                        {uploadState.isLoading ? 'Uploading…' : 'Replace'}
                        <span className="sr-only"> resume</span>
                      </label>
                      <Button variant="ghost" size="sm" onClick={() => setRenaming(true)}>
                        <Pencil aria-hidden="true" className="size-4" />
                        Rename
                      </Button>
                      <Button variant="ghost" size="sm" onClick={() => removing.ask(true)}>
                        <Trash2 aria-hidden="true" className="size-4" />
                        Remove
                      </Button>
                    </>
                  ) : null}
                </div>
              )}
            </div>
            {canEdit ? (
              <p id={`${fileId}-hint`} className="sr-only">
                PDF or DOCX, up to 10 MB.
              </p>
            ) : null}
            <ResumePreview text={candidate.resume_text_preview} hasText={resume.has_text} />
          </>
        ) : canEdit ? (
          <div
            onDragOver={(event) => {
              event.preventDefault();
              setDragging(true);
            }}
            onDragLeave={() => setDragging(false)}
            onDrop={onDrop}
            className={cn(
              'flex flex-col items-center gap-2 rounded-lg border-2 border-dashed px-4 py-8 text-center transition-colors',
              dragging
                ? 'border-brand-500 bg-brand-50/60 dark:border-brand-400 dark:bg-brand-500/10'
                : 'border-gray-300 dark:border-white/15',
            )}
          >
            <Upload aria-hidden="true" className="size-6 text-gray-400" />
            <p className="text-sm text-gray-700 dark:text-gray-300">Drop a resume here, or</p>
            {fileInput}
            <label htmlFor={fileId} className={fileLabelClasses}>
              {uploadState.isLoading ? 'Uploading…' : 'Choose a file'}
              <span className="sr-only"> to upload as the resume</span>
            </label>
            <p id={`${fileId}-hint`} className="text-xs text-gray-500 dark:text-gray-400">
              PDF or DOCX, up to 10 MB.
            </p>
          </div>
        ) : (
          <p className="text-sm text-gray-500 dark:text-gray-400">No resume on file.</p>
        )}
        <span className="sr-only" aria-live="polite">
          {uploadState.isLoading ? 'Uploading the resume' : ''}
        </span>
        {fileError ? <Alert>{fileError}</Alert> : null}
      </div>
      <ConfirmDialog
        {...removing.dialog}
        tone="danger"
        title="Remove the resume?"
        description={`${resume?.filename ?? 'The file'} is deleted from ${candidate.name}’s record.`}
        confirmLabel="Remove resume"
      />
    </SectionCard>
  );
}
