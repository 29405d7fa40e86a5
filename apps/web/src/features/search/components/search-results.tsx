import { Link } from 'react-router';
import { ArrowRight, Search } from 'lucide-react';
import { MIN_RECORD_SEARCH_LENGTH, SEARCH_RESULTS_PER_KIND } from '@recruitdesk/contracts/search-constants';
import { Card, CardHeader } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { textLinkClasses } from '@/components/ui/link';
import { QueryError } from '@/components/ui/query-error';
import { Skeleton } from '@/components/ui/skeleton';
import { paths } from '@/config/paths';
import { useSearchShellQuery } from '../api';
import { hitGroups } from './shell-search';

/** Where each kind's whole list, searched for the same text, is (the lists page through every match). */
function seeAllLinks(label: string, q: string): { label: string; href: string }[] {
  const search = `search=${encodeURIComponent(q)}`;
  switch (label) {
    case 'Clients':
      return [{ label: `All clients matching “${q}”`, href: `${paths.app.clients.getHref()}?${search}` }];
    case 'Roles':
      return [
        { label: `All active jobs matching “${q}”`, href: `${paths.app.jobsActive.getHref()}?${search}` },
        { label: `All closed roles matching “${q}”`, href: `${paths.app.jobsClosed.getHref()}?${search}` },
      ];
    case 'Candidates':
      return [{ label: `All candidates matching “${q}”`, href: `${paths.app.candidates.getHref()}?${search}` }];
    case 'Contacts':
      return [
        { label: `All contacts matching “${q}”`, href: `${paths.app.contacts.getHref()}?q=${encodeURIComponent(q)}` },
      ];
    default:
      return [];
  }
}

/**
 * /search?q=: the shell search's results on a page of their own (issue 29 item p: the dropdown showed five
 * of each kind with no way on). Each kind links to its list, searched for the same text, for every match.
 */
export function SearchResults({ q }: { q: string }) {
  const query = q.trim();
  const { data, error, isFetching, refetch } = useSearchShellQuery(query, { skip: query === '' });
  if (query === '') {
    return <EmptyState icon={Search} title="Type something to search for." className="py-16" />;
  }
  if (error) {
    return <QueryError title="The search failed." error={error} onRetry={() => void refetch()} retrying={isFetching} />;
  }
  if (!data) {
    return (
      <div aria-hidden="true" className="space-y-3">
        <Skeleton className="h-24 w-full" />
        <Skeleton className="h-24 w-full" />
      </div>
    );
  }
  const groups = hitGroups(data);
  if (groups.length === 0) {
    return (
      <EmptyState
        icon={Search}
        title={`Nothing found for “${query}”.`}
        description={
          query.length < MIN_RECORD_SEARCH_LENGTH
            ? `Records are searched from ${MIN_RECORD_SEARCH_LENGTH} characters on.`
            : undefined
        }
        className="py-16"
      />
    );
  }
  return (
    <div className="space-y-6">
      {groups.map((group) => {
        const more = seeAllLinks(group.label, query);
        return (
          <Card key={group.label}>
            <section aria-label={group.label}>
              <CardHeader
                title={group.label}
                description={
                  more.length && group.hits.length >= SEARCH_RESULTS_PER_KIND
                    ? `The first ${SEARCH_RESULTS_PER_KIND} by name; the whole list has every match.`
                    : undefined
                }
              />
              <ul className="divide-y divide-gray-200 dark:divide-white/10">
                {group.hits.map((hit) => {
                  const HitIcon = hit.icon;
                  return (
                    <li key={hit.key}>
                      <Link
                        to={hit.href}
                        className="flex items-center gap-3 px-5 py-3 text-sm hover:bg-gray-50 focus-visible:outline-2 focus-visible:outline-brand-600 dark:hover:bg-white/5"
                      >
                        <HitIcon aria-hidden="true" className="size-4 shrink-0 text-gray-400" />
                        <span className="min-w-0 flex-1">
                          <span className="block truncate font-medium text-gray-900 dark:text-white">{hit.title}</span>
                          {hit.detail ? (
                            <span className="block truncate text-xs text-gray-500 dark:text-gray-400">
                              {hit.detail}
                            </span>
                          ) : null}
                        </span>
                      </Link>
                    </li>
                  );
                })}
              </ul>
              {more.length ? (
                <div className="flex flex-wrap gap-x-6 gap-y-2 border-t border-gray-200 px-5 py-3 text-sm dark:border-white/10">
                  {more.map((link) => (
                    <Link
                      key={link.href}
                      to={link.href}
                      className={`${textLinkClasses} inline-flex items-center gap-1`}
                    >
                      {link.label}
                      <ArrowRight aria-hidden="true" className="size-3.5" />
                    </Link>
                  ))}
                </div>
              ) : null}
            </section>
          </Card>
        );
      })}
    </div>
  );
}
