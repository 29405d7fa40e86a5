// The sequences endpoints (issue 33): outreach sequences, enrolling candidates, stopping an enrolment.
import type { z } from 'zod';
import type { Enrolment, EnrolResultSchema, Sequence, SequenceInput } from '@recruitdesk/contracts/sequences';
import { baseApi } from '@/lib/base-api';
import { itemOf, listOf } from '@/lib/envelope';

export type EnrolResult = z.infer<typeof EnrolResultSchema>;

const SEQUENCES = { type: 'Sequence' as const, id: 'LIST' };
const enrolmentsTag = (id: number) => ({ type: 'Sequence' as const, id: `enrolments-${id}` });

export const sequencesApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    listSequences: build.query<Sequence[], void>({
      query: () => '/api/sequences/',
      transformResponse: (body: unknown) => listOf<Sequence>(body, 'sequences'),
      providesTags: [SEQUENCES],
    }),
    createSequence: build.mutation<Sequence, SequenceInput>({
      query: (body) => ({ url: '/api/sequences/', method: 'POST', body }),
      transformResponse: (body: unknown) => itemOf<Sequence>(body, 'sequence'),
      invalidatesTags: [SEQUENCES],
    }),
    updateSequence: build.mutation<Sequence, { id: number; body: SequenceInput }>({
      query: ({ id, body }) => ({ url: `/api/sequences/${id}/`, method: 'PUT', body }),
      transformResponse: (body: unknown) => itemOf<Sequence>(body, 'sequence'),
      invalidatesTags: [SEQUENCES],
    }),
    deleteSequence: build.mutation<unknown, number>({
      query: (id) => ({ url: `/api/sequences/${id}/`, method: 'DELETE' }),
      invalidatesTags: [SEQUENCES],
    }),
    enrolCandidates: build.mutation<EnrolResult, { id: number; candidateIds: number[]; roleId?: number }>({
      query: ({ id, candidateIds, roleId }) => ({
        url: `/api/sequences/${id}/enrol/`,
        method: 'POST',
        body: { candidate_ids: candidateIds, ...(roleId ? { role_id: roleId } : {}) },
      }),
      transformResponse: (body: unknown) => itemOf<EnrolResult>(body, 'result'),
      invalidatesTags: (_r, _e, { id }) => [SEQUENCES, enrolmentsTag(id)],
    }),
    listEnrolments: build.query<Enrolment[], { id: number; state?: string }>({
      query: ({ id, state }) => ({ url: `/api/sequences/${id}/enrolments/`, params: { state } }),
      transformResponse: (body: unknown) => listOf<Enrolment>(body, 'enrolments'),
      providesTags: (_r, _e, { id }) => [enrolmentsTag(id)],
    }),
    stopEnrolment: build.mutation<Enrolment, { id: number; enrolmentId: number }>({
      query: ({ id, enrolmentId }) => ({ url: `/api/sequences/${id}/enrolments/${enrolmentId}/stop/`, method: 'POST' }),
      transformResponse: (body: unknown) => itemOf<Enrolment>(body, 'enrolment'),
      invalidatesTags: (_r, _e, { id }) => [SEQUENCES, enrolmentsTag(id)],
    }),
  }),
});

export const {
  useListSequencesQuery,
  useCreateSequenceMutation,
  useUpdateSequenceMutation,
  useDeleteSequenceMutation,
  useEnrolCandidatesMutation,
  useListEnrolmentsQuery,
  useStopEnrolmentMutation,
} = sequencesApi;
