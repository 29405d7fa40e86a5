import { useId, useRef, useState, type DragEvent } from 'react';
import { FileSpreadsheet, Upload } from 'lucide-react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { cn } from '@/components/ui/cn';
import { Field } from '@/components/ui/field';
import { Select } from '@/components/ui/select';
import { errorMessage } from '@/lib/base-api';
import { toApiQueryError } from '@/lib/base-api';
import { formatBytes } from '@/lib/format';
import { KIND_LABELS } from '../mapping';
import type { ImportKind, ImportView } from '../types';
import { checkImportFile, IMPORT_ACCEPT, uploadImportFile } from '../upload';
import { ImportProgressBar } from './import-progress-bar';

export const UPLOAD_KINDS: readonly ImportKind[] = ['candidates', 'clients', 'roles'];

/** Step 1: what is imported and from which file; the file is sent with its progress shown. */
export function UploadStep({
  initialKind,
  onUploaded,
}: {
  initialKind: ImportKind;
  onUploaded: (entry: ImportView) => void;
}) {
  const id = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [kind, setKind] = useState<ImportKind>(initialKind);
  const [file, setFile] = useState<File | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [dragging, setDragging] = useState(false);
  const uploading = progress !== null;

  const choose = (chosen: File | undefined) => {
    if (!chosen) return;
    setRefusal(null);
    setFile(chosen);
    setProblem(checkImportFile(chosen));
  };

  const onDrop = (event: DragEvent<HTMLElement>) => {
    event.preventDefault();
    setDragging(false);
    if (!uploading) choose(event.dataTransfer.files?.[0]);
  };

  const submit = async () => {
    if (!file) {
      setProblem('Choose a CSV or XLSX file to import.');
      return;
    }
    const check = checkImportFile(file);
    setProblem(check);
    if (check) return;
    setRefusal(null);
    setProgress(0);
    try {
      const result = await uploadImportFile(file, kind, setProgress);
      onUploaded(result.import);
    } catch (error) {
      setRefusal(errorMessage(toApiQueryError(error)));
      setProgress(null);
    }
  };

  const hintId = `${id}-hint`;
  const problemId = `${id}-problem`;
  return (
    <form
      noValidate
      aria-label="Upload a file"
      className="space-y-5"
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <Field label="What the file holds" className="sm:max-w-sm">
        <Select value={kind} disabled={uploading} onChange={(event) => setKind(event.target.value as ImportKind)}>
          {UPLOAD_KINDS.map((value) => (
            <option key={value} value={value}>
              {KIND_LABELS[value]?.many ?? value}
            </option>
          ))}
        </Select>
      </Field>

      <div className="space-y-1.5">
        <label htmlFor={`${id}-file`} className="block text-sm font-medium text-gray-900 dark:text-gray-100">
          File
        </label>
        <div
          onDragOver={(event) => {
            event.preventDefault();
            if (!uploading) setDragging(true);
          }}
          onDragLeave={() => setDragging(false)}
          onDrop={onDrop}
          className={cn(
            'flex flex-col items-center gap-3 rounded-xl border-2 border-dashed px-4 py-8 text-center transition-colors',
            // The file input itself is the keyboard's way in (visually hidden): its focus shows on the zone.
            'has-[input:focus-visible]:outline-2 has-[input:focus-visible]:outline-offset-2 has-[input:focus-visible]:outline-brand-600 dark:has-[input:focus-visible]:outline-brand-400',
            dragging
              ? 'border-brand-500 bg-brand-50 dark:border-brand-400 dark:bg-brand-500/10'
              : 'border-gray-300 bg-gray-50 dark:border-white/15 dark:bg-white/[0.03]',
          )}
        >
          <FileSpreadsheet aria-hidden="true" className="size-8 text-gray-400 dark:text-gray-500" />
          {file ? (
            <p className="text-sm break-words text-gray-900 dark:text-gray-100">
              <span className="font-medium">{file.name}</span>{' '}
              <span className="text-gray-500 dark:text-gray-400">({formatBytes(file.size)})</span>
            </p>
          ) : (
            <p className="text-sm text-gray-600 dark:text-gray-300">Drop a file here, or choose one.</p>
          )}
          <input
            ref={inputRef}
            id={`${id}-file`}
            type="file"
            accept={IMPORT_ACCEPT}
            className="sr-only"
            disabled={uploading}
            aria-describedby={[hintId, problem ? problemId : null].filter(Boolean).join(' ')}
            aria-invalid={problem ? true : undefined}
            onChange={(event) => {
              choose(event.target.files?.[0]);
              event.target.value = '';
            }}
          />
          {/* For the pointer; the keyboard and screen readers use the file input above (one tab stop). */}
          <Button
            variant="secondary"
            size="sm"
            tabIndex={-1}
            aria-hidden="true"
            disabled={uploading}
            onClick={() => inputRef.current?.click()}
          >
            {file ? 'Choose another file' : 'Choose a file'}
          </Button>
        </div>
        <p id={hintId} className="text-xs text-gray-500 dark:text-gray-400">
          CSV (comma, semicolon or tab separated; UTF-8, UTF-16 or Windows-1252) or XLSX, up to 50 MB, 200,000 rows and
          200 columns. The first row holds the column names.
        </p>
        {problem ? (
          <p id={problemId} role="alert" className="text-sm text-red-600 dark:text-red-400">
            {problem}
          </p>
        ) : null}
      </div>

      {refusal ? <Alert title="The file could not be read">{refusal}</Alert> : null}

      {uploading ? (
        <ImportProgressBar label="Uploading" fraction={progress} detail={`${Math.round(progress * 100)} % sent`} />
      ) : null}

      <div className="flex justify-end">
        <Button type="submit" loading={uploading} disabled={uploading || Boolean(problem)}>
          <Upload aria-hidden="true" className="size-4" />
          Upload and continue
        </Button>
      </div>
    </form>
  );
}
