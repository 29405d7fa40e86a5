import type {
  CompleteRegistrationInput,
  CreateInvitationInput,
  InvitationResponse,
  PendingInvitationsResponse,
  ValidateInvitationResponse,
} from '@recruitdesk/contracts/registration';
import type { LoginResponse } from '@recruitdesk/contracts/auth';
import type { UserTypesResponse } from '@recruitdesk/contracts/users';
import { baseApi } from '@/lib/base-api';

export const registrationApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getUserTypes: build.query<UserTypesResponse, void>({
      query: () => '/api/registration/user-types/',
      keepUnusedDataFor: 600,
    }),
    listPendingInvitations: build.query<PendingInvitationsResponse, void>({
      query: () => '/api/registration/invitations/pending/',
      providesTags: [{ type: 'Invitation', id: 'LIST' }],
    }),
    createInvitation: build.mutation<InvitationResponse, CreateInvitationInput>({
      query: (body) => ({ url: '/api/registration/invitations/', method: 'POST', body }),
      invalidatesTags: [{ type: 'Invitation', id: 'LIST' }, 'Activity'],
    }),
    resendInvitation: build.mutation<InvitationResponse, number>({
      query: (id) => ({ url: `/api/registration/invitations/${id}/resend/`, method: 'POST' }),
      invalidatesTags: [{ type: 'Invitation', id: 'LIST' }],
    }),
    cancelInvitation: build.mutation<unknown, number>({
      query: (id) => ({ url: `/api/registration/invitations/${id}/cancel/`, method: 'POST' }),
      invalidatesTags: [{ type: 'Invitation', id: 'LIST' }, 'Activity'],
    }),
    validateInvitation: build.query<ValidateInvitationResponse, string>({
      query: (token) => `/api/registration/validate/${encodeURIComponent(token)}/`,
      keepUnusedDataFor: 0,
    }),
    completeRegistration: build.mutation<LoginResponse, CompleteRegistrationInput>({
      query: (body) => ({ url: '/api/registration/complete/', method: 'POST', body }),
    }),
  }),
});

export const {
  useGetUserTypesQuery,
  useListPendingInvitationsQuery,
  useCreateInvitationMutation,
  useResendInvitationMutation,
  useCancelInvitationMutation,
  useValidateInvitationQuery,
  useCompleteRegistrationMutation,
} = registrationApi;
