import { z } from 'zod';
import { CandidateStatusSchema } from './candidates';
import { ClientStateSchema, ClientTypeSchema } from './clients';
import { RoleStateSchema } from './roles';

/** Spec §9 "menu search typing buffer 350 ms": the shell search asks once the typing has paused this long. */
export const SHELL_SEARCH_DELAY_MS = 350;
/** Records are searched from this many characters (shorter queries find menu destinations only). */
export const MIN_RECORD_SEARCH_LENGTH = 2;
/** At most this many records of each kind. */
export const SEARCH_RESULTS_PER_KIND = 5;

/** GET /api/search/?q= */
export const SearchQuerySchema = z.object({
  q: z.string().trim().min(1, 'Type something to search for.').max(100, 'Searches are at most 100 characters.'),
});
export type SearchQuery = z.input<typeof SearchQuerySchema>;

export const SearchDestinationSchema = z.object({
  id: z.string(),
  title: z.string(),
  href: z.string(),
  section: z.enum(['Main', 'Tools', 'Admin', 'Account']),
});

export const SearchClientSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  client_type: ClientTypeSchema,
  state: ClientStateSchema,
});

export const SearchRoleSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  state: RoleStateSchema,
  client: z.object({ id: z.number().int(), name: z.string() }),
});

export const SearchCandidateSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  current_title: z.string(),
  current_company: z.string(),
  status: CandidateStatusSchema,
});

/** Menu destinations the user may open, and clients, roles and candidates whose name matches. */
export const SearchResponseSchema = z.object({
  success: z.literal(true),
  query: z.string(),
  destinations: z.array(SearchDestinationSchema),
  clients: z.array(SearchClientSchema),
  roles: z.array(SearchRoleSchema),
  candidates: z.array(SearchCandidateSchema),
});
export type SearchResponse = z.infer<typeof SearchResponseSchema>;
export type SearchClient = z.infer<typeof SearchClientSchema>;
export type SearchRole = z.infer<typeof SearchRoleSchema>;
export type SearchCandidate = z.infer<typeof SearchCandidateSchema>;
