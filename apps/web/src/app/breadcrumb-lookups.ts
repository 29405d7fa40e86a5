import type { BreadcrumbLookups, RoleLookup } from '@/components/layouts/breadcrumbs';

/** The ids a path names, for the breadcrumb lookups. */
export function idsInPath(pathname: string) {
  return {
    userId: /^\/users\/(\d+)/.exec(pathname)?.[1],
    roleId: /^\/roles?\/(\d+)/.exec(pathname)?.[1],
    clientId: /^\/clients?\/(\d+)/.exec(pathname)?.[1],
  };
}

/** Builds the lookups from what the pages already loaded (one role, one client, one user). */
export function makeBreadcrumbLookups(known: {
  role?: { id: string; value: RoleLookup } | undefined;
  client?: { id: string; name: string } | undefined;
  user?: { id: string; name: string } | undefined;
}): BreadcrumbLookups {
  return {
    role: (id) => (known.role && known.role.id === id ? known.role.value : null),
    client: (id) => (known.client && known.client.id === id ? { name: known.client.name } : null),
    user: (id) => (known.user && known.user.id === id ? { name: known.user.name } : null),
  };
}
