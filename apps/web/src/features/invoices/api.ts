import { baseApi } from '@/lib/base-api';
import type {
  CreateClientInvoiceInput,
  CreateRoleInvoiceInput,
  CreditNoteInput,
  InvoiceDraftResponse,
  InvoiceKind,
  InvoiceStatus,
  InvoiceListResponse,
  InvoiceResponse,
  InvoiceStatisticsResponse,
  PatchInvoiceInput,
  PayoutInput,
  SendInvoiceInput,
  UpdateInvoiceInput,
} from '@recruitdesk/contracts/invoices';
import type { INVOICE_ORDERINGS } from '@recruitdesk/contracts/invoices';

type InvoiceOrdering = (typeof INVOICE_ORDERINGS)[number];

/** The statistics' filters as sent (InvoiceStatisticsQuerySchema reads them). */
export interface InvoiceStatisticsParams {
  client?: number;
  date_from?: string;
  date_to?: string;
}
/** The list's query as sent (InvoiceListQuerySchema reads it). */
export interface InvoiceListParams extends InvoiceStatisticsParams {
  status?: InvoiceStatus;
  overdue?: 'true';
  kind?: InvoiceKind;
  role?: number;
  search?: string;
  ordering?: InvoiceOrdering;
  page?: number;
  page_size?: number;
}

const invoiceTag = (id: number) => ({ type: 'Invoice' as const, id });
/** Every list and the statistics (any invoice change may move them). */
const invoiceListTag = { type: 'Invoice' as const, id: 'LIST' };
/** A change to one invoice: the invoice, the lists and statistics, the drafts' prefills, the activity. */
const changed = (id: number) => [invoiceTag(id), invoiceListTag, 'Activity' as const];

export const invoicesApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    listInvoices: build.query<InvoiceListResponse, InvoiceListParams>({
      query: (params) => ({ url: '/api/invoices/', params: { ...params } }),
      providesTags: (result) => [invoiceListTag, ...(result?.results.map((invoice) => invoiceTag(invoice.id)) ?? [])],
    }),
    getInvoiceStatistics: build.query<InvoiceStatisticsResponse, InvoiceStatisticsParams>({
      query: (params) => ({ url: '/api/invoices/statistics/', params: { ...params } }),
      providesTags: [invoiceListTag],
    }),
    getInvoice: build.query<InvoiceResponse, number>({
      query: (id) => `/api/invoices/${id}/`,
      providesTags: (_result, _error, id) => [invoiceTag(id)],
    }),
    /** The finder's fee a role's placement would bill (not saved). */
    getRoleInvoiceDraft: build.query<InvoiceDraftResponse, { roleId: number; pipelineId?: number }>({
      query: ({ roleId, pipelineId }) => ({
        url: `/api/roles/${roleId}/invoices/draft/`,
        params: pipelineId ? { pipeline_id: pipelineId } : {},
      }),
      providesTags: [invoiceListTag],
      keepUnusedDataFor: 0,
    }),
    /** The retainer instalment a client would be billed (not saved). */
    getClientInvoiceDraft: build.query<InvoiceDraftResponse, { clientId: number; instalment?: number }>({
      query: ({ clientId, instalment }) => ({
        url: `/api/clients/${clientId}/invoices/draft/`,
        params: instalment === undefined ? {} : { instalment },
      }),
      providesTags: [invoiceListTag],
      keepUnusedDataFor: 0,
    }),
    createRoleInvoice: build.mutation<InvoiceResponse, { roleId: number; body: CreateRoleInvoiceInput }>({
      query: ({ roleId, body }) => ({
        url: `/api/roles/${roleId}/invoices/`,
        method: 'POST',
        body,
      }),
      invalidatesTags: [invoiceListTag, 'Activity'],
    }),
    createClientInvoice: build.mutation<InvoiceResponse, { clientId: number; body: CreateClientInvoiceInput }>({
      query: ({ clientId, body }) => ({
        url: `/api/clients/${clientId}/invoices/`,
        method: 'POST',
        body,
      }),
      invalidatesTags: [invoiceListTag, 'Activity'],
    }),
    updateInvoice: build.mutation<InvoiceResponse, { id: number; body: UpdateInvoiceInput }>({
      query: ({ id, body }) => ({ url: `/api/invoices/${id}/`, method: 'PUT', body }),
      invalidatesTags: (_result, _error, { id }) => changed(id),
    }),
    /** Notes may change on any invoice; the rest only on drafts. */
    patchInvoice: build.mutation<InvoiceResponse, { id: number; body: PatchInvoiceInput }>({
      query: ({ id, body }) => ({ url: `/api/invoices/${id}/`, method: 'PATCH', body }),
      invalidatesTags: (_result, _error, { id }) => changed(id),
    }),
    sendInvoice: build.mutation<InvoiceResponse, { id: number; body: SendInvoiceInput }>({
      query: ({ id, body }) => ({ url: `/api/invoices/${id}/send/`, method: 'POST', body }),
      invalidatesTags: (_result, _error, { id }) => changed(id),
    }),
    voidInvoice: build.mutation<InvoiceResponse, { id: number; body: { reason: string } }>({
      query: ({ id, body }) => ({ url: `/api/invoices/${id}/void/`, method: 'POST', body }),
      invalidatesTags: (_result, _error, { id }) => changed(id),
    }),
    recordPayout: build.mutation<InvoiceResponse, { id: number; body: PayoutInput }>({
      query: ({ id, body }) => ({ url: `/api/invoices/${id}/payouts/`, method: 'POST', body }),
      invalidatesTags: (_result, _error, { id }) => changed(id),
    }),
    createCreditNote: build.mutation<InvoiceResponse, { id: number; body: CreditNoteInput }>({
      query: ({ id, body }) => ({ url: `/api/invoices/${id}/credit-note/`, method: 'POST', body }),
      invalidatesTags: (_result, _error, { id }) => changed(id),
    }),
    deleteInvoice: build.mutation<unknown, number>({
      query: (id) => ({ url: `/api/invoices/${id}/`, method: 'DELETE' }),
      invalidatesTags: [invoiceListTag, 'Activity'],
    }),
  }),
});

export const {
  useListInvoicesQuery,
  useGetInvoiceStatisticsQuery,
  useGetInvoiceQuery,
  useGetRoleInvoiceDraftQuery,
  useGetClientInvoiceDraftQuery,
  useCreateRoleInvoiceMutation,
  useCreateClientInvoiceMutation,
  useUpdateInvoiceMutation,
  usePatchInvoiceMutation,
  useSendInvoiceMutation,
  useVoidInvoiceMutation,
  useRecordPayoutMutation,
  useCreateCreditNoteMutation,
  useDeleteInvoiceMutation,
} = invoicesApi;
