// The email reads more than one feature uses (issue 33): the people pickers' search and the email
// templates (the compose window fills them, Settings → Email templates edits them). Declared once here.
import type { EmailTemplate, TemplatePreview } from '@recruitdesk/contracts/messages';
import type { z } from 'zod';
import type { EmailTemplateInputSchema, TemplatePreviewRequestSchema } from '@recruitdesk/contracts/messages';
import { baseApi } from '@/lib/base-api';
import { itemOf, listOf } from '@/lib/envelope';

export type EmailTemplateInput = z.input<typeof EmailTemplateInputSchema>;
export type TemplatePreviewRequest = z.input<typeof TemplatePreviewRequestSchema>;

const TEMPLATES = { type: 'EmailTemplate' as const, id: 'LIST' };

/** A person the pickers offer: a candidate or a client's contact, with their address. */
export interface PickablePerson {
  record: 'candidate' | 'contact';
  id: number;
  name: string;
  email: string;
  detail: string;
}

export const emailApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    /**
     * The recipient pickers' search: candidates (GET /api/candidates/?search=) and contacts
     * (GET /api/contacts/?q=). Its own endpoint, not listCandidates: the candidates list keeps its page in a
     * slice fed by every listCandidates answer.
     */
    searchPeople: build.query<PickablePerson[], { q: string; only?: 'candidate' | 'contact'; clientId?: number }>({
      async queryFn({ q, only, clientId }, _api, _extra, baseQuery) {
        const people: PickablePerson[] = [];
        if (only !== 'contact') {
          const answer = await baseQuery({ url: '/api/candidates/', params: { search: q, page_size: 6 } });
          if (answer.error) return { error: answer.error };
          for (const c of listOf<{ id: number; name: string; email: string; current_title?: string }>(
            answer.data,
            'candidates',
          ))
            people.push({ record: 'candidate', id: c.id, name: c.name, email: c.email, detail: c.current_title ?? '' });
        }
        if (only !== 'candidate') {
          const answer = await baseQuery(
            clientId
              ? { url: `/api/clients/${clientId}/contacts/` }
              : { url: '/api/contacts/', params: { q, page_size: 6 } },
          );
          if (answer.error) return { error: answer.error };
          const needle = q.toLowerCase();
          for (const c of listOf<{ id: number; name: string; email: string; client?: { name: string } }>(
            answer.data,
            'contacts',
          )) {
            if (clientId && needle && !`${c.name} ${c.email}`.toLowerCase().includes(needle)) continue;
            people.push({ record: 'contact', id: c.id, name: c.name, email: c.email, detail: c.client?.name ?? '' });
          }
        }
        return { data: people };
      },
      keepUnusedDataFor: 30,
    }),
    listEmailTemplates: build.query<EmailTemplate[], { q?: string; scope?: string } | void>({
      query: (params) => ({ url: '/api/email-templates/', params: { ...(params ?? {}) } }),
      transformResponse: (body: unknown) => listOf<EmailTemplate>(body, 'templates'),
      providesTags: (result) => [
        TEMPLATES,
        ...(result?.map((t) => ({ type: 'EmailTemplate' as const, id: t.id })) ?? []),
      ],
    }),
    createEmailTemplate: build.mutation<EmailTemplate, EmailTemplateInput>({
      query: (body) => ({ url: '/api/email-templates/', method: 'POST', body }),
      transformResponse: (body: unknown) => itemOf<EmailTemplate>(body, 'template'),
      invalidatesTags: [TEMPLATES],
    }),
    updateEmailTemplate: build.mutation<EmailTemplate, { id: number; body: EmailTemplateInput }>({
      query: ({ id, body }) => ({ url: `/api/email-templates/${id}/`, method: 'PUT', body }),
      transformResponse: (body: unknown) => itemOf<EmailTemplate>(body, 'template'),
      invalidatesTags: (_r, _e, { id }) => [TEMPLATES, { type: 'EmailTemplate', id }],
    }),
    deleteEmailTemplate: build.mutation<unknown, number>({
      query: (id) => ({ url: `/api/email-templates/${id}/`, method: 'DELETE' }),
      invalidatesTags: [TEMPLATES],
    }),
    /** POST /api/email-templates/{id}/preview/: the template filled from real records. A mutation: never cached. */
    previewEmailTemplate: build.mutation<TemplatePreview, { id: number; body: TemplatePreviewRequest }>({
      query: ({ id, body }) => ({ url: `/api/email-templates/${id}/preview/`, method: 'POST', body }),
      transformResponse: (body: unknown) => itemOf<TemplatePreview>(body, 'preview'),
    }),
  }),
});

export const {
  useSearchPeopleQuery,
  useListEmailTemplatesQuery,
  useCreateEmailTemplateMutation,
  useUpdateEmailTemplateMutation,
  useDeleteEmailTemplateMutation,
  usePreviewEmailTemplateMutation,
} = emailApi;
