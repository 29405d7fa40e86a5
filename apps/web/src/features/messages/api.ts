// The email endpoints (issue 33): timelines, compose, resend, templates, bulk and submittal sends.
// Types only from the contracts: this module loads with the record pages, zod does not.
import type {
  BulkSendResult,
  ComposeMessageInput,
  Message,
  MessageRecordType,
  TimelinePage,
} from '@recruitdesk/contracts/messages';
import type { z } from 'zod';
import type { Draft, DraftRequest } from '@recruitdesk/contracts/drafts';
import type { BulkSendSchema, MessageUploadSchema, SubmittalEmailSchema } from '@recruitdesk/contracts/messages';
import { baseApi } from '@/lib/base-api';
import { itemOf } from '@/lib/envelope';

export type BulkSendInput = z.input<typeof BulkSendSchema>;
export type SubmittalEmailInput = z.input<typeof SubmittalEmailSchema>;
export type MessageUpload = z.infer<typeof MessageUploadSchema>;

/** The URL segment of each record type's timeline (TIMELINE_SEGMENTS, without importing the schemas). */
export const TIMELINE_SEGMENT: Record<MessageRecordType, string> = {
  candidate: 'candidates',
  contact: 'contacts',
  client: 'clients',
  role: 'roles',
  pipeline: 'pipelines',
};

export const messageTag = (id: number) => ({ type: 'Message' as const, id });
export const timelineTag = (type: MessageRecordType, id: number) => ({ type: 'Message' as const, id: `${type}-${id}` });
const TIMELINES = { type: 'Message' as const, id: 'TIMELINES' };

export interface TimelineArgs {
  type: MessageRecordType;
  id: number;
  before?: string | undefined;
  limit?: number;
}

export interface ComposeArgs {
  body: ComposeMessageInput;
  /** One per compose window: the same key on a retry answers the same message (sent once). */
  idempotencyKey: string;
}

export const messagesApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    /** GET /api/{segment}/{id}/timeline/?before=&limit=: newest first, one page. */
    getTimeline: build.query<TimelinePage, TimelineArgs>({
      query: ({ type, id, before, limit = 25 }) => ({
        url: `/api/${TIMELINE_SEGMENT[type]}/${id}/timeline/`,
        params: { before, limit },
      }),
      providesTags: (result, _error, { type, id }) => [
        TIMELINES,
        timelineTag(type, id),
        ...(result?.results.map((m) => messageTag(m.id)) ?? []),
      ],
    }),
    getMessage: build.query<Message, number>({
      query: (id) => `/api/messages/${id}/`,
      transformResponse: (body: unknown) => itemOf<Message>(body, 'message'),
      providesTags: (_result, _error, id) => [messageTag(id)],
    }),
    /** POST /api/messages/ with the window's `Idempotency-Key`. */
    composeMessage: build.mutation<Message, ComposeArgs>({
      query: ({ body, idempotencyKey }) => ({
        url: '/api/messages/',
        method: 'POST',
        body,
        headers: { 'Idempotency-Key': idempotencyKey },
      }),
      transformResponse: (body: unknown) => itemOf<Message>(body, 'message'),
      invalidatesTags: [TIMELINES, 'Activity'],
    }),
    /** POST /api/messages/{id}/resend/ (failed or unconfirmed only). */
    resendMessage: build.mutation<Message, number>({
      query: (id) => ({ url: `/api/messages/${id}/resend/`, method: 'POST' }),
      transformResponse: (body: unknown) => itemOf<Message>(body, 'message'),
      invalidatesTags: (_result, _error, id) => [TIMELINES, messageTag(id)],
    }),

    /** POST /api/messages/drafts/: the assistant's draft from the user's words; nothing is sent. */
    draftMessage: build.mutation<Draft, DraftRequest>({
      query: (body) => ({ url: '/api/messages/drafts/', method: 'POST', body }),
      transformResponse: (body: unknown) => itemOf<Draft>(body, 'draft'),
    }),
    /** POST /api/messages/bulk/: one template to up to 200 candidates. */
    bulkSend: build.mutation<BulkSendResult, { body: BulkSendInput; idempotencyKey: string }>({
      query: ({ body, idempotencyKey }) => ({
        url: '/api/messages/bulk/',
        method: 'POST',
        body,
        headers: { 'Idempotency-Key': idempotencyKey },
      }),
      transformResponse: (body: unknown) => itemOf<BulkSendResult>(body, 'result'),
      invalidatesTags: [TIMELINES, 'Activity'],
    }),
    /** POST /api/pipelines/{id}/submittal-email/: sends the submittal and records it on the pipeline. */
    sendSubmittalEmail: build.mutation<
      unknown,
      { pipelineId: number; body: SubmittalEmailInput; idempotencyKey: string }
    >({
      query: ({ pipelineId, body, idempotencyKey }) => ({
        url: `/api/pipelines/${pipelineId}/submittal-email/`,
        method: 'POST',
        body,
        headers: { 'Idempotency-Key': idempotencyKey },
      }),
      // The submittal is recorded: the pipeline's page and its role's board change.
      invalidatesTags: [TIMELINES, 'Pipeline', 'Candidate', 'Activity'],
    }),
  }),
});

export const {
  useGetTimelineQuery,
  useGetMessageQuery,
  useComposeMessageMutation,
  useResendMessageMutation,
  useBulkSendMutation,
  useSendSubmittalEmailMutation,
  useDraftMessageMutation,
} = messagesApi;
