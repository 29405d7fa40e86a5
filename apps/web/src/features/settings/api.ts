import type { AgencySettingsInput, AgencySettingsResponse } from '@recruitdesk/contracts/settings';
import { baseApi } from '@/lib/base-api';

export const settingsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getAgencySettings: build.query<AgencySettingsResponse, void>({
      query: () => '/api/settings/agency/',
      providesTags: ['AgencySettings'],
    }),
    updateAgencySettings: build.mutation<AgencySettingsResponse, AgencySettingsInput>({
      query: (body) => ({ url: '/api/settings/agency/', method: 'PUT', body }),
      invalidatesTags: ['AgencySettings', 'Activity'],
    }),
  }),
});

export const { useGetAgencySettingsQuery, useUpdateAgencySettingsMutation } = settingsApi;
