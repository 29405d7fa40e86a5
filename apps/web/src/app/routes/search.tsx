import { useSearchParams } from 'react-router';
import { PageHeader } from '@/components/ui/page-header';
import { SearchResults } from '@/features/search/components/search-results';

/** /search?q=: every result of the shell search (its "See all results" option leads here). */
export function SearchRoute() {
  const [params] = useSearchParams();
  const q = params.get('q')?.trim() ?? '';
  return (
    <div className="space-y-6">
      <PageHeader
        title={q ? `Results for “${q}”` : 'Search'}
        description="Pages, clients, roles and candidates whose name matches; each list has every match."
      />
      <SearchResults q={q} />
    </div>
  );
}

export default SearchRoute;
