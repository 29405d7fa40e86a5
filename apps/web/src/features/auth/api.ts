import type { PasswordResetConfirmInput, PasswordResetInput } from '@recruitdesk/contracts/auth';
import type { MessageResponse } from '@recruitdesk/contracts/common';
import type { Theme, User } from '@recruitdesk/contracts/users';
import { baseApi } from '@/lib/base-api';

export const authApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    requestPasswordReset: build.mutation<MessageResponse, PasswordResetInput>({
      query: (body) => ({ url: '/api/auth/password-reset/', method: 'POST', body }),
    }),
    confirmPasswordReset: build.mutation<MessageResponse, PasswordResetConfirmInput>({
      query: (body) => ({ url: '/api/auth/password-reset/confirm/', method: 'POST', body }),
    }),
    updateTheme: build.mutation<{ success: true; user: User }, Theme>({
      query: (theme) => ({ url: '/api/profile/', method: 'PATCH', body: { theme } }),
      invalidatesTags: ['Profile'],
    }),
    updateSidebarCollapsed: build.mutation<{ success: true; user: User }, boolean>({
      query: (collapsed) => ({ url: '/api/profile/', method: 'PATCH', body: { sidebar_collapsed: collapsed } }),
      invalidatesTags: ['Profile'],
    }),
  }),
});

export const {
  useRequestPasswordResetMutation,
  useConfirmPasswordResetMutation,
  useUpdateThemeMutation,
  useUpdateSidebarCollapsedMutation,
} = authApi;
