import { useCallback, useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { clampPage, pageFrom, pageParam, pageSizeFrom, pageSizeParam } from './pagination';

export { pageFrom } from './pagination';

export interface UrlUpdateOptions {
  /** Replace the current history entry instead of adding one. */
  replace?: boolean;
  /**
   * Changes of one burst (e.g. the search text as it settles while typing) share one history entry: the
   * first pushes, the following ones with the same burst name replace it.
   */
  burst?: string;
}

/**
 * The page's URL query plus an updater that sets or removes keys (null / '' removes).
 * `history: 'replace'` (the default) keeps one entry; lists pass 'push' so that Back returns to the
 * previous page, size or filters (decision 028).
 */
export function useUrlParams(history: 'push' | 'replace' = 'replace') {
  const [params, setParams] = useSearchParams();
  const lastBurst = useRef<string | null>(null);
  const update = useCallback(
    (changes: Record<string, string | null>, options: UrlUpdateOptions = {}) => {
      const next = new URLSearchParams(params);
      for (const [key, value] of Object.entries(changes)) {
        if (value === null || value === '') next.delete(key);
        else next.set(key, value);
      }
      // Nothing new: no history entry (and no lost burst).
      if (next.toString() === params.toString()) return;
      const sameBurst = options.burst !== undefined && options.burst === lastBurst.current;
      lastBurst.current = options.burst ?? null;
      setParams(next, { replace: history === 'replace' || options.replace === true || sameBurst });
    },
    [params, setParams, history],
  );
  return [params, update] as const;
}

export type UrlUpdate = ReturnType<typeof useUrlParams>[1];

/**
 * A list's page and page size from the URL (`?page=&page_size=`), their setters (each a history entry),
 * and the clamp: once the list's count is known, a page past the end is replaced by the last page.
 */
export function useUrlPaging(
  params: URLSearchParams,
  update: UrlUpdate,
  defaultSize: number,
  /** The list's row count once answered (undefined while unknown or refetching). */
  total: number | undefined,
) {
  const page = pageFrom(params);
  const pageSize = pageSizeFrom(params, defaultSize);
  useEffect(() => {
    if (total === undefined) return;
    const clamped = clampPage(page, total, pageSize);
    if (clamped !== page) update(pageParam(clamped), { replace: true });
  }, [total, page, pageSize, update]);
  return {
    page,
    pageSize,
    setPage: (next: number) => update(pageParam(next)),
    setPageSize: (size: number) => update(pageSizeParam(size, defaultSize)),
  };
}

/** A server ordering ('-name') as the table's sorting state, and back. */
export function sortingFromOrdering(ordering: string) {
  return [{ id: ordering.replace(/^-/, ''), desc: ordering.startsWith('-') }];
}
export function orderingFromSorting(next: { id: string; desc: boolean }[]): string | null {
  const first = next[0];
  return first ? `${first.desc ? '-' : ''}${first.id}` : null;
}
