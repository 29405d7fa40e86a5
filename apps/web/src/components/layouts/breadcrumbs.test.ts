import { describe, expect, it } from 'vitest';
import { buildBreadcrumbs } from './breadcrumbs';
import { pageTitleFor } from './page-title';

const labels = (path: string, lookups = {}) => buildBreadcrumbs(path, lookups).map((c) => c.label);

describe('pageTitleFor', () => {
  it('knows the spec titles', () => {
    expect(pageTitleFor('/analytics')).toBe('Analytics Dashboard');
    expect(pageTitleFor('/jobs/closed')).toBe('Closed Roles');
    expect(pageTitleFor('/me')).toBe('My Profile');
    expect(pageTitleFor('/profile')).toBe('My Profile');
    expect(pageTitleFor('/clients/new')).toBe('Create Client');
    expect(pageTitleFor('/role/4/invoice/create')).toBe('Create Invoice');
    expect(pageTitleFor('/client/9/invoices/create')).toBe('Create Invoice');
    expect(pageTitleFor('/roles/4')).toBeNull();
  });
});

describe('buildBreadcrumbs', () => {
  it('names an invoice by its number, and its client and role from the invoice page', () => {
    const lookups = {
      invoice: (id: string) => (id === '21' ? { name: 'INV-2026-0021' } : null),
      client: (id: string) => (id === '14' ? { name: 'Acme' } : null),
      role: (id: string) => (id === '4' ? { name: 'Data Engineer', client: { id: 14, name: 'Acme' } } : null),
    };
    expect(labels('/client/14/invoices/21', lookups)).toEqual(['Clients', 'Acme', 'Invoices', 'INV-2026-0021']);
    expect(labels('/role/4/invoice/21', lookups)).toEqual([
      'Active Jobs',
      'Acme',
      'Data Engineer',
      'Invoices',
      'INV-2026-0021',
    ]);
    expect(labels('/role/4/invoice/22', lookups).at(-1)).toBe('Invoice #22');
  });

  it('falls back to #id without lookups', () => {
    expect(labels('/roles/12')).toEqual(['Active Jobs', '#12']);
    expect(labels('/roles/12/pipelines/7/notes')).toEqual(['Active Jobs', '#12', 'Pipeline board', '#7', 'Notes']);
  });

  it('names the client and role, and uses Closed Roles for a closed role', () => {
    const lookups = {
      role: () => ({ name: 'Senior Engineer', state: 'closed', client: { id: 3, name: 'Acme' } }),
      candidate: () => ({ name: 'Ada Lovelace' }),
    };
    const crumbs = buildBreadcrumbs('/roles/12/candidates/5/notes', lookups);
    expect(crumbs.map((c) => c.label)).toEqual([
      'Closed Roles',
      'Acme',
      'Senior Engineer',
      'Candidates',
      'Ada Lovelace',
      'Notes',
    ]);
    expect(crumbs[0]!.href).toBe('/jobs/closed');
    expect(crumbs[1]!.href).toBe('/clients/3');
    expect(crumbs[2]!.href).toBe('/roles/12');
    expect(crumbs.at(-1)!.href).toBeUndefined();
  });

  it('covers edit, job qualification, create, application', () => {
    expect(labels('/roles/1/edit')).toEqual(['Active Jobs', '#1', 'Edit']);
    expect(labels('/roles/1/job-qualification/add')).toEqual(['Active Jobs', '#1', 'Job qualification', 'Add']);
    expect(labels('/roles/1/job-qualification/2/edit')).toEqual(['Active Jobs', '#1', 'Job qualification', 'Edit']);
    expect(labels('/roles/1/pipelines/create')).toEqual(['Active Jobs', '#1', 'Pipeline board', 'Create']);
    expect(labels('/roles/create')).toEqual(['Active Jobs', 'Create']);
    expect(labels('/roles/1/applications/8')).toEqual(['Active Jobs', '#1', 'Application #8']);
    expect(labels('/clients/3/notes', { client: () => ({ name: 'Acme' }) })).toEqual(['Clients', 'Acme', 'Notes']);
    expect(labels('/candidates/5')).toEqual(['Candidates', '#5']);
  });

  it('builds a generic trail for other paths', () => {
    expect(buildBreadcrumbs('/settings/security')).toEqual([
      { kind: 'page', label: 'Settings', href: '/settings' },
      { kind: 'page', label: 'Security' },
    ]);
  });
});
