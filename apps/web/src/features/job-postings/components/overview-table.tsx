import { useState, type KeyboardEvent } from 'react';
import {
  POSTING_STATUS_LABELS,
  POSTING_STATUSES,
  postingFunnelProblems,
  type OverviewResponse,
  type OverviewRow,
  type PostingFigures,
  type PostingStatus,
} from '@recruitdesk/contracts/job-postings';
import { Link } from 'react-router';
import { Pencil, Plus, TriangleAlert } from 'lucide-react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { errorMessage, type ApiQueryError } from '@/lib/base-api';
import { notifySuccess } from '@/lib/notify';
import { useAppDispatch } from '@/lib/hooks';
import { useCreatePostingMutation, useUpdatePostingMutation } from '../api';
import { countFromText, formatCount, formatMinor, formatRate, minorFromText, textFromMinor } from '../figures';

const COUNT_FIELDS = [
  ['impressions', 'Impressions'],
  ['clicks', 'Clicks'],
  ['apply_starts', 'Apply starts'],
  ['applies', 'Applies'],
] as const;

type Draft = { status: PostingStatus; daily_budget: string; spend: string } & Record<
  (typeof COUNT_FIELDS)[number][0],
  string
>;

const draftOf = (row: OverviewRow): Draft => {
  const p = row.posting;
  return {
    status: (p?.status ?? 'active') as PostingStatus,
    daily_budget: p && p.daily_budget_minor !== null ? textFromMinor(p.daily_budget_minor) : '',
    spend: p ? textFromMinor(p.spend_minor) : '',
    impressions: p ? String(p.impressions) : '',
    clicks: p ? String(p.clicks) : '',
    apply_starts: p ? String(p.apply_starts) : '',
    applies: p ? String(p.applies) : '',
  };
};

/**
 * The draft as the API's figures, or the fields that are not numbers (then the funnel: applies ≤ clicks ≤
 * impressions, with its messages). An empty budget is a budget not set.
 */
export function figuresFromDraft(
  draft: Draft,
): { figures: PostingFigures } | { invalid: string[]; messages?: string[] } {
  const invalid: string[] = [];
  const money = (key: 'daily_budget' | 'spend') => {
    const value = minorFromText(draft[key]);
    if (value === null) invalid.push(key);
    return value ?? 0;
  };
  const count = (key: (typeof COUNT_FIELDS)[number][0]) => {
    const value = countFromText(draft[key]);
    if (value === null) invalid.push(key);
    return value ?? 0;
  };
  const figures: PostingFigures = {
    status: draft.status,
    daily_budget_minor: draft.daily_budget.trim() === '' ? null : money('daily_budget'),
    spend_minor: money('spend'),
    impressions: count('impressions'),
    clicks: count('clicks'),
    apply_starts: count('apply_starts'),
    applies: count('applies'),
  };
  if (invalid.length) return { invalid };
  const funnel = postingFunnelProblems(figures);
  const keys = Object.keys(funnel) as (keyof typeof funnel)[];
  return keys.length ? { invalid: keys, messages: keys.map((key) => funnel[key]!) } : { figures };
}

/** The server's field messages of a refused save ("Applies cannot be more than clicks."), one line. */
function serverFieldMessages(error: unknown): string {
  const fields = (error as ApiQueryError | undefined)?.fields ?? {};
  return Object.values(fields).flat().join(' ');
}

const cellInput =
  'w-24 rounded-md border border-gray-300 bg-white px-2 py-1 text-right text-sm tabular-nums text-gray-900 focus:border-brand-500 focus:outline-2 focus:outline-brand-500 aria-invalid:border-red-500 dark:border-white/15 dark:bg-gray-950 dark:text-white';

