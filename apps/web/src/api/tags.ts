/**
 * The cache tags every feature's endpoints share (one set: a record's page, its lists and the boards).
 * The board's list and headers are tagged per role, a pipeline's detail per pipeline.
 */
export const candidateTag = (id: number) => ({ type: 'Candidate' as const, id });
export const candidateListTag = { type: 'Candidate' as const, id: 'LIST' };
export const roleListTag = { type: 'Role' as const, id: 'LIST' };
export const boardTag = (roleId: number) => ({ type: 'Pipeline' as const, id: `role-${roleId}` });
export const headersTag = (roleId: number) => ({
  type: 'Pipeline' as const,
  id: `headers-${roleId}`,
});
export const pipelineTag = (id: number) => ({ type: 'Pipeline' as const, id });
/** The notes feature tags a target's notes 'Note' `{kind}:{id}`: a new note refreshes the target's notes_count. */
export const notesTag = (kind: 'candidate' | 'pipeline' | 'client' | 'role', id: number) => ({
  type: 'Note' as const,
  id: `${kind}:${id}`,
});
/** Imports (issue 31): one import's page, the history, and the saved column mappings of a kind. */
export const importTag = (id: number) => ({ type: 'Import' as const, id });
export const importListTag = { type: 'Import' as const, id: 'LIST' };
export const importMappingListTag = (kind: string) => ({ type: 'ImportMapping' as const, id: `kind-${kind}` });
