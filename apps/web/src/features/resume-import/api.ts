import type {
  ResumeBatch,
  ResumeBatchResponse,
  ResumeBulkConfirmInput,
  ResumeBulkConfirmResponse,
} from '@recruitdesk/contracts/resume-bulk';
import { candidateListTag } from '@/api/tags';
import { api, ApiError, CSRF_HEADER_NAME, errorMessageFrom, getCsrfToken } from '@/lib/api';
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
  const token = await getCsrfToken();
  const form = new FormData();
  for (const file of files) form.append('files', file, file.name);
  return new Promise<ResumeBatch>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', '/api/resumes/bulk/');
    xhr.withCredentials = true;
    xhr.setRequestHeader('Accept', 'application/json');
    if (token) xhr.setRequestHeader(CSRF_HEADER_NAME, token);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
    };
    xhr.onload = () => {
      let body: unknown = null;
      try {
        body = xhr.responseText ? JSON.parse(xhr.responseText) : null;
      } catch {
        // not JSON: the status speaks
      }
      if (xhr.status >= 200 && xhr.status < 300 && body && typeof body === 'object' && 'batch' in body) {
        onProgress(1);
        resolve((body as ResumeBatchResponse).batch);
        return;
      }
      const { fields, code } = (body && typeof body === 'object' ? body : {}) as {
        fields?: Record<string, string[]>;
        code?: string;
      };
      reject(
        new ApiError(xhr.status, errorMessageFrom(body, { status: xhr.status, statusText: xhr.statusText }), {
          fields,
          code,
          data: body,
          isAuthError: xhr.status === 401,
        }),
      );
    };
    xhr.onerror = () => reject(new ApiError(0, 'The upload failed: check the connection and try again.'));
    xhr.onabort = () => reject(new ApiError(0, 'The upload was cancelled.', { code: 'ABORTED' }));
    signal?.addEventListener('abort', () => xhr.abort());
    xhr.send(form);
  });
}
