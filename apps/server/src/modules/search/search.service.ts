import { matchDestinations } from '@recruitdesk/contracts/navigation';
import { MIN_RECORD_SEARCH_LENGTH, SEARCH_RESULTS_PER_KIND, type SearchResponse } from '@recruitdesk/contracts/search';
import type { Deps } from '../../lib/deps';
import { searchCandidatesByName } from '../candidates/candidates.service';
import { searchClientsByName } from '../clients/clients.service';
import { searchContacts } from '../contacts/contacts.service';
import { searchRolesByName } from '../roles/roles.service';
import { actorOf, type UserRow } from '../users/users.service';

/**
 * The shell search (spec §9 menu search): the menu destinations the user may open (the shared menu
 * definition, with its permission rules) and clients, roles and candidates by name, each through its own
 * service (which checks the user may read it). One character finds destinations only.
 */
export async function searchShell(deps: Deps, actor: UserRow, query: string): Promise<Omit<SearchResponse, 'success'>> {
  const destinations = matchDestinations(actorOf(actor), query);
  if (query.length < MIN_RECORD_SEARCH_LENGTH)
    return { query, destinations, clients: [], roles: [], candidates: [], contacts: [] };
  // One after another: PGlite is a single connection anyway, and each lookup is one index scan.
  const clients = await searchClientsByName(deps, actor, query, SEARCH_RESULTS_PER_KIND);
  const roles = await searchRolesByName(deps, actor, query, SEARCH_RESULTS_PER_KIND);
  const candidates = await searchCandidatesByName(deps, actor, query, SEARCH_RESULTS_PER_KIND);
  const contacts = await searchContacts(deps, actor, query, SEARCH_RESULTS_PER_KIND);
  return { query, destinations, clients, roles, candidates, contacts };
}
