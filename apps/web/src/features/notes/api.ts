import type {
  CreateNoteInput,
  Note,
  NoteListResponse,
  NoteModelType,
  NoteSummaryResponse,
  UpdateNoteInput,
} from '@recruitdesk/contracts/notes';
import { baseApi } from '@/lib/base-api';

export interface NoteTarget {
  modelType: NoteModelType;
  objectId: number;
}

const targetTag = ({ modelType, objectId }: NoteTarget) => ({ type: 'Note' as const, id: `${modelType}:${objectId}` });
/** Roles show their notes count from the role record; other targets list the Note tag themselves. */
const countTags = ({ modelType, objectId }: NoteTarget) =>
  modelType === 'role' ? [{ type: 'Role' as const, id: objectId }] : [];

export const notesApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    listNotes: build.query<NoteListResponse, NoteTarget & { page?: number; page_size?: number }>({
      query: ({ modelType, objectId, page, page_size = 100 }) => ({
        url: `/api/notes/${modelType}/${objectId}/`,
        params: page && page > 1 ? { page, page_size } : { page_size },
      }),
      providesTags: (_result, _error, target) => [targetTag(target)],
    }),
    getNotesSummary: build.query<NoteSummaryResponse, NoteTarget>({
      query: ({ modelType, objectId }) => `/api/notes/${modelType}/${objectId}/summary/`,
      providesTags: (_result, _error, target) => [targetTag(target)],
    }),
    createNote: build.mutation<{ success: true; note: Note }, NoteTarget & { body: CreateNoteInput }>({
      query: ({ modelType, objectId, body }) => ({ url: `/api/notes/${modelType}/${objectId}/`, method: 'POST', body }),
      invalidatesTags: (_result, _error, target) => [targetTag(target), 'Activity', ...countTags(target)],
    }),
    updateNote: build.mutation<{ success: true; note: Note }, NoteTarget & { id: number; body: UpdateNoteInput }>({
      query: ({ id, body }) => ({ url: `/api/notes/item/${id}/`, method: 'PATCH', body }),
      invalidatesTags: (_result, _error, target) => [targetTag(target), 'Activity'],
    }),
    deleteNote: build.mutation<unknown, NoteTarget & { id: number }>({
      query: ({ id }) => ({ url: `/api/notes/item/${id}/`, method: 'DELETE' }),
      invalidatesTags: (_result, _error, target) => [targetTag(target), 'Activity', ...countTags(target)],
    }),
  }),
});

export const {
  useListNotesQuery,
  useGetNotesSummaryQuery,
  useCreateNoteMutation,
  useUpdateNoteMutation,
  useDeleteNoteMutation,
} = notesApi;
