import { useState } from 'react';
import { Link } from 'react-router';
import { Download, Undo2 } from 'lucide-react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/dialog';
import { DateText } from '@/components/ui/time';
import { apiDownloadFile } from '@/lib/api';
import { errorMessage, type ApiQueryError } from '@/lib/base-api';
import { useAppDispatch } from '@/lib/hooks';
import { notifyError, notifySuccess } from '@/lib/notify';
import { useUndoImportMutation } from '../api';
import { kindLabel } from '../mapping';
import type { ImportView, UndoBlocked } from '../types';
import { ImportProgressBar } from './import-progress-bar';
import { recordHref } from './record-href';
import { Totals } from './totals';

/** "About 3 minutes left" from the server's estimate. */
export function timeLeftText(seconds: number | null | undefined): string {
  if (seconds === null || seconds === undefined || !Number.isFinite(seconds)) return 'Estimating the time left…';
  if (seconds < 5) return 'Almost done';
  if (seconds < 60) return `About ${Math.ceil(seconds / 5) * 5} seconds left`;
  const minutes = Math.round(seconds / 60);
  if (minutes < 60) return `About ${minutes} ${minutes === 1 ? 'minute' : 'minutes'} left`;
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  return `About ${hours} h ${rest} min left`;
}

/** Step 4: the import runs in the background; this page may be left, reloaded and opened again. */
export function ProgressPanel({ entry }: { entry: ImportView }) {
  const total = entry.progress.total || entry.total_rows;
  const done = entry.progress.done;
  const queued = entry.status === 'queued';
  const undoing = entry.status === 'undoing';
  const detail = queued ? 'Waiting to start' : `${done.toLocaleString('en')} of ${total.toLocaleString('en')} rows`;
  return (
    <div className="space-y-4">
      <ImportProgressBar
        label={undoing ? 'Rows undone' : queued ? 'Queued' : 'Rows imported'}
        fraction={queued || !total ? null : done / total}
        detail={detail}
      />
      <p className="text-sm text-gray-600 dark:text-gray-400" aria-live="polite">
        {queued ? 'The import starts in a moment.' : timeLeftText(entry.progress.eta_seconds)}
      </p>
      <p className="text-sm text-gray-500 dark:text-gray-400">
        The import runs on the server: you can leave this page and come back to it from Settings → Import.
      </p>
    </div>
  );
}

function undoBlockedOf(error: unknown): UndoBlocked['changed'] | null {
  if (!error || typeof error !== 'object' || (error as ApiQueryError).code !== 'UNDO_BLOCKED') return null;
  const data = (error as ApiQueryError).data as Partial<UndoBlocked> | undefined;
  return Array.isArray(data?.changed) ? data.changed : [];
}

