import { z } from 'zod';
import { CandidateStatusSchema } from './candidates';
import { ClientStateSchema, ClientTypeSchema } from './clients';
import { SearchContactSchema } from './contacts';
import { RoleStateSchema } from './roles';

export { MIN_RECORD_SEARCH_LENGTH, SEARCH_RESULTS_PER_KIND, SHELL_SEARCH_DELAY_MS } from './search-constants';

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
  contacts: z.array(SearchContactSchema),
});
export type SearchResponse = z.infer<typeof SearchResponseSchema>;
export type SearchClient = z.infer<typeof SearchClientSchema>;
export type SearchRole = z.infer<typeof SearchRoleSchema>;
export type SearchCandidate = z.infer<typeof SearchCandidateSchema>;
export type { SearchContact } from './contacts';
