// The contacts endpoints: the contacts feature and the role form's hiring manager select use them (declared once here).
import type {
  ContactInputParsed,
  ContactListQuery,
  ContactListResponse,
  ContactResponse,
} from '@recruitdesk/contracts/contacts';
import { baseApi } from '@/lib/base-api';

export type ContactListParams = Omit<ContactListQuery, 'page' | 'page_size'> & { page?: number; page_size?: number };

/** A contact's changes touch its client too (the client's main contact fields, its history). */
const touched = (clientId: number, id?: number) => [
  { type: 'Contact' as const, id: 'LIST' },
  ...(id === undefined ? [] : [{ type: 'Contact' as const, id }]),
  { type: 'Client' as const, id: clientId },
  { type: 'Role' as const, id: 'LIST' },
  'Activity' as const,
];

export const contactsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    listContacts: build.query<ContactListResponse, ContactListParams>({
      query: (params) => ({ url: '/api/contacts/', params: { ...params } }),
      providesTags: (result) => [
        { type: 'Contact' as const, id: 'LIST' },
        ...(result?.contacts.map((contact) => ({ type: 'Contact' as const, id: contact.id })) ?? []),
      ],
    }),
    listClientContacts: build.query<ContactListResponse, number>({
      query: (clientId) => `/api/clients/${clientId}/contacts/`,
      providesTags: (result) => [
        { type: 'Contact' as const, id: 'LIST' },
        ...(result?.contacts.map((contact) => ({ type: 'Contact' as const, id: contact.id })) ?? []),
      ],
    }),
    getContact: build.query<ContactResponse, number>({
      query: (id) => `/api/contacts/${id}/`,
      providesTags: (_result, _error, id) => [{ type: 'Contact', id }],
    }),
    createClientContact: build.mutation<ContactResponse, { clientId: number; body: ContactInputParsed }>({
      query: ({ clientId, body }) => ({ url: `/api/clients/${clientId}/contacts/`, method: 'POST', body }),
      invalidatesTags: (_result, _error, { clientId }) => touched(clientId),
    }),
    updateContact: build.mutation<ContactResponse, { id: number; clientId: number; body: ContactInputParsed }>({
      query: ({ id, body }) => ({ url: `/api/contacts/${id}/`, method: 'PUT', body }),
      invalidatesTags: (_result, _error, { id, clientId }) => touched(clientId, id),
    }),
    deleteContact: build.mutation<unknown, { id: number; clientId: number }>({
      query: ({ id }) => ({ url: `/api/contacts/${id}/`, method: 'DELETE' }),
      invalidatesTags: (_result, _error, { clientId }) => touched(clientId),
    }),
  }),
});

export const {
  useListContactsQuery,
  useListClientContactsQuery,
  useGetContactQuery,
  useCreateClientContactMutation,
  useUpdateContactMutation,
  useDeleteContactMutation,
} = contactsApi;
