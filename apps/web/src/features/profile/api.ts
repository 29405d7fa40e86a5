import type { MessageResponse } from '@recruitdesk/contracts/common';
import type {
  ChangePasswordInput,
  UpdateProfileInput,
  UpdateProfileResponse,
} from '@recruitdesk/contracts/profile';
import { baseApi } from '@/lib/base-api';

export const profileApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    updateProfile: build.mutation<UpdateProfileResponse, UpdateProfileInput>({
      query: (body) => ({ url: '/api/profile/', method: 'PATCH', body }),
      invalidatesTags: ['Profile', { type: 'User', id: 'LIST' }, 'Activity'],
    }),
    getTimeZones: build.query<{ success: true; time_zones: string[] }, void>({
      query: () => '/api/profile/time-zones/',
      keepUnusedDataFor: 3600,
    }),
    changePassword: build.mutation<MessageResponse, ChangePasswordInput>({
      query: (body) => ({ url: '/api/profile/password/', method: 'POST', body }),
      invalidatesTags: ['Session', 'Activity'],
    }),
  }),
});

export const { useUpdateProfileMutation, useGetTimeZonesQuery, useChangePasswordMutation } =
  profileApi;
