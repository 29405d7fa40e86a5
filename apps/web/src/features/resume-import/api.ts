import type {
  ResumeBatch,
  ResumeBatchResponse,
  ResumeBulkConfirmInput,
  ResumeBulkConfirmResponse,
} from '@recruitdesk/contracts/resume-bulk';
import { candidateListTag } from '@/api/tags';
import { api, ApiError } from '@/lib/api';
import { postFormWithProgress } from '@/lib/file-upload';
import { baseApi, toApiQueryError } from '@/lib/base-api';

const CONFIRM_TIMEOUT_MS = 180_000;

/** The batch's address: /api/resumes/bulk/{id}/. */
const batchUrl = (id: number) => `/api/resumes/bulk/${id}/`;

export const resumeImportApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    /** The batch with its drafts (polled while the files are being read). */
    getResumeBatch: build.query<ResumeBatchResponse, number>({
      query: (id) => batchUrl(id),
      keepUnusedDataFor: 0,
    }),
    /** Creating 200 candidates takes longer than the API's usual timeout. */
    confirmResumeDrafts: build.mutation<ResumeBulkConfirmResponse, { id: number; body: ResumeBulkConfirmInput }>({
      queryFn: async ({ id, body }) => {
        try {
          const data = await api.post<ResumeBulkConfirmResponse>(`${batchUrl(id)}confirm/`, body, {
            timeoutMs: CONFIRM_TIMEOUT_MS,
          });
          return { data };
        } catch (error) {
          return { error: toApiQueryError(error) };
        }
      },
      invalidatesTags: (_result, error) => (error ? [] : [candidateListTag, 'Activity']),
      async onQueryStarted({ id }, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled.catch(() => ({ data: null }));
        if (data)
          dispatch(resumeImportApi.util.upsertQueryData('getResumeBatch', id, { success: true, batch: data.batch }));
        // A refusal half-way (another tab created one of them) may follow created candidates: show the batch as it is.
        else
          void dispatch(
            resumeImportApi.endpoints.getResumeBatch.initiate(id, { forceRefetch: true, subscribe: false }),
          );
      },
    }),
    discardResumeBatch: build.mutation<ResumeBatchResponse, number>({
      query: (id) => ({ url: `${batchUrl(id)}discard/`, method: 'POST', body: {} }),
      async onQueryStarted(id, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled.catch(() => ({ data: null }));
        if (data) dispatch(resumeImportApi.util.upsertQueryData('getResumeBatch', id, data));
      },
    }),
  }),
});

export const { useGetResumeBatchQuery, useConfirmResumeDraftsMutation, useDiscardResumeBatchMutation } =
  resumeImportApi;

/**
 * POST /api/resumes/bulk/ with the files, reporting the upload's progress (0..1). fetch cannot report an
 * upload's progress, so this one request goes through XMLHttpRequest (same cookies and CSRF header).
 */
export async function uploadResumeBatch(
  files: File[],
  onProgress: (fraction: number) => void,
  signal?: AbortSignal,
): Promise<ResumeBatch> {
  const form = new FormData();
  for (const file of files) form.append('files', file, file.name);
  const body = await postFormWithProgress('/api/resumes/bulk/', form, onProgress, signal);
  if (!body || typeof body !== 'object' || !('batch' in body))
    throw new ApiError(0, 'The server answered without the upload’s batch.');
  return (body as ResumeBatchResponse).batch;
}
