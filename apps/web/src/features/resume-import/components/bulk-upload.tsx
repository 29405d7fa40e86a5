import { useId, useRef, useState, type DragEvent } from 'react';
import { FileUp, Upload } from 'lucide-react';
import type { ResumeBatch } from '@recruitdesk/contracts/resume-bulk';
import { RESUME_BULK_MAX_FILES } from '@recruitdesk/contracts/resume-bulk';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { cn } from '@/components/ui/cn';
import { errorMessage } from '@/lib/base-api';
import { formatBytes } from '@/lib/format';
import { BULK_RESUME_ACCEPT, checkBulkResume } from '../rules';
import { uploadResumeBatch } from '../api';

/** The files to send and the ones left out before sending (with why). */
export function sortFiles(files: File[]): { accepted: File[]; skipped: Array<{ name: string; reason: string }> } {
  const accepted: File[] = [];
  const skipped: Array<{ name: string; reason: string }> = [];
  for (const file of files) {
    const problem = checkBulkResume(file);
    if (problem) skipped.push({ name: file.name, reason: problem });
    else accepted.push(file);
  }
  return { accepted, skipped };
}

/** A progress bar with its label (the upload's, or the reading's). */
export function ProgressBar({ label, value, max, text }: { label: string; value: number; max: number; text: string }) {
  const percent = max > 0 ? Math.round((value / max) * 100) : 0;
  return (
    <div className="space-y-1">
      <div className="flex justify-between gap-2 text-sm text-gray-700 dark:text-gray-300">
        <span>{label}</span>
        <span>{text}</span>
      </div>
      <div
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={max}
        aria-valuenow={value}
        aria-valuetext={text}
        className="h-2 overflow-hidden rounded-full bg-gray-200 dark:bg-white/10"
      >
        <div className="h-full bg-brand-600 transition-[width] dark:bg-brand-500" style={{ width: `${percent}%` }} />
      </div>
    </div>
  );
}

/**
 * Drop (or choose) up to 200 PDF or DOCX resumes; files of another type or over 10 MB are left out with the
 * reason; "Upload" sends the rest in one request with its progress, then hands over the new batch.
 */
export function BulkUpload({ onUploaded }: { onUploaded: (batch: ResumeBatch) => void }) {
  const id = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [files, setFiles] = useState<File[]>([]);
  const [skipped, setSkipped] = useState<Array<{ name: string; reason: string }>>([]);
  const [tooMany, setTooMany] = useState<number | null>(null);
  const [over, setOver] = useState(false);
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<unknown>(null);
  const uploading = progress !== null;

  const choose = (list: FileList | null) => {
    if (!list || uploading) return;
    const chosen = Array.from(list);
    setError(null);
    if (chosen.length > RESUME_BULK_MAX_FILES) {
      setTooMany(chosen.length);
      setFiles([]);
      setSkipped([]);
      return;
    }
    setTooMany(null);
    const sorted = sortFiles(chosen);
    setFiles(sorted.accepted);
    setSkipped(sorted.skipped);
  };

  const upload = async () => {
    setError(null);
    setProgress(0);
    try {
      const batch = await uploadResumeBatch(files, setProgress);
      onUploaded(batch);
    } catch (caught) {
      setError(caught);
      setProgress(null);
    }
  };

  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setOver(false);
    choose(event.dataTransfer.files);
  };
  const total = files.reduce((sum, file) => sum + file.size, 0);

  return (
    <div className="space-y-4">
      <div
        role="group"
        aria-labelledby={`${id}-title`}
        onDragOver={(event) => {
          event.preventDefault();
          setOver(true);
        }}
        onDragLeave={() => setOver(false)}
        onDrop={onDrop}
        className={cn(
          'flex flex-col items-center gap-3 rounded-lg border-2 border-dashed px-4 py-10 text-center',
          over
            ? 'border-brand-500 bg-brand-50 dark:border-brand-400 dark:bg-brand-500/10'
            : 'border-gray-300 dark:border-white/15',
        )}
      >
        <FileUp aria-hidden="true" className="size-8 text-gray-400" />
        <p id={`${id}-title`} className="text-sm font-medium text-gray-900 dark:text-white">
          Drop up to {RESUME_BULK_MAX_FILES} resumes here
        </p>
        <p className="text-xs text-gray-500 dark:text-gray-400">PDF or DOCX, 10 MB each at most.</p>
        <Button variant="secondary" disabled={uploading} onClick={() => inputRef.current?.click()}>
          Choose files
        </Button>
        <input
          ref={inputRef}
          type="file"
          multiple
          accept={BULK_RESUME_ACCEPT}
          aria-label="Resumes to upload"
          className="sr-only"
          tabIndex={-1}
          onChange={(event) => {
            choose(event.target.files);
            event.target.value = '';
          }}
        />
      </div>

      {tooMany !== null ? (
        <Alert>
          Choose at most {RESUME_BULK_MAX_FILES} resumes at once (you chose {tooMany}).
        </Alert>
      ) : null}
      {skipped.length ? (
        <div role="alert" className="space-y-1 text-sm text-amber-800 dark:text-amber-300">
          <p className="font-medium">
            {skipped.length} {skipped.length === 1 ? 'file is' : 'files are'} left out:
          </p>
          <ul className="list-disc pl-5">
            {skipped.map((file, index) => (
              <li key={`${file.name}-${index}`}>
                {file.name}: {file.reason}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      {error ? <Alert>{errorMessage(error)}</Alert> : null}

      {files.length ? (
        <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
          <p className="text-sm text-gray-700 dark:text-gray-300">
            {files.length} {files.length === 1 ? 'resume' : 'resumes'} ready ({formatBytes(total)})
          </p>
          <Button onClick={() => void upload()} loading={uploading}>
            {uploading ? null : <Upload aria-hidden="true" className="size-4" />}
            Upload {files.length} {files.length === 1 ? 'resume' : 'resumes'}
          </Button>
        </div>
      ) : null}
      {uploading ? (
        <ProgressBar
          label="Uploading"
          value={Math.round((progress ?? 0) * 100)}
          max={100}
          text={`${Math.round((progress ?? 0) * 100)} %`}
        />
      ) : null}
    </div>
  );
}
