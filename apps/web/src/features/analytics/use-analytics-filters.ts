import { useCallback, useMemo } from 'react';
import { useUrlParams } from '@/lib/use-url-params';
import { useDateFormat } from '@/lib/time-zone';
import { filtersFromParams, paramsForFilters, type AnalyticsFilters } from './filters';

/** The filters in the URL and their setter: each change is a history entry, so Back undoes it. */
export function useAnalyticsFilters() {
  const [params, update] = useUrlParams('push');
  const format = useDateFormat();
  const today = format.today();
  const filters = useMemo(() => filtersFromParams(params, today), [params, today]);
  const setFilters = useCallback((next: AnalyticsFilters) => update(paramsForFilters(next)), [update]);
  return { filters, setFilters, today };
}
