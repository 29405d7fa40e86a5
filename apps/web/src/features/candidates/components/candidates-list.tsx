// Over 400 lines: the list page with its filters, selection and bulk actions (email, sequences, export) in one screen component.
import { useMemo, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { FileText, SearchX, Users } from 'lucide-react';
import {
  CANDIDATE_ORDERINGS,
  CANDIDATE_STATUS_LABELS,
  CANDIDATE_STATUSES,
  EXPERIENCE_RANGES,
  hasSearchableText,
  SEARCH_NOTHING_SEARCHABLE,
  type CandidateStatus,
} from '@recruitdesk/contracts/candidate-constants';
import type { CandidateListItem, ExperienceRange } from '@recruitdesk/contracts/candidates';
import {
  CONSENT_FILTERS,
  LEGAL_BASES,
  LEGAL_BASIS_LABELS,
  type ConsentFilter,
  type LegalBasis,
} from '@recruitdesk/contracts/data-protection-constants';
import { Button } from '@/components/ui/button';
import { DataTable, type ColumnDef } from '@/components/ui/data-table';
import { EmptyState, NoMatches } from '@/components/ui/empty-state';
import { FilterChip } from '@/components/ui/filter-chip';
import { QueryError } from '@/components/ui/query-error';
import { SearchInput, ToolbarSelect } from '@/components/ui/search-input';
import { paths } from '@/config/paths';
import { DateText } from '@/components/ui/time';
import { useAppSelector } from '@/lib/hooks';
import { pageFrom, pageSizeFrom } from '@/lib/pagination';
import { orderingFromSorting, sortingFromOrdering, useUrlPaging, useUrlParams } from '@/lib/use-url-params';
import { useListCandidatesQuery, type CandidateListParams, type CandidateOrdering } from '../api';
import { CANDIDATES_PAGE_SIZE, selectCandidatesState } from '../candidates-slice';
import { CandidateStatusBadge, formatExperience, SkillBadges, titleAtCompany } from './candidate-badges';
import { SearchMatches } from './search-matches';
import { SkillsInput } from './skills-input';
import { selectionColumn, type CandidateSelection } from './candidate-selection';

const DEFAULT_ORDERING: CandidateOrdering = '-created_at';
/** The list endpoint filters by at most 20 skills. */
export const MAX_SKILL_FILTERS = 20;

export const EXPERIENCE_LABELS: Record<ExperienceRange, string> = {
  '0-2': '0–2 years',
  '3-5': '3–5 years',
  '6-10': '6–10 years',
  '10+': '10+ years',
};

/** Skills travel in the URL as one comma list (`?skills=react,node`), as the API accepts them. */
const skillsFrom = (value: string | null) =>
  (value ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)
    .slice(0, MAX_SKILL_FILTERS);

/** The list's state lives in the URL (?search=&status=&skills=&experience=&sort=&page=&page_size=). */
export function candidatesQueryFromSearchParams(params: URLSearchParams): CandidateListParams & {
  ordering: CandidateOrdering;
  page: number;
  page_size: number;
} {
  const search = params.get('search')?.trim() ?? '';
  const status = params.get('status') ?? '';
  const experience = params.get('experience') ?? '';
  const sort = params.get('sort') ?? '';
  const skills = skillsFrom(params.get('skills'));
  const query: CandidateListParams & { ordering: CandidateOrdering; page: number; page_size: number } = {
    ordering: (CANDIDATE_ORDERINGS as readonly string[]).includes(sort)
      ? (sort as CandidateOrdering)
      : DEFAULT_ORDERING,
    page: pageFrom(params),
    page_size: pageSizeFrom(params, CANDIDATES_PAGE_SIZE),
  };
  if (search) query.search = search;
  if ((CANDIDATE_STATUSES as readonly string[]).includes(status)) query.status = status as CandidateStatus;
  if (skills.length) query.skills = skills;
  if ((EXPERIENCE_RANGES as readonly string[]).includes(experience)) query.experience = experience as ExperienceRange;
  const legalBasis = params.get('legal_basis') ?? '';
  if ((LEGAL_BASES as readonly string[]).includes(legalBasis)) query.legal_basis = legalBasis as LegalBasis;
  const consent = params.get('consent') ?? '';
  if ((CONSENT_FILTERS as readonly string[]).includes(consent)) query.consent = consent as ConsentFilter;
  return query;
}

const linkClasses =
  'font-medium text-gray-900 hover:text-brand-600 focus-visible:rounded-sm focus-visible:outline-2 focus-visible:outline-brand-600 dark:text-white dark:hover:text-brand-400';

/** The table's columns; skills named in the filter are shown first in each row. */
const columnsFor = (skillFilter: string[]): ColumnDef<CandidateListItem, unknown>[] => [
  {
    id: 'name',
    accessorFn: (candidate) => candidate.name,
    header: 'Name',
    enableSorting: true,
    sortDescFirst: false,
    cell: ({ row: { original: candidate } }) => (
      // On a phone the name gives way (it wraps, even inside a long word) so the status keeps its whole badge
      // whatever the font (issue 29 item o: "Do no").
      <div className="[overflow-wrap:anywhere] sm:min-w-36">
        <Link to={paths.app.candidate.getHref(candidate.id)} className={linkClasses}>
          {candidate.name}
        </Link>
        {/* On narrow screens the title, skills and experience columns are hidden: their gist shows here. */}
        {titleAtCompany(candidate) ? (
          <p className="line-clamp-2 text-gray-500 lg:hidden dark:text-gray-400">{titleAtCompany(candidate)}</p>
        ) : null}
        {candidate.years_experience !== null ? (
          <p className="text-xs text-gray-500 sm:hidden dark:text-gray-400">
            {formatExperience(candidate.years_experience)}
          </p>
        ) : null}
        {candidate.matches?.length ? <SearchMatches matches={candidate.matches} name={candidate.name} /> : null}
      </div>
    ),
  },
  {
    id: 'current_title',
    header: 'Current role',
    enableSorting: false,
    cell: ({ row }) => titleAtCompany(row.original) || <span className="text-gray-400 dark:text-gray-500">—</span>,
    meta: { className: 'hidden lg:table-cell max-w-64' },
  },
  {
    id: 'skills',
    header: 'Skills',
    enableSorting: false,
    cell: ({ row }) => <SkillBadges skills={row.original.skills} highlight={skillFilter} />,
    meta: { className: 'hidden md:table-cell' },
  },
  {
    id: 'years_experience',
    accessorFn: (candidate) => candidate.years_experience,
    header: 'Experience',
    enableSorting: true,
    sortDescFirst: true,
    cell: ({ row }) =>
      row.original.years_experience === null ? (
        <span className="text-gray-400 dark:text-gray-500">—</span>
      ) : (
        <span className="whitespace-nowrap tabular-nums">{formatExperience(row.original.years_experience)}</span>
      ),
    meta: { className: 'hidden sm:table-cell' },
  },
  {
    id: 'status',
    header: 'Status',
    enableSorting: false,
    cell: ({ row }) => <CandidateStatusBadge status={row.original.status} />,
    meta: { className: 'w-px whitespace-nowrap' },
  },
  {
    id: 'resume',
    header: () => <span className="sr-only sm:not-sr-only">Resume</span>,
    enableSorting: false,
    cell: ({ row }) =>
      row.original.resume ? (
        <span
          title={`Resume: ${row.original.resume.filename}`}
          className="inline-flex text-brand-600 dark:text-brand-400"
        >
          <FileText aria-hidden="true" className="size-4" />
          <span className="sr-only">Resume attached</span>
        </span>
      ) : (
        <span className="text-gray-300 dark:text-gray-600">
          <span aria-hidden="true">—</span>
          <span className="sr-only">No resume</span>
        </span>
      ),
    meta: { className: 'hidden sm:table-cell' },
  },
  {
    id: 'created_at',
    accessorFn: (candidate) => candidate.created_at,
    header: 'Added',
    enableSorting: true,
    sortDescFirst: true,
    cell: ({ row }) => <DateText value={row.original.created_at} className="whitespace-nowrap" />,
    meta: { className: 'hidden md:table-cell' },
  },
];

/**
 * Candidates with search, status, skills and experience filters, server-side sorting and paging (10 a page
 * unless the user picks another size).
 * Filters and page live in the URL; the rows, page and page count come from the candidates slice.
 */
export function CandidatesList({
  emptyAction,
  selection,
}: {
  emptyAction?: ReactNode;
  selection?: CandidateSelection | undefined;
}) {
  const [params, update] = useUrlParams('push');
  const query = candidatesQueryFromSearchParams(params);
  // Every change of filters or page asks the server again, so the slice always holds the page on screen.
  // A search of only symbols ("%") has nothing to look for: say so instead of asking the server.
  const unsearchable = Boolean(query.search) && !hasSearchableText(query.search ?? '');
  const { isFetching, isUninitialized, refetch } = useListCandidatesQuery(query, {
    refetchOnMountOrArgChange: true,
    skip: unsearchable,
  });
  const { list, pagination, loading, error } = useAppSelector(selectCandidatesState);
  const [toolbarKey, setToolbarKey] = useState(0);
  const sorting = useMemo(() => sortingFromOrdering(query.ordering), [query.ordering]);
  const skills = query.skills ?? [];
  const skillsKey = skills.join(',');
  const baseColumns = useMemo(() => columnsFor(skillsKey ? skillsKey.split(',') : []), [skillsKey]);
  const columns = selection ? [selectionColumn(selection, list), ...baseColumns] : baseColumns;
  const filtered = Boolean(
    query.search || query.status || query.experience || skills.length || query.legal_basis || query.consent,
  );
  const busy = !unsearchable && (loading || isFetching || isUninitialized);
  const page = query.page;
  const paging = useUrlPaging(
    params,
    update,
    CANDIDATES_PAGE_SIZE,
    busy || error || unsearchable ? undefined : pagination.totalCount,
  );

  const setSkills = (next: string[]) => update({ skills: next.length ? next.join(',') : null, page: null });
  // The search box keeps its own text: it starts afresh once the cleared URL is in place (the URL
  // changes a moment after the click, and a box remounted earlier would keep the old text).
  const [clearing, setClearing] = useState(false);
  if (clearing && !filtered) {
    setClearing(false);
    setToolbarKey((k) => k + 1);
  }
  const clear = () => {
    setClearing(true);
    update({
      search: null,
      status: null,
      skills: null,
      experience: null,
      legal_basis: null,
      consent: null,
      page: null,
    });
  };
  const goTo = paging.setPage;

  let empty: ReactNode;
  if (pagination.totalCount > 0 && page > 1) {
    empty = (
      <EmptyState
        icon={SearchX}
        title="Nothing on this page"
        description={`There are ${pagination.totalPages} ${pagination.totalPages === 1 ? 'page' : 'pages'}.`}
        action={
          <Button variant="secondary" size="sm" onClick={() => goTo(1)}>
            Go to the first page
          </Button>
        }
      />
    );
  } else if (filtered) {
    empty = <NoMatches what="candidates" onClear={clear} />;
  } else {
    empty = (
      <EmptyState
        icon={Users}
        title="No candidates yet"
        description="Add the people you place: their contact details, skills and resume."
        action={emptyAction}
      />
    );
  }

  return (
    <div>
      <div className="space-y-3 border-b border-gray-200 px-4 py-3 dark:border-white/10">
        <div className="flex flex-col gap-3 lg:flex-row lg:items-end">
          <SearchInput
            key={`search-${toolbarKey}`}
            label="Search candidates"
            placeholder="Search name, email, skills, resumes"
            value={query.search ?? ''}
            onChange={(search) => update({ search, page: null }, { burst: 'search' })}
            className="lg:flex-1"
          />
          <div className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:flex">
            <ToolbarSelect
              label="Status"
              className="lg:w-40"
              value={query.status ?? 'all'}
              onChange={(status) => update({ status: status === 'all' ? null : status, page: null })}
              options={[
                { value: 'all', label: 'All' },
                ...CANDIDATE_STATUSES.map((s) => ({ value: s, label: CANDIDATE_STATUS_LABELS[s] })),
              ]}
            />
            <ToolbarSelect
              label="Experience"
              className="lg:w-36"
              value={query.experience ?? 'all'}
              onChange={(experience) => update({ experience: experience === 'all' ? null : experience, page: null })}
              options={[
                { value: 'all', label: 'Any' },
                ...EXPERIENCE_RANGES.map((r) => ({ value: r, label: EXPERIENCE_LABELS[r] })),
              ]}
            />
            <ToolbarSelect
              label="Legal basis"
              className="lg:w-44"
              value={query.legal_basis ?? 'all'}
              onChange={(basis) => update({ legal_basis: basis === 'all' ? null : basis, page: null })}
              options={[
                { value: 'all', label: 'Any' },
                ...LEGAL_BASES.map((basis) => ({ value: basis, label: LEGAL_BASIS_LABELS[basis] })),
              ]}
            />
            <ToolbarSelect
              label="Consent"
              className="lg:w-44"
              value={query.consent ?? 'all'}
              onChange={(consent) => update({ consent: consent === 'all' ? null : consent, page: null })}
              options={[
                { value: 'all', label: 'Any' },
                { value: 'expiring', label: 'Expiring soon' },
                { value: 'expired', label: 'Expired' },
                { value: 'withdrawn', label: 'Withdrawn' },
              ]}
            />
            <SkillsInput
              key={`skills-${toolbarKey}`}
              label="Skills"
              variant="toolbar"
              showChips={false}
              placeholder="Type a skill, press Enter"
              max={MAX_SKILL_FILTERS}
              value={skills}
              onChange={setSkills}
              suggest
              className="col-span-2 sm:col-span-1 lg:w-52"
            />
          </div>
        </div>
        {skills.length || filtered ? (
          <div className="flex flex-wrap items-center gap-2">
            {skills.length ? (
              <ul className="flex flex-wrap gap-1.5" aria-label="Skill filters (all must match)">
                {skills.map((skill) => (
                  <li key={skill}>
                    <FilterChip
                      label={skill}
                      removeLabel={`Remove skill ${skill}`}
                      onRemove={() => setSkills(skills.filter((s) => s !== skill))}
                    />
                  </li>
                ))}
              </ul>
            ) : null}
            {filtered ? (
              <Button variant="ghost" size="sm" onClick={clear}>
                Clear filters
              </Button>
            ) : null}
          </div>
        ) : null}
      </div>
      {unsearchable ? (
        <div role="status">
          <EmptyState
            icon={SearchX}
            title="Nothing to search for"
            description={SEARCH_NOTHING_SEARCHABLE}
            action={
              <Button variant="secondary" size="sm" onClick={clear}>
                Clear filters
              </Button>
            }
          />
        </div>
      ) : (
        <DataTable<CandidateListItem>
          label="Candidates"
          columns={columns}
          data={list}
          getRowId={(candidate) => String(candidate.id)}
          sorting={sorting}
          onSortingChange={(next) => {
            const ordering = orderingFromSorting(next);
            update({ sort: ordering === DEFAULT_ORDERING ? null : ordering, page: null });
          }}
          loading={busy}
          error={
            error ? (
              <QueryError
                title="Could not load the candidates"
                error={{ message: error }}
                onRetry={() => void refetch()}
                retrying={isFetching}
              />
            ) : undefined
          }
          empty={empty}
          // The table's own pager: it appears with the rows, not above them while they are drawn.
          pagination={{
            page,
            pageSize: paging.pageSize,
            total: pagination.totalCount,
            totalIsEstimate: pagination.countEstimated === true,
            onPageChange: goTo,
            onPageSizeChange: paging.setPageSize,
          }}
          noun={pagination.totalCount === 1 ? 'candidate' : 'candidates'}
        />
      )}
    </div>
  );
}
