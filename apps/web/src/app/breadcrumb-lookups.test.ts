import { describe, expect, it } from 'vitest';
import { buildBreadcrumbs } from '@/components/layouts/breadcrumbs';
import { idsInPath, makeBreadcrumbLookups } from './breadcrumb-lookups';

const trail = (path: string, state: string) => {
  const { roleId } = idsInPath(path);
  const lookups = makeBreadcrumbLookups({
    role: { id: roleId!, value: { name: 'Data Engineer', state, client: { id: 3, name: 'Acme' } } },
  });
  return buildBreadcrumbs(path, lookups);
};

describe('breadcrumb lookups', () => {
  it('starts an open role trail with Active Jobs, then client and role', () => {
    const crumbs = trail('/roles/7/edit', 'open');
    expect(crumbs.map((c) => c.label)).toEqual(['Active Jobs', 'Acme', 'Data Engineer', 'Edit']);
    expect(crumbs[0]!.href).toBe('/jobs/active');
    expect(crumbs[1]!.href).toBe('/clients/3');
  });

  it('starts a closed role trail with Closed Roles', () => {
    const crumbs = trail('/roles/7/notes', 'closed');
    expect(crumbs.map((c) => c.label)).toEqual(['Closed Roles', 'Acme', 'Data Engineer', 'Notes']);
    expect(crumbs[0]!.href).toBe('/jobs/closed');
  });

  it('names only the ids it knows', () => {
    const lookups = makeBreadcrumbLookups({ client: { id: '4', name: 'Globex' } });
    expect(buildBreadcrumbs('/clients/4/notes', lookups).map((c) => c.label)).toEqual(['Clients', 'Globex', 'Notes']);
    expect(buildBreadcrumbs('/clients/5', lookups).map((c) => c.label)).toEqual(['Clients', '#5']);
  });
});
