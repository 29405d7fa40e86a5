import { Link } from 'react-router';
import { ChevronRight } from 'lucide-react';
import { paths } from '@/config/paths';

export const ACTIVE_CLIENTS_PANEL_LIMIT = 15;

export interface ActiveClientItem {
  id: number;
  name: string;
  /** 'Finder's Fee' or 'Retainer'. */
  typeLabel: string;
  activeRoles: number;
}

export interface ActiveClientsPanelProps {
  loading: boolean;
  /** Open clients (the 'All active jobs' count); null when unknown (e.g. the fetch failed). */
  openCount: number | null;
  /** Open clients with active roles (at most 15 are shown). */
  clients: ActiveClientItem[];
  /** How many open clients have active roles in all. */
  total: number;
}

/**
 * The Active Clients panel shown when hovering Active under Jobs (spec §2): all active jobs with the count
 * of open clients, then up to 15 open clients with active roles. Data comes from the app layer.
 */
export function ActiveClientsPanel({ loading, openCount, clients, total }: ActiveClientsPanelProps) {
  const shown = clients.slice(0, ACTIVE_CLIENTS_PANEL_LIMIT);
  const more = Math.max(0, total - shown.length);
  return (
    <div className="w-72 rounded-xl border border-gray-200 bg-white p-1.5 shadow-lg dark:border-white/10 dark:bg-gray-900">
      <Link
        to={paths.app.jobsActive.getHref()}
        className="flex items-center justify-between gap-2 rounded-lg px-2.5 py-2 text-sm font-semibold text-gray-900 hover:bg-gray-100 focus-visible:outline-2 focus-visible:outline-brand-600 dark:text-white dark:hover:bg-white/5"
      >
        <span>All active jobs</span>
        {/* The spec's count is of open clients, not jobs: it says so (issue 29 item p: "All active jobs 15"). */}
        {openCount !== null ? (
          <span className="rounded-full bg-brand-50 px-2 py-0.5 text-xs font-medium text-brand-700 tabular-nums dark:bg-brand-500/10 dark:text-brand-300">
            {openCount} open {openCount === 1 ? 'client' : 'clients'}
          </span>
        ) : null}
      </Link>
      <div className="my-1 h-px bg-gray-200 dark:bg-white/10" role="separator" />
      <p className="px-2.5 pt-1 pb-1.5 text-[11px] font-semibold tracking-wider text-gray-500 uppercase dark:text-gray-400">
        Active clients
      </p>
      {loading ? (
        <p role="status" className="px-2.5 py-2 text-sm text-gray-500 dark:text-gray-400">
          Loading clients...
        </p>
      ) : shown.length === 0 ? (
        <p className="px-2.5 py-2 text-sm text-gray-500 dark:text-gray-400">No active clients with roles</p>
      ) : (
        <ul className="max-h-[60vh] overflow-y-auto" aria-label="Active clients">
          {shown.map((client) => (
            <li key={client.id}>
              <Link
                to={paths.app.jobsActive.getHref(client.id)}
                className="group flex items-center gap-2 rounded-lg px-2.5 py-1.5 hover:bg-gray-100 focus-visible:outline-2 focus-visible:outline-brand-600 dark:hover:bg-white/5"
              >
                <span className="min-w-0 flex-1">
                  <span className="block truncate text-sm font-medium text-gray-900 dark:text-gray-100">
                    {client.name}
                  </span>
                  <span className="block text-xs text-gray-500 dark:text-gray-400">
                    {client.typeLabel} · {client.activeRoles}{' '}
                    {client.activeRoles === 1 ? 'active role' : 'active roles'}
                  </span>
                </span>
                <ChevronRight aria-hidden="true" className="size-4 text-gray-300 group-hover:text-gray-500" />
              </Link>
            </li>
          ))}
        </ul>
      )}
      {!loading && more > 0 ? (
        <p className="px-2.5 pt-1.5 pb-1 text-xs text-gray-500 dark:text-gray-400">And {more} more active clients...</p>
      ) : null}
    </div>
  );
}
