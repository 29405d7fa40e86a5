import { candidateListTag, importListTag, importMappingListTag, importTag, roleListTag } from '@/api/tags';
import { baseApi } from '@/lib/base-api';
import type {
  ImportKind,
  ImportListResponse,
  ImportMappingInput,
  ImportMappingListResponse,
  ImportMappingResponse,
  ImportResponse,
  ImportRunInput,
  PreviewResponse,
} from './types';

/** What an import's run or undo changes besides itself: the lists of the records it wrote. */
const recordLists = [candidateListTag, roleListTag, { type: 'Client' as const, id: 'LIST' }, 'Activity' as const];

export const importsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    listImports: build.query<ImportListResponse, { page?: number; page_size?: number }>({
      query: (params) => ({ url: '/api/imports/', params: { ...params } }),
      providesTags: (result) => [importListTag, ...(result?.imports.map((entry) => importTag(entry.id)) ?? [])],
    }),
    /** Polled every second by the progress page while the import runs. */
    getImport: build.query<ImportResponse, number>({
      query: (id) => `/api/imports/${id}/`,
      providesTags: (_result, _error, id) => [importTag(id)],
    }),
    /** The first 20 rows as they would be stored with this mapping and policy (never cached). */
    previewImport: build.mutation<PreviewResponse, { id: number; body: ImportRunInput }>({
      query: ({ id, body }) => ({ url: `/api/imports/${id}/preview/`, method: 'POST', body }),
    }),
    startImport: build.mutation<ImportResponse, { id: number; body: ImportRunInput }>({
      query: ({ id, body }) => ({ url: `/api/imports/${id}/start/`, method: 'POST', body }),
      invalidatesTags: (_result, _error, { id }) => [importTag(id), importListTag],
    }),
    undoImport: build.mutation<ImportResponse, number>({
      query: (id) => ({ url: `/api/imports/${id}/undo/`, method: 'POST' }),
      invalidatesTags: (_result, error, id) =>
        error ? [importTag(id)] : [importTag(id), importListTag, ...recordLists],
    }),
    listImportMappings: build.query<ImportMappingListResponse, ImportKind>({
      query: (kind) => ({ url: '/api/import-mappings/', params: { kind } }),
      providesTags: (_result, _error, kind) => [importMappingListTag(kind)],
    }),
    saveImportMapping: build.mutation<ImportMappingResponse, ImportMappingInput>({
      query: (body) => ({ url: '/api/import-mappings/', method: 'POST', body }),
      invalidatesTags: (_result, _error, { kind }) => [importMappingListTag(kind)],
    }),
    deleteImportMapping: build.mutation<unknown, { id: number; kind: ImportKind }>({
      query: ({ id }) => ({ url: `/api/import-mappings/${id}/`, method: 'DELETE' }),
      invalidatesTags: (_result, _error, { kind }) => [importMappingListTag(kind)],
    }),
  }),
});

/** An import that just finished wrote records: the lists showing them are stale. */
export const invalidateImportedRecords = () => importsApi.util.invalidateTags([importListTag, ...recordLists]);

/** A new upload is in the history. */
export const invalidateImportHistory = () => importsApi.util.invalidateTags([importListTag]);

export const {
  useListImportsQuery,
  useGetImportQuery,
  usePreviewImportMutation,
  useStartImportMutation,
  useUndoImportMutation,
  useListImportMappingsQuery,
  useSaveImportMappingMutation,
  useDeleteImportMappingMutation,
} = importsApi;
