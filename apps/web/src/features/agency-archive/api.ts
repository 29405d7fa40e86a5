import type {
  AgencyExportListQuery,
  AgencyExportListResponse,
  AgencyExportResponse,
} from '@recruitdesk/contracts/agency-archive';
import { baseApi } from '@/lib/base-api';

export const agencyArchiveApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    listAgencyExports: build.query<AgencyExportListResponse, Partial<AgencyExportListQuery>>({
      query: (params) => ({ url: '/api/exports/', params }),
      providesTags: [{ type: 'AgencyExport', id: 'LIST' }],
    }),
    getAgencyExport: build.query<AgencyExportResponse, number>({
      query: (id) => `/api/exports/${id}/`,
      providesTags: (_result, _error, id) => [{ type: 'AgencyExport', id }],
    }),
    startAgencyExport: build.mutation<AgencyExportResponse, void>({
      query: () => ({ url: '/api/exports/', method: 'POST' }),
      invalidatesTags: [{ type: 'AgencyExport', id: 'LIST' }, 'Activity'],
    }),
  }),
});

export const { useListAgencyExportsQuery, useGetAgencyExportQuery, useStartAgencyExportMutation } = agencyArchiveApi;
