// The mailbox endpoints (issue 33): connected IMAP mailboxes and the messages no record claimed.
import type { Mailbox, MailboxConnectInput } from '@recruitdesk/contracts/mailboxes';
import type { Message } from '@recruitdesk/contracts/messages';
import type { z } from 'zod';
import type { AttachMessageSchema, MailboxUpdateSchema } from '@recruitdesk/contracts/mailboxes';
import { baseApi } from '@/lib/base-api';
import { itemOf, listOf } from '@/lib/envelope';

export type MailboxUpdateInput = z.input<typeof MailboxUpdateSchema>;
export type AttachMessageInput = z.input<typeof AttachMessageSchema>;
export interface UnmatchedPage {
  results: Message[];
  count: number;
}

const MAILBOXES = { type: 'Mailbox' as const, id: 'LIST' };
const UNMATCHED = { type: 'Message' as const, id: 'UNMATCHED' };

export const mailboxesApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    listMailboxes: build.query<Mailbox[], void>({
      query: () => '/api/mailboxes/',
      transformResponse: (body: unknown) => listOf<Mailbox>(body, 'mailboxes'),
      providesTags: [MAILBOXES],
    }),
    /** POST /api/mailboxes/: the server logs in with these credentials before saving them. */
    connectMailbox: build.mutation<Mailbox, MailboxConnectInput>({
      query: (body) => ({ url: '/api/mailboxes/', method: 'POST', body, timeoutMs: 30_000 }),
      transformResponse: (body: unknown) => itemOf<Mailbox>(body, 'mailbox'),
      invalidatesTags: [MAILBOXES],
    }),
    updateMailbox: build.mutation<Mailbox, { id: number; body: MailboxUpdateInput }>({
      query: ({ id, body }) => ({ url: `/api/mailboxes/${id}/`, method: 'PATCH', body }),
      transformResponse: (body: unknown) => itemOf<Mailbox>(body, 'mailbox'),
      invalidatesTags: [MAILBOXES],
    }),
    disconnectMailbox: build.mutation<unknown, number>({
      query: (id) => ({ url: `/api/mailboxes/${id}/`, method: 'DELETE' }),
      invalidatesTags: [MAILBOXES],
    }),
    listUnmatched: build.query<UnmatchedPage, { page: number }>({
      query: ({ page }) => ({ url: '/api/messages/unmatched/', params: { page } }),
      transformResponse: (body: unknown) => ({
        results: listOf<Message>(body, 'messages'),
        count: (body as { count?: number } | null)?.count ?? 0,
      }),
      providesTags: [UNMATCHED],
    }),
    /** POST /api/messages/{id}/attach/: onto a record, or a new candidate from its sender. */
    attachMessage: build.mutation<unknown, { id: number; body: AttachMessageInput }>({
      query: ({ id, body }) => ({ url: `/api/messages/${id}/attach/`, method: 'POST', body }),
      invalidatesTags: [UNMATCHED, { type: 'Message', id: 'TIMELINES' }, 'Candidate'],
    }),
  }),
});

export const {
  useListMailboxesQuery,
  useConnectMailboxMutation,
  useUpdateMailboxMutation,
  useDisconnectMailboxMutation,
  useListUnmatchedQuery,
  useAttachMessageMutation,
} = mailboxesApi;