function RowEditor({ row, weekStart, onDone }: { row: OverviewRow; weekStart: string; onDone: () => void }) {
  const dispatch = useAppDispatch();
  const [draft, setDraft] = useState<Draft>(() => draftOf(row));
  const [invalid, setInvalid] = useState<string[]>([]);
  const [messages, setMessages] = useState<string[]>([]);
  const [create, created] = useCreatePostingMutation();
  const [update, updated] = useUpdatePostingMutation();
  const saving = created.isLoading || updated.isLoading;
  const error = created.error ?? updated.error;
  const label = `${row.role_name} (${row.client_name})`;

  const save = async () => {
    const parsed = figuresFromDraft(draft);
    if ('invalid' in parsed) {
      setInvalid(parsed.invalid);
      setMessages(parsed.messages ?? []);
      return;
    }
    setInvalid([]);
    setMessages([]);
    const result = row.posting
      ? await update({ id: row.posting.id, body: parsed.figures })
      : await create({ role_id: row.role_id, week_start: weekStart, ...parsed.figures });
    if ('data' in result) {
      dispatch(notifySuccess(`Saved the week for ${row.role_name}.`));
      onDone();
    }
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      void save();
    } else if (event.key === 'Escape') {
      event.preventDefault();
      onDone();
    }
  };
  const field = (key: keyof Draft, name: string) => (
    <input
      className={cellInput}
      inputMode="decimal"
      aria-label={`${name} for ${label}`}
      aria-invalid={invalid.includes(key) || undefined}
      value={draft[key]}
      placeholder="0"
      onChange={(event) => setDraft({ ...draft, [key]: event.target.value })}
    />
  );
  return (
    <>
      <tr onKeyDown={onKeyDown} className="bg-brand-50/40 dark:bg-brand-500/5">
        <th scope="row" className="px-4 py-2 text-left text-sm font-medium text-gray-900 dark:text-white">
          {row.role_name}
          <span className="block text-xs font-normal text-gray-500 dark:text-gray-400">{row.client_name}</span>
        </th>
        <td className="px-2 py-2">
          <select
            aria-label={`Status for ${label}`}
            className={`${cellInput} w-28 text-left`}
            value={draft.status}
            onChange={(event) => setDraft({ ...draft, status: event.target.value as PostingStatus })}
          >
            {POSTING_STATUSES.map((status) => (
              <option key={status} value={status}>
                {POSTING_STATUS_LABELS[status]}
              </option>
            ))}
          </select>
        </td>
        <td className="px-2 py-2 text-right">{field('daily_budget', 'Daily budget')}</td>
        <td className="px-2 py-2 text-right">{field('spend', 'Spend')}</td>
        {COUNT_FIELDS.map(([key, name]) => (
          <td key={key} className="px-2 py-2 text-right">
            {field(key, name)}
          </td>
        ))}
        <td className="px-2 py-2" colSpan={2}>
          <div className="flex justify-end gap-2">
            <Button size="sm" variant="secondary" onClick={onDone}>
              Cancel
            </Button>
            <Button size="sm" onClick={() => void save()} loading={saving}>
              Save
            </Button>
          </div>
        </td>
      </tr>
      {invalid.length || error ? (
        <tr>
          <td colSpan={11} className="px-4 pb-3">
            <Alert>
              {messages.length
                ? messages.join(' ')
                : invalid.length
                  ? 'Enter amounts like 125.50 and whole numbers for the counts.'
                  : serverFieldMessages(error) || errorMessage(error)}
            </Alert>
          </td>
        </tr>
      ) : null}
    </>
  );
}

const thBase = 'px-2 py-2.5 text-xs font-semibold tracking-wide text-gray-500 uppercase dark:text-gray-400';
const th = `${thBase} text-right`;
const td = 'px-2 py-2.5 text-right text-sm tabular-nums text-gray-700 dark:text-gray-300';

const STATUS_TONE: Record<PostingStatus, string> = {
  active:
    'bg-emerald-50 text-emerald-700 ring-emerald-600/20 dark:bg-emerald-500/10 dark:text-emerald-400 dark:ring-emerald-500/20',
  paused:
    'bg-amber-50 text-amber-700 ring-amber-600/20 dark:bg-amber-500/10 dark:text-amber-400 dark:ring-amber-500/20',
  closed: 'bg-gray-50 text-gray-600 ring-gray-500/20 dark:bg-white/5 dark:text-gray-400 dark:ring-white/10',
};

