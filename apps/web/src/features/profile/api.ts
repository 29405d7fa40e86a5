import type { MessageResponse } from '@recruitdesk/contracts/common';
import type { ChangePasswordInput, UpdateProfileInput, UpdateProfileResponse } from '@recruitdesk/contracts/profile';
import { baseApi, toApiQueryError } from '@/lib/base-api';
import { uploadThroughSignedUrl } from '@/lib/file-upload';

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
    /** Upload flow: ask for a signed upload target, PUT the bytes there, then confirm with the key. */
    uploadProfilePicture: build.mutation<UpdateProfileResponse, File>({
      queryFn: async (file) => {
        try {
          const data = await uploadThroughSignedUrl<UpdateProfileResponse>({
            file,
            uploadUrlPath: '/api/profile/picture/upload-url/',
            uploadUrlBody: { content_type: file.type, size: file.size },
            confirmPath: '/api/profile/picture/confirm/',
          });
          return { data };
        } catch (error) {
          return { error: toApiQueryError(error) };
        }
      },
    }),
    removeProfilePicture: build.mutation<UpdateProfileResponse, void>({
      query: () => ({ url: '/api/profile/picture/', method: 'DELETE' }),
    }),
    changePassword: build.mutation<MessageResponse, ChangePasswordInput>({
      query: (body) => ({ url: '/api/profile/password/', method: 'POST', body }),
      invalidatesTags: ['Session', 'Activity'],
    }),
  }),
});

export const {
  useUpdateProfileMutation,
  useGetTimeZonesQuery,
  useUploadProfilePictureMutation,
  useRemoveProfilePictureMutation,
  useChangePasswordMutation,
} = profileApi;
