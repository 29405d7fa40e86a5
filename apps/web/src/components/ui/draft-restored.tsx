import { History } from 'lucide-react';
import { Button } from './button';

/** Says that a form opened with the user's unsaved changes from before (lib/form-draft.ts), with a way out. */
export function DraftRestored({ onDiscard }: { onDiscard: () => void }) {
  return (
    <div
      role="status"
      className="flex flex-wrap items-center justify-between gap-2 rounded-lg bg-brand-50 px-3 py-2 text-sm text-brand-800 ring-1 ring-brand-200 ring-inset dark:bg-brand-500/10 dark:text-brand-200 dark:ring-brand-500/20"
    >
      <span className="flex items-center gap-2">
        <History aria-hidden="true" className="size-4 shrink-0" />
        Your unsaved changes were restored.
      </span>
      <Button variant="ghost" size="sm" onClick={onDiscard}>
        Discard them
      </Button>
    </div>
  );
}
