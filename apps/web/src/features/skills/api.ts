import type { CreateSkillAliasInput, SkillAliasListResponse, SkillAliasResponse } from '@recruitdesk/contracts/resumes';
import type { MessageResponse } from '@recruitdesk/contracts/common';
import { baseApi } from '@/lib/base-api';

/** The agency's skill aliases (Settings → Skills vocabulary); parsing and matching read them. */
export const skillsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    listSkillAliases: build.query<SkillAliasListResponse, { q: string; page: number; page_size: number }>({
      query: (params) => ({ url: '/api/skills/aliases/', params: { ...params } }),
      providesTags: ['SkillAlias'],
    }),
    createSkillAlias: build.mutation<SkillAliasResponse, CreateSkillAliasInput>({
      query: (body) => ({ url: '/api/skills/aliases/', method: 'POST', body }),
      invalidatesTags: ['SkillAlias', 'Activity'],
    }),
    deleteSkillAlias: build.mutation<MessageResponse, number>({
      query: (id) => ({ url: `/api/skills/aliases/${id}/`, method: 'DELETE' }),
      invalidatesTags: ['SkillAlias', 'Activity'],
    }),
  }),
});

export const { useListSkillAliasesQuery, useCreateSkillAliasMutation, useDeleteSkillAliasMutation } = skillsApi;
