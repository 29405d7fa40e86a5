import type {
  ClientInputParsed,
  ClientListQuery,
  ClientListResponse,
  ClientResponse,
  ClientState,
} from '@recruitdesk/contracts/clients';
import type { DeletionCheckResponse } from '@recruitdesk/contracts/common';
import type { Role } from '@recruitdesk/contracts/roles';
import { baseApi } from '@/lib/base-api';

/** The list's query as sent (the contract's input, with numbers for paging). */
export type ClientListParams = Omit<ClientListQuery, 'page' | 'page_size'> & { page?: number; page_size?: number };

export interface ClientRolesResponse {
  success: true;
  roles: Role[];
}

export const clientsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    listClients: build.query<ClientListResponse, ClientListParams>({
      query: (params) => ({ url: '/api/clients/', params: { ...params } }),
      providesTags: (result) => [
        { type: 'Client' as const, id: 'LIST' },
        ...(result?.clients.map((client) => ({ type: 'Client' as const, id: client.id })) ?? []),
      ],
    }),
    getClient: build.query<ClientResponse, number>({
      query: (id) => `/api/clients/${id}/`,
      providesTags: (_result, _error, id) => [{ type: 'Client', id }],
    }),
    getClientRoles: build.query<ClientRolesResponse, number>({
      query: (id) => `/api/clients/${id}/roles/`,
      providesTags: (_result, _error, id) => [
        { type: 'Client', id },
        { type: 'Role', id: 'LIST' },
      ],
    }),
    createClient: build.mutation<ClientResponse, ClientInputParsed>({
      query: (body) => ({ url: '/api/clients/', method: 'POST', body }),
      invalidatesTags: [{ type: 'Client', id: 'LIST' }, 'Activity'],
    }),
    updateClient: build.mutation<ClientResponse, { id: number; body: ClientInputParsed }>({
      query: ({ id, body }) => ({ url: `/api/clients/${id}/`, method: 'PATCH', body }),
      invalidatesTags: (_result, _error, { id }) => [
        { type: 'Client', id },
        { type: 'Client', id: 'LIST' },
        { type: 'Role', id: 'LIST' },
        'Activity',
      ],
    }),
    changeClientState: build.mutation<ClientResponse, { id: number; state: ClientState }>({
      query: ({ id, state }) => ({ url: `/api/clients/${id}/state/`, method: 'POST', body: { state } }),
      invalidatesTags: (_result, _error, { id }) => [
        { type: 'Client', id },
        { type: 'Client', id: 'LIST' },
        'Activity',
      ],
    }),
    deleteClient: build.mutation<unknown, number>({
      query: (id) => ({ url: `/api/clients/${id}/`, method: 'DELETE' }),
      invalidatesTags: [{ type: 'Client', id: 'LIST' }, 'Activity'],
    }),
    /** What a delete would meet (asked each time the confirmation opens, never cached). */
    getClientDeletionCheck: build.query<DeletionCheckResponse, number>({
      query: (id) => `/api/clients/${id}/deletion/`,
      keepUnusedDataFor: 0,
    }),
    archiveClient: build.mutation<ClientResponse, number>({
      query: (id) => ({ url: `/api/clients/${id}/archive/`, method: 'POST' }),
      invalidatesTags: (_result, _error, id) => [{ type: 'Client', id }, { type: 'Client', id: 'LIST' }, 'Activity'],
    }),
    restoreClient: build.mutation<ClientResponse, number>({
      query: (id) => ({ url: `/api/clients/${id}/restore/`, method: 'POST' }),
      invalidatesTags: (_result, _error, id) => [{ type: 'Client', id }, { type: 'Client', id: 'LIST' }, 'Activity'],
    }),
  }),
});

export const {
  useListClientsQuery,
  useGetClientQuery,
  useGetClientRolesQuery,
  useCreateClientMutation,
  useUpdateClientMutation,
  useChangeClientStateMutation,
  useDeleteClientMutation,
  useGetClientDeletionCheckQuery,
  useArchiveClientMutation,
  useRestoreClientMutation,
} = clientsApi;
