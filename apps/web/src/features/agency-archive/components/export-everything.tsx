import { useEffect, useState } from 'react';
import { Download } from 'lucide-react';
import type { AgencyExport } from '@recruitdesk/contracts/agency-archive';
import { ErrorAlert } from '@/components/ui/alert';
import { Badge, type BadgeTone } from '@/components/ui/badge';
import { Button, buttonClasses } from '@/components/ui/button';
import { QueryError } from '@/components/ui/query-error';
import { DateText } from '@/components/ui/time';
import { formatBytes } from '@/lib/format';
import { useGetAgencyExportQuery, useListAgencyExportsQuery, useStartAgencyExportMutation } from '../api';

const POLL_MS = 1000;
const RECENT = 5;

const active = (item: Pick<AgencyExport, 'state'> | undefined) => item?.state === 'queued' || item?.state === 'running';

function status(item: AgencyExport): { label: string; tone: BadgeTone } {
  if (item.state === 'failed' || item.state === 'cancelled') return { label: 'Failed', tone: 'red' };
  if (active(item)) return { label: item.state === 'queued' ? 'Waiting' : 'Preparing', tone: 'amber' };
  if (item.downloaded_at) return { label: 'Downloaded', tone: 'gray' };
  if (item.expired) return { label: 'Expired', tone: 'gray' };
  return { label: 'Ready', tone: 'green' };
}

/** The running export's bar: done of total (tables, then files), with the table or step in progress. */
function ExportProgress({ item }: { item: AgencyExport }) {
  const { done, total, note } = item.progress;
  const percent = total && total > 0 ? Math.min(100, Math.round((done / total) * 100)) : 0;
  return (
    <div className="space-y-2">
      <div
        role="progressbar"
        aria-label="Export progress"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        className="h-2 w-full overflow-hidden rounded-full bg-gray-200 dark:bg-white/10"
      >
        <div
          className="h-full rounded-full bg-brand-600 transition-all dark:bg-brand-400"
          style={{ width: `${percent}%` }}
        />
      </div>
      <p className="text-sm text-gray-600 dark:text-gray-400">
        {item.state === 'queued' ? 'Waiting to start…' : `Preparing the archive: ${percent}%`}
        {note && item.state === 'running' ? ` (${note})` : null}
      </p>
    </div>
  );
}

/** The one-time download: a plain link (the browser saves the ZIP), then the list shows it used. */
function DownloadLink({ item, onUsed }: { item: AgencyExport; onUsed: () => void }) {
  if (!item.download_url) return null;
  return (
    <a
      href={item.download_url}
      className={buttonClasses('primary', 'md')}
      onClick={() => window.setTimeout(onUsed, 2000)}
      aria-describedby={`export-${item.id}-once`}
    >
      <Download aria-hidden="true" className="size-4" />
      Download
    </a>
  );
}

/**
 * Settings → Export everything (owners only; the server refuses everyone else): starts the export job,
 * follows its progress, then offers the ZIP's one download; below, the recent exports.
 */
export function ExportEverythingSection() {
  const list = useListAgencyExportsQuery({ page: 1, page_size: RECENT });
  const [start, started] = useStartAgencyExportMutation();
  const [currentId, setCurrentId] = useState<number | null>(null);
  const listed = list.data?.exports ?? [];
  const followId = currentId ?? listed.find((item) => active(item))?.id ?? null;
  const followed = useGetAgencyExportQuery(followId ?? 0, { skip: followId === null });
  const item = followed.data?.export;
  const running = followId !== null && (!item || active(item));
  // Polled while it runs; the recent list refreshes once it has finished.
  const current = useGetAgencyExportQuery(followId ?? 0, {
    skip: followId === null,
    pollingInterval: running ? POLL_MS : 0,
  });
  const finishedState = item && !active(item) ? item.state : null;
  const refetchList = list.refetch;
  useEffect(() => {
    if (finishedState) void refetchList();
  }, [finishedState, refetchList]);

  const onStart = async () => {
    const result = await start();
    if ('data' in result && result.data) setCurrentId(result.data.export.id);
  };
  const refresh = () => {
    void current.refetch();
    void list.refetch();
  };

  return (
    <div className="space-y-5">
      <p className="text-sm text-gray-600 dark:text-gray-400">
        One ZIP with every record of the agency (a JSON file per kind of record) and every stored file: resumes, job
        descriptions, pictures. It also holds the users&apos; password hashes: keep it like a backup. A new RecruitDesk
        imports it whole.
      </p>
      <div className="flex flex-wrap items-center gap-3">
        <Button onClick={() => void onStart()} loading={started.isLoading} disabled={item ? active(item) : false}>
          Export everything
        </Button>
        {item && item.state === 'succeeded' ? <DownloadLink item={item} onUsed={refresh} /> : null}
      </div>
      <ErrorAlert error={started.error} />
      {item && active(item) ? <ExportProgress item={item} /> : null}
      {item && item.state === 'succeeded' && item.download_url ? (
        <p id={`export-${item.id}-once`} className="text-sm text-gray-600 dark:text-gray-400">
          Ready ({formatBytes(item.size_bytes ?? 0)}). The download works <strong>once</strong> and until{' '}
          <DateText value={item.expires_at ?? item.finished_at ?? item.created_at} withTime />; after that, export
          again.
        </p>
      ) : null}
      {item && (item.state === 'failed' || item.state === 'cancelled') ? (
        <p role="alert" className="text-sm text-red-700 dark:text-red-300">
          {item.error ?? 'The export failed.'} Start it again.
        </p>
      ) : null}

      <div>
        <h3 className="text-sm font-semibold text-gray-900 dark:text-white">Recent exports</h3>
        {list.error ? (
          <QueryError
            title="Could not load the recent exports"
            error={list.error}
            onRetry={() => void list.refetch()}
          />
        ) : list.isLoading ? (
          <p className="mt-2 text-sm text-gray-500 dark:text-gray-400">Loading…</p>
        ) : listed.length === 0 ? (
          <p className="mt-2 text-sm text-gray-500 dark:text-gray-400">No exports yet.</p>
        ) : (
          <ul aria-label="Recent exports" className="mt-2 divide-y divide-gray-100 dark:divide-white/5">
            {listed.map((row) => {
              const badge = status(row);
              return (
                <li key={row.id} className="flex flex-wrap items-center justify-between gap-2 py-2 text-sm">
                  <span className="min-w-0 text-gray-700 dark:text-gray-300">
                    <DateText value={row.created_at} withTime />
                    {row.created_by ? ` by ${row.created_by.name}` : null}
                    {row.size_bytes ? ` · ${formatBytes(row.size_bytes)}` : null}
                  </span>
                  <span className="flex items-center gap-3">
                    {/* A ZIP made earlier (say before a reload) still waits for its one download. */}
                    {row.state === 'succeeded' && row.download_url && row.id !== followId ? (
                      <a
                        href={row.download_url}
                        className="inline-flex items-center gap-1 font-medium text-brand-600 hover:underline dark:text-brand-400"
                        onClick={() => window.setTimeout(refresh, 2000)}
                      >
                        <Download aria-hidden="true" className="size-4" />
                        Download
                        <span className="sr-only">
                          : the export of <DateText value={row.created_at} withTime /> (works once)
                        </span>
                      </a>
                    ) : null}
                    <Badge tone={badge.tone}>{badge.label}</Badge>
                  </span>
                </li>
              );
            })}
          </ul>
        )}
      </div>
    </div>
  );
}