/** The week's rows, one per posted role, edited in place (Enter saves, Escape cancels), with a totals row. */
export function OverviewTable({ data, canEdit }: { data: OverviewResponse; canEdit: boolean }) {
  const [editing, setEditing] = useState<number | null>(null);
  const { currency, totals } = data;
  return (
    <div className="overflow-x-auto">
      <table className="min-w-full divide-y divide-gray-200 dark:divide-white/10">
        <caption className="sr-only">Job-board figures for the week starting {data.week_start}</caption>
        <thead className="bg-gray-50 dark:bg-white/5">
          <tr>
            <th scope="col" className={`${thBase} pl-4 text-left`}>
              Role
            </th>
            <th scope="col" className={`${thBase} text-left`}>
              Status
            </th>
            <th scope="col" className={th}>
              Daily budget
            </th>
            <th scope="col" className={th}>
              Spend
            </th>
            {COUNT_FIELDS.map(([key, name]) => (
              <th key={key} scope="col" className={th}>
                {name}
              </th>
            ))}
            <th scope="col" className={th}>
              CTR
            </th>
            <th scope="col" className={`${th} pr-4`}>
              <span className="sr-only">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-gray-100 dark:divide-white/5">
          {data.rows.map((row) =>
            editing === row.role_id ? (
              <RowEditor key={row.role_id} row={row} weekStart={data.week_start} onDone={() => setEditing(null)} />
            ) : (
              <tr key={row.role_id}>
                <th scope="row" className="px-4 py-2.5 text-left text-sm font-medium text-gray-900 dark:text-white">
                  {row.role_name}
                  <span className="block text-xs font-normal text-gray-500 dark:text-gray-400">
                    {row.client_name}
                    {row.indeed_posting ? '' : ' · posting switched off'}
                  </span>
                  <span className="block text-xs font-normal text-gray-500 tabular-nums dark:text-gray-400">
                    Ref. RD-{row.role_id}
                  </span>
                  {row.indeed_posting && !row.feed_country ? (
                    <Link
                      to={paths.app.roleEdit.getHref(row.role_id)}
                      className="mt-1 inline-flex items-center gap-1 text-xs font-medium text-amber-700 hover:underline dark:text-amber-400"
                    >
                      <TriangleAlert aria-hidden="true" className="size-3.5" />
                      No country: Indeed refuses it. Set one
                    </Link>
                  ) : null}
                </th>
                <td className="px-2 py-2.5 text-left text-sm">
                  {row.posting ? (
                    <span
                      className={`inline-flex rounded-md px-2 py-0.5 text-xs font-medium ring-1 ring-inset ${STATUS_TONE[row.posting.status]}`}
                    >
                      {POSTING_STATUS_LABELS[row.posting.status]}
                    </span>
                  ) : (
                    <span className="text-gray-400 dark:text-gray-500">Not entered</span>
                  )}
                </td>
                <td className={td}>
                  {!row.posting ? (
                    '—'
                  ) : row.posting.daily_budget_minor === null ? (
                    <span className="text-gray-400 dark:text-gray-500">Not set</span>
                  ) : (
                    formatMinor(row.posting.daily_budget_minor, currency)
                  )}
                </td>
                <td className={td}>{row.posting ? formatMinor(row.posting.spend_minor, currency) : '—'}</td>
                {COUNT_FIELDS.map(([key]) => (
                  <td key={key} className={td}>
                    {row.posting ? formatCount(row.posting[key]) : '—'}
                  </td>
                ))}
                <td className={td}>
                  {row.posting
                    ? formatRate(row.posting.impressions ? row.posting.clicks / row.posting.impressions : null)
                    : '—'}
                </td>
                <td className="px-2 py-2.5 pr-4 text-right">
                  {canEdit ? (
                    <Button
                      size="sm"
                      variant="secondary"
                      onClick={() => setEditing(row.role_id)}
                      aria-label={`${row.posting ? 'Edit' : 'Enter'} the week for ${row.role_name}`}
                    >
                      {row.posting ? (
                        <Pencil aria-hidden="true" className="size-4" />
                      ) : (
                        <Plus aria-hidden="true" className="size-4" />
                      )}
                      {row.posting ? 'Edit' : 'Enter'}
                    </Button>
                  ) : null}
                </td>
              </tr>
            ),
          )}
        </tbody>
        <tfoot className="border-t-2 border-gray-200 bg-gray-50 font-semibold dark:border-white/10 dark:bg-white/5">
          <tr>
            <th scope="row" className="px-4 py-2.5 text-left text-sm text-gray-900 dark:text-white">
              Total
            </th>
            <td className="px-2 py-2.5 text-left text-xs font-normal text-gray-500 dark:text-gray-400">
              {formatMinor(totals.cost_per_click_minor, currency)} per click
            </td>
            <td className={td}>{formatMinor(totals.daily_budget_minor, currency)}</td>
            <td className={td}>{formatMinor(totals.spend_minor, currency)}</td>
            {COUNT_FIELDS.map(([key]) => (
              <td key={key} className={td}>
                {formatCount(totals[key])}
              </td>
            ))}
            <td className={td}>{formatRate(totals.ctr)}</td>
            <td className="px-2 py-2.5 pr-4 text-right text-xs font-normal text-gray-500 dark:text-gray-400">
              {formatMinor(totals.cost_per_apply_minor, currency)} per apply
            </td>
          </tr>
        </tfoot>
      </table>
    </div>
  );
}
