import type { SearchResponse } from '@recruitdesk/contracts/search';
import { baseApi } from '@/lib/base-api';

export const searchApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    searchShell: build.query<SearchResponse, string>({
      query: (q) => ({ url: '/api/search/', params: { q } }),
      // New or renamed records show up in the next search, not after a minute of cache.
      providesTags: [
        { type: 'Client', id: 'LIST' },
        { type: 'Role', id: 'LIST' },
        { type: 'Candidate', id: 'LIST' },
      ],
      keepUnusedDataFor: 15,
    }),
  }),
});

export const { useSearchShellQuery } = searchApi;
