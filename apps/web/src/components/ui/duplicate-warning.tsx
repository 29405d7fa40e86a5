import { Link } from 'react-router';
import { AlertTriangle } from 'lucide-react';
import { DUPLICATE_REASON_LABELS } from '@recruitdesk/contracts/candidate-constants';
import type { CandidateDuplicate } from '@recruitdesk/contracts/candidates';
import { paths } from '@/config/paths';
import { cn } from './cn';
import { textLinkClasses } from './link';

/**
 * The one possible-duplicate warning (the candidate form, its dialog, adding a new candidate to a role):
 * existing records that look like the same person, each with why and a link to it. Only a warning: saving
 * is never blocked. Inside a form the links open in a new tab so the form is not lost.
 */
export function DuplicateWarning({
  duplicates,
  saved = false,
  newTab = false,
  className,
}: {
  duplicates: readonly CandidateDuplicate[];
  /** The save has happened (the warning comes with its answer); otherwise it is still to come. */
  saved?: boolean;
  newTab?: boolean;
  className?: string;
}) {
  if (!duplicates.length) return null;
  // One line per record, with every reason it matched on.
  const records = new Map<number, { duplicate: CandidateDuplicate; reasons: string[] }>();
  for (const duplicate of duplicates) {
    const entry = records.get(duplicate.id) ?? { duplicate, reasons: [] };
    entry.reasons.push(DUPLICATE_REASON_LABELS[duplicate.reason]);
    records.set(duplicate.id, entry);
  }
  return (
    <div
      role="status"
      aria-label="Possible duplicates"
      className={cn(
        'flex gap-3 rounded-lg bg-amber-50 p-3 text-sm text-amber-900 ring-1 ring-amber-200 ring-inset dark:bg-amber-500/10 dark:text-amber-200 dark:ring-amber-500/20',
        className,
      )}
    >
      <AlertTriangle aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-amber-600 dark:text-amber-400" />
      <div className="min-w-0 flex-1">
        <p className="font-medium">
          {records.size === 1 ? 'This may be a candidate you already have' : 'These may be candidates you already have'}
        </p>
        <p className="mt-0.5 text-amber-800 dark:text-amber-300/90">
          {saved
            ? 'The candidate was saved; check whether these records are the same person.'
            : 'You can still save; check these records first.'}
        </p>
        <ul className="mt-2 space-y-1.5">
          {[...records.values()].map(({ duplicate, reasons }) => (
            <li key={duplicate.id} className="flex flex-wrap items-baseline gap-x-2">
              <Link
                to={paths.app.candidate.getHref(duplicate.id)}
                className={textLinkClasses}
                {...(newTab ? { target: '_blank', rel: 'noopener' } : {})}
              >
                {duplicate.name}
                {newTab ? <span className="sr-only"> (opens in a new tab)</span> : null}
              </Link>
              {duplicate.email ? (
                <span className="text-amber-800 dark:text-amber-300/90">{duplicate.email}</span>
              ) : null}
              <span className="text-xs text-amber-700 dark:text-amber-400">· {reasons.join(' · ')}</span>
            </li>
          ))}
        </ul>
      </div>
    </div>
  );
}
