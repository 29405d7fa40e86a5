import { useCallback } from 'react';
import { useSearchParams } from 'react-router';

/** The page's URL query plus an updater that sets or removes keys (null / '' removes), replacing history. */
export function useUrlParams() {
  const [params, setParams] = useSearchParams();
  const update = useCallback(
    (changes: Record<string, string | null>) => {
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          for (const [key, value] of Object.entries(changes)) {
            if (value === null || value === '') next.delete(key);
            else next.set(key, value);
          }
          return next;
        },
        { replace: true },
      );
    },
    [setParams],
  );
  return [params, update] as const;
}

/** A server ordering ('-name') as the table's sorting state, and back. */
export function sortingFromOrdering(ordering: string) {
  return [{ id: ordering.replace(/^-/, ''), desc: ordering.startsWith('-') }];
}
export function orderingFromSorting(next: { id: string; desc: boolean }[]): string | null {
  const first = next[0];
  return first ? `${first.desc ? '-' : ''}${first.id}` : null;
}

export function pageFrom(params: URLSearchParams): number {
  const page = Number(params.get('page') ?? '1');
  return Number.isInteger(page) && page > 0 ? page : 1;
}