/** Step 5: what the import did, the refused rows, the CSV report, and Undo while it is allowed. */
export function ReportPanel({ entry, now = new Date() }: { entry: ImportView; now?: Date }) {
  const dispatch = useAppDispatch();
  const [confirming, setConfirming] = useState(false);
  const [downloading, setDownloading] = useState(false);
  const [undo, undoState] = useUndoImportMutation();
  const blocked = undoBlockedOf(undoState.error);
  const undoOpen =
    entry.status === 'succeeded' && entry.undo_until !== null && new Date(entry.undo_until).getTime() > now.getTime();
  const failed = entry.status === 'failed';
  const undone = entry.status === 'undone';

  const download = async () => {
    setDownloading(true);
    try {
      await apiDownloadFile(`/api/imports/${entry.id}/report.csv`, {
        accept: 'text/csv',
        fallbackName: `import-${entry.id}-report.csv`,
      });
    } catch (error) {
      dispatch(notifyError(errorMessage(error)));
    } finally {
      setDownloading(false);
    }
  };

  return (
    <div className="space-y-6">
      {failed ? (
        <Alert title="The import stopped with an error">
          {entry.error ? <p>{entry.error}</p> : null}
          <p>Rows already imported are kept and counted below; you can undo them or start a new import.</p>
        </Alert>
      ) : null}
      {undone ? (
        <Alert tone="success" title="This import was undone">
          The records it created were removed and the fields it changed restored.
        </Alert>
      ) : null}

      <Totals
        label="What the import did"
        items={[
          { label: 'Created', value: entry.counts.created, tone: 'green' },
          { label: 'Updated', value: entry.counts.updated, tone: 'sky' },
          { label: 'Skipped', value: entry.counts.skipped, tone: 'gray' },
          { label: 'Refused', value: entry.counts.refused, tone: 'red' },
        ]}
      />

      <section aria-labelledby={`refused-${entry.id}`} className="space-y-2">
        <div className="flex flex-col gap-2 sm:flex-row sm:items-center sm:justify-between">
          <h3 id={`refused-${entry.id}`} className="text-sm font-semibold text-gray-900 dark:text-white">
            Refused rows
          </h3>
          <Button variant="secondary" size="sm" loading={downloading} onClick={() => void download()}>
            {downloading ? null : <Download aria-hidden="true" className="size-4" />}
            Download report (CSV)
          </Button>
        </div>
        {entry.errors_preview.length === 0 ? (
          <p className="text-sm text-gray-500 dark:text-gray-400">No row was refused.</p>
        ) : (
          <div className="overflow-x-auto rounded-xl ring-1 ring-gray-200 dark:ring-white/10">
            <table className="min-w-full divide-y divide-gray-200 text-sm dark:divide-white/10">
              <thead className="bg-gray-50 dark:bg-white/[0.03]">
                <tr>
                  <th scope="col" className="w-20 px-3 py-2 text-left font-semibold text-gray-700 dark:text-gray-300">
                    Line
                  </th>
                  <th scope="col" className="px-3 py-2 text-left font-semibold text-gray-700 dark:text-gray-300">
                    Reason
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-gray-200 bg-white dark:divide-white/10 dark:bg-gray-900">
                {entry.errors_preview.map((row, index) => (
                  <tr key={`${row.line}-${index}`}>
                    <td className="px-3 py-2 text-gray-900 tabular-nums dark:text-gray-100">{row.line}</td>
                    <td className="px-3 py-2 text-gray-700 dark:text-gray-300">{row.reason}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
        {entry.counts.refused > entry.errors_preview.length ? (
          <p className="text-xs text-gray-500 dark:text-gray-400">
            The first {entry.errors_preview.length} of {entry.counts.refused.toLocaleString('en')} refused rows; the CSV
            report lists them all.
          </p>
        ) : null}
      </section>

      {undoOpen || blocked ? (
        <section
          aria-labelledby={`undo-${entry.id}`}
          className="space-y-3 border-t border-gray-200 pt-5 dark:border-white/10"
        >
          <h3 id={`undo-${entry.id}`} className="text-sm font-semibold text-gray-900 dark:text-white">
            Undo
          </h3>
          {undoOpen && entry.undo_until ? (
            <p className="text-sm text-gray-600 dark:text-gray-400">
              Removes the {kindLabel(entry.kind).toLowerCase()} this import created and restores the fields it filled
              in. Available until <DateText value={entry.undo_until} withTime />.
            </p>
          ) : null}
          {blocked ? (
            <Alert title="This import cannot be undone">
              <p>{errorMessage(undoState.error)}</p>
              {blocked.length ? (
                <>
                  <p className="mt-2">Changed since the import:</p>
                  <ul className="mt-1 list-disc pl-5">
                    {blocked.map((record) => {
                      const href = recordHref(record.kind, record.id);
                      return (
                        <li key={`${record.kind}-${record.id}`}>
                          {href ? (
                            <Link to={href} className="font-medium underline">
                              {record.name}
                            </Link>
                          ) : (
                            record.name
                          )}
                        </li>
                      );
                    })}
                  </ul>
                </>
              ) : null}
            </Alert>
          ) : null}
          {undoOpen ? (
            <Button variant="secondary" onClick={() => setConfirming(true)}>
              <Undo2 aria-hidden="true" className="size-4" />
              Undo import
            </Button>
          ) : null}
        </section>
      ) : null}

      <ConfirmDialog
        open={confirming}
        onClose={() => setConfirming(false)}
        title="Undo this import?"
        description={`The ${entry.counts.created.toLocaleString('en')} records it created are removed and the ${entry.counts.updated.toLocaleString('en')} it updated get their earlier values back.`}
        confirmLabel="Undo import"
        tone="danger"
        loading={undoState.isLoading}
        onConfirm={async () => {
          const result = await undo(entry.id);
          setConfirming(false);
          if (!result.error) dispatch(notifySuccess('The import is being undone.'));
          else if (!undoBlockedOf(result.error)) dispatch(notifyError(errorMessage(result.error)));
        }}
      />
    </div>
  );
}
