// Interview scheduling (issue 35): the times offered for a pipeline, who picked what, offer again, cancel.
// Types only from the contracts: this module loads with the pipeline page, zod does not.
import type {
  CancelSlotsInput,
  OfferSlotsInput,
  SlotOffer,
  SlotOffersResponse,
} from '@recruitdesk/contracts/scheduling';
import { pipelineTag } from '@/api/tags';
import { baseApi } from '@/lib/base-api';

/** The pipeline's offers share the Pipeline tag type (a booking changes the pipeline too). */
export const slotsTag = (pipelineId: number) => ({ type: 'Pipeline' as const, id: `slots-${pipelineId}` });

export const schedulingApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    /** GET /api/pipelines/{id}/slots/ */
    getSlotOffers: build.query<Omit<SlotOffersResponse, 'success'>, number>({
      query: (pipelineId) => `/api/pipelines/${pipelineId}/slots/`,
      providesTags: (_result, _error, pipelineId) => [slotsTag(pipelineId)],
    }),
    /** POST /api/pipelines/{id}/slots/: offers times (or new times in place of the current ones). */
    offerSlots: build.mutation<SlotOffer, { pipelineId: number; body: OfferSlotsInput }>({
      query: ({ pipelineId, body }) => ({ url: `/api/pipelines/${pipelineId}/slots/`, method: 'POST', body }),
      transformResponse: (body: { offer: SlotOffer }) => body.offer,
      invalidatesTags: (_result, _error, { pipelineId }) => [slotsTag(pipelineId), 'Message'],
    }),
    /** POST /api/pipelines/{id}/slots/cancel/ */
    cancelSlots: build.mutation<SlotOffer, { pipelineId: number; body: CancelSlotsInput }>({
      query: ({ pipelineId, body }) => ({ url: `/api/pipelines/${pipelineId}/slots/cancel/`, method: 'POST', body }),
      transformResponse: (body: { offer: SlotOffer }) => body.offer,
      invalidatesTags: (_result, _error, { pipelineId }) => [
        slotsTag(pipelineId),
        pipelineTag(pipelineId),
        'Message',
        'Activity',
      ],
    }),
  }),
});

export const { useGetSlotOffersQuery, useOfferSlotsMutation, useCancelSlotsMutation } = schedulingApi;
