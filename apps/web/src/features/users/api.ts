import type {
  UpdateUserRoleInput,
  UserDetailResponse,
  UserListQuery,
  UserListResponse,
  UserResponse,
} from '@recruitdesk/contracts/users';
import { baseApi } from '@/lib/base-api';

/** The list's query as sent (the contract's input, with numbers for paging). */
export type UserListParams = Omit<UserListQuery, 'page' | 'page_size'> & {
  page?: number;
  page_size?: number;
};

export const usersApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    listUsers: build.query<UserListResponse, UserListParams>({
      query: (params) => ({ url: '/api/users/', params: { ...params } }),
      providesTags: (result) => [
        { type: 'User' as const, id: 'LIST' },
        ...(result?.results.map((user) => ({ type: 'User' as const, id: user.id })) ?? []),
      ],
    }),
    getUser: build.query<UserDetailResponse, number>({
      query: (id) => `/api/users/${id}/`,
      providesTags: (_result, _error, id) => [{ type: 'User', id }],
    }),
    updateUserRole: build.mutation<UserResponse, { id: number } & UpdateUserRoleInput>({
      query: ({ id, user_type }) => ({
        url: `/api/users/${id}/role/`,
        method: 'PATCH',
        body: { user_type },
      }),
      invalidatesTags: (_result, _error, { id }) => [{ type: 'User', id }, { type: 'User', id: 'LIST' }, 'Activity'],
    }),
    setUserActive: build.mutation<UserResponse, { id: number; active: boolean }>({
      query: ({ id, active }) => ({
        url: `/api/users/${id}/${active ? 'reactivate' : 'deactivate'}/`,
        method: 'POST',
      }),
      invalidatesTags: (_result, _error, { id }) => [{ type: 'User', id }, { type: 'User', id: 'LIST' }, 'Activity'],
    }),
    deleteUser: build.mutation<unknown, number>({
      query: (id) => ({ url: `/api/users/${id}/`, method: 'DELETE' }),
      invalidatesTags: [{ type: 'User', id: 'LIST' }, 'Activity'],
    }),
  }),
});

export const {
  useListUsersQuery,
  useGetUserQuery,
  useUpdateUserRoleMutation,
  useSetUserActiveMutation,
  useDeleteUserMutation,
} = usersApi;
