import type {
  ConsentInput,
  ConsentResponse,
  DataProtectionDashboard,
  DataRequest,
  DataRequestKind,
  RetentionSettings,
} from '@recruitdesk/contracts/data-protection';
import { baseApi } from '@/lib/base-api';

// Issue 34: a candidate's legal basis, the agency's retention settings, the data protection page and requests.

export const dataProtectionApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getConsent: build.query<ConsentResponse, number>({
      query: (id) => `/api/candidates/${id}/consent/`,
      providesTags: (_result, _error, id) => [{ type: 'Consent', id }],
    }),
    updateConsent: build.mutation<ConsentResponse, { id: number; body: ConsentInput }>({
      query: ({ id, body }) => ({ url: `/api/candidates/${id}/consent/`, method: 'PUT', body }),
      invalidatesTags: (_result, _error, { id }) => [
        { type: 'Consent', id },
        { type: 'Candidate', id },
        'DataProtection',
        'Activity',
      ],
    }),
    getRetentionSettings: build.query<{ success: true; settings: RetentionSettings }, void>({
      query: () => '/api/settings/retention/',
      providesTags: ['RetentionSettings'],
    }),
    updateRetentionSettings: build.mutation<{ success: true; settings: RetentionSettings }, RetentionSettings>({
      query: (body) => ({ url: '/api/settings/retention/', method: 'PUT', body }),
      invalidatesTags: ['RetentionSettings', 'DataProtection', 'Activity'],
    }),
    getDataProtection: build.query<DataProtectionDashboard, void>({
      query: () => '/api/data-protection/',
      providesTags: ['DataProtection'],
    }),
    decideDataRequest: build.mutation<
      { success: true; request: DataRequest },
      { id: number; status: 'done' | 'rejected'; note: string }
    >({
      query: ({ id, ...body }) => ({ url: `/api/data-protection/requests/${id}/decide/`, method: 'POST', body }),
      invalidatesTags: ['DataProtection', 'Activity'],
    }),
    fileDataRequest: build.mutation<
      { success: true; request: DataRequest },
      { candidateId: number; kind: DataRequestKind; note: string }
    >({
      query: ({ candidateId, ...body }) => ({
        url: `/api/candidates/${candidateId}/data-requests/`,
        method: 'POST',
        body,
      }),
      invalidatesTags: ['DataProtection', 'Activity'],
    }),
  }),
});

export const {
  useGetConsentQuery,
  useUpdateConsentMutation,
  useGetRetentionSettingsQuery,
  useUpdateRetentionSettingsMutation,
  useGetDataProtectionQuery,
  useDecideDataRequestMutation,
  useFileDataRequestMutation,
} = dataProtectionApi;
