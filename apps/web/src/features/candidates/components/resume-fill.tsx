import { useId, useRef, useState, type DragEvent } from 'react';
import { FileUp, Sparkles } from 'lucide-react';
import type { ParsedResume, ParsedSource } from '@recruitdesk/contracts/resumes';
import { RESUME_ERRORS, RESUME_PARSE_MAX_BYTES } from '@recruitdesk/contracts/resumes';
import { Button } from '@/components/ui/button';
import { cn } from '@/components/ui/cn';
import { ConfirmDialog } from '@/components/ui/dialog';
import { errorMessage } from '@/lib/base-api';
import { checkFile, type FileRules } from '@/lib/file-upload';
import { useParseResumeMutation } from '../api';
import { displayValue, sourceSummary, type ResumeConflict, type ResumeFillField } from '../resume-fill';

/** What "Fill from resume" reads: PDF, DOCX or plain text, 10 MB at most (the parse endpoint's rules). */
export const PARSE_RULES: FileRules = {
  types: ['application/pdf', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', 'text/plain'],
  maxBytes: RESUME_PARSE_MAX_BYTES,
  messages: {
    type: RESUME_ERRORS.UNSUPPORTED_FILE,
    size: RESUME_ERRORS.FILE_TOO_LARGE,
    empty: 'The file is empty. Choose another file.',
  },
  extensions: {
    '.pdf': 'application/pdf',
    '.docx': 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    '.txt': 'text/plain',
  },
};
const PARSE_ACCEPT =
  '.pdf,.docx,.txt,application/pdf,application/vnd.openxmlformats-officedocument.wordprocessingml.document,text/plain';

/**
 * "Fill from resume": drop a file on the box or choose it with the button; the server reads it and the
 * form fills its fields (the caller decides how). Nothing is stored until the candidate is saved.
 */
export function ResumeFillZone({
  onParsed,
  summary,
}: {
  onParsed: (file: File, resume: ParsedResume) => void;
  /** What the last fill did ("Filled 6 fields from grace.pdf…"), shown under the box. */
  summary?: string | null;
}) {
  const id = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [parse, parseState] = useParseResumeMutation();
  const [problem, setProblem] = useState<string | null>(null);
  const [over, setOver] = useState(false);
  const [warnings, setWarnings] = useState<string[]>([]);
  const reading = parseState.isLoading;

  const read = async (file: File | undefined) => {
    if (!file || reading) return;
    const message = checkFile(file, PARSE_RULES);
    setProblem(message);
    setWarnings([]);
    if (message) return;
    const result = await parse(file);
    if (result.error) {
      setProblem(errorMessage(result.error, 'The resume could not be read. Try another file.'));
      return;
    }
    setWarnings(result.data.resume.warnings);
    onParsed(file, result.data.resume);
  };

  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setOver(false);
    void read(event.dataTransfer.files[0]);
  };

  return (
    <div
      role="group"
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-hint`}
      aria-busy={reading || undefined}
      onDragOver={(event) => {
        event.preventDefault();
        setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={onDrop}
      data-testid="resume-fill-zone"
      className={cn(
        'space-y-2 rounded-lg border-2 border-dashed px-4 py-3',
        over
          ? 'border-brand-500 bg-brand-50 dark:border-brand-400 dark:bg-brand-500/10'
          : 'border-gray-300 dark:border-white/15',
      )}
    >
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="min-w-0">
          <p id={`${id}-title`} className="flex items-center gap-1.5 text-sm font-medium text-gray-900 dark:text-white">
            <Sparkles aria-hidden="true" className="size-4 text-brand-600 dark:text-brand-400" />
            Fill from resume
          </p>
          <p id={`${id}-hint`} className="text-xs text-gray-500 dark:text-gray-400">
            Drop a PDF, DOCX or text file here (10 MB at most). Empty fields are filled; you are asked before any filled
            field changes. Check them before saving.
          </p>
        </div>
        <Button variant="secondary" size="sm" loading={reading} onClick={() => inputRef.current?.click()}>
          {reading ? null : <FileUp aria-hidden="true" className="size-4" />}
          {reading ? 'Reading resume…' : 'Choose resume'}
        </Button>
        <input
          ref={inputRef}
          type="file"
          accept={PARSE_ACCEPT}
          aria-label="Resume to fill from"
          className="sr-only"
          tabIndex={-1}
          onChange={(event) => {
            const chosen = event.target.files?.[0];
            event.target.value = '';
            void read(chosen);
          }}
        />
      </div>
      <div aria-live="polite" className="space-y-1 text-sm">
        {summary && !problem && !reading ? <p className="text-gray-700 dark:text-gray-300">{summary}</p> : null}
        {warnings.map((warning) => (
          <p key={warning} className="text-amber-700 dark:text-amber-300">
            {warning}
          </p>
        ))}
      </div>
      {problem ? (
        <p role="alert" className="text-sm text-red-600 dark:text-red-400">
          {problem}
        </p>
      ) : null}
    </div>
  );
}

/**
 * The mark on a field filled from the resume: a small badge; hovering or focusing it shows the text of
 * the resume the value came from (a tooltip tied to the badge with aria-describedby).
 */
export function FromResumeBadge({ sources, confidence }: { sources: ParsedSource[]; confidence: number }) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const low = confidence < 0.6;
  return (
    <span className="relative inline-flex" onMouseEnter={() => setOpen(true)} onMouseLeave={() => setOpen(false)}>
      <button
        type="button"
        aria-describedby={open ? id : undefined}
        onFocus={() => setOpen(true)}
        onBlur={() => setOpen(false)}
        onKeyDown={(event) => {
          if (event.key === 'Escape' && open) {
            event.stopPropagation();
            setOpen(false);
          }
        }}
        className={cn(
          'inline-flex items-center gap-1 rounded-md px-1.5 py-0.5 text-xs font-medium ring-1 ring-inset focus:ring-2 focus:ring-brand-500 focus:outline-none',
          low
            ? 'bg-amber-50 text-amber-800 ring-amber-600/20 dark:bg-amber-500/10 dark:text-amber-300 dark:ring-amber-400/25'
            : 'bg-brand-50 text-brand-700 ring-brand-600/20 dark:bg-brand-500/10 dark:text-brand-300 dark:ring-brand-400/25',
        )}
      >
        <Sparkles aria-hidden="true" className="size-3" />
        from resume{low ? ' (check)' : ''}
      </button>
      {open ? (
        <span
          id={id}
          role="tooltip"
          className="absolute top-full right-0 z-20 mt-1 w-64 max-w-[80vw] rounded-md bg-gray-900 px-2.5 py-1.5 text-xs font-normal text-white shadow-lg dark:bg-gray-700"
        >
          Found in the resume: {sourceSummary(sources)}
        </span>
      ) : null}
    </span>
  );
}

/** Before filled fields change: which of them take the resume's value (all are ticked at first). */
export function ResumeConflictDialog({
  conflicts,
  onResolve,
}: {
  conflicts: ResumeConflict[];
  /** The chosen fields (none: keep every filled field as it is). */
  onResolve: (fields: ResumeFillField[]) => void;
}) {
  const [chosen, setChosen] = useState<Set<ResumeFillField>>(() => new Set(conflicts.map((item) => item.field)));
  const toggle = (field: ResumeFillField) =>
    setChosen((before) => {
      const next = new Set(before);
      if (next.has(field)) next.delete(field);
      else next.add(field);
      return next;
    });
  return (
    <ConfirmDialog
      open
      title="Replace filled fields?"
      description="The resume has other values for fields you have already filled. Tick the ones to replace."
      confirmLabel={chosen.size ? `Replace ${chosen.size} ${chosen.size === 1 ? 'field' : 'fields'}` : 'Keep mine'}
      cancelLabel="Keep mine"
      onClose={() => onResolve([])}
      onConfirm={() => onResolve([...chosen])}
    >
      <ul className="space-y-2">
        {conflicts.map((conflict) => (
          <li key={conflict.field}>
            <label className="flex items-start gap-2 text-sm">
              <input
                type="checkbox"
                className="mt-0.5 size-4 rounded border-gray-300 text-brand-600 focus:ring-brand-500 dark:border-white/20 dark:bg-white/5"
                checked={chosen.has(conflict.field)}
                onChange={() => toggle(conflict.field)}
              />
              <span className="min-w-0">
                <span className="font-medium text-gray-900 dark:text-white">{conflict.label}</span>
                <span className="block break-words text-gray-600 dark:text-gray-400">
                  {conflict.field === 'skills' ? 'Add ' : ''}
                  <span className="text-gray-900 dark:text-white">{displayValue(conflict.value)}</span>
                  {conflict.field === 'skills' ? ' to ' : ' instead of '}
                  <span className={conflict.field === 'skills' ? undefined : 'line-through decoration-gray-400'}>
                    {displayValue(conflict.current)}
                  </span>
                </span>
              </span>
            </label>
          </li>
        ))}
      </ul>
    </ConfirmDialog>
  );
}
