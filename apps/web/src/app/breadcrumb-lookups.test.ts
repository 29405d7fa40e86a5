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

  it('names an application by its applicant, and its role and client from the application (issue 29 item k)', () => {
    const path = '/roles/36/applications/8';
    expect(idsInPath(path)).toMatchObject({ roleId: '36', applicationId: '8' });
    const lookups = makeBreadcrumbLookups({
      application: {
        id: '8',
        name: 'Jordan Rivera',
        role: { id: 36, name: 'Plant Engineer', state: 'open' },
        client: { id: 3, name: 'Acme' },
      },
    });
    const crumbs = buildBreadcrumbs(path, lookups);
    expect(crumbs.map((c) => c.label)).toEqual(['Active Jobs', 'Acme', 'Plant Engineer', 'Jordan Rivera']);
    expect(crumbs[2]!.href).toBe('/roles/36');
  });

  it('finds the invoice in both invoice addresses, and names it by its number', () => {
    expect(idsInPath('/role/4/invoice/21')).toMatchObject({ roleId: '4', invoiceId: '21' });
    expect(idsInPath('/client/14/invoices/22')).toMatchObject({ clientId: '14', invoiceId: '22' });
    expect(idsInPath('/client/14/invoices/create').invoiceId).toBeUndefined();
    const lookups = makeBreadcrumbLookups({ invoice: { id: '22', name: 'INV-2026-0022' } });
    expect(buildBreadcrumbs('/client/14/invoices/22', lookups).at(-1)?.label).toBe('INV-2026-0022');
  });

  it('names a contact page by the contact, under Contacts, and an import by its file', () => {
    expect(idsInPath('/contacts/22').contactId).toBe('22');
    expect(idsInPath('/settings/imports/3').importId).toBe('3');
    const lookups = makeBreadcrumbLookups({
      contact: { id: '22', name: 'Laura Bennett' },
      import: { id: '3', name: 'people.csv' },
    });
    const contact = buildBreadcrumbs('/contacts/22', lookups);
    expect(contact.map((c) => c.label)).toEqual(['Contacts', 'Laura Bennett']);
    expect(contact[0]!.href).toBe('/contacts');
    expect(buildBreadcrumbs('/contacts/23', lookups).map((c) => c.label)).toEqual(['Contacts', '#23']);
    const anImport = buildBreadcrumbs('/settings/imports/3', lookups);
    expect(anImport.map((c) => c.label)).toEqual(['Settings', 'Imports', 'people.csv']);
    expect(anImport[1]!.href).toBe('/settings/imports');
  });

  it('names the candidate of a candidate page, also under a role', () => {
    expect(idsInPath('/candidates/12').candidateId).toBe('12');
    expect(idsInPath('/roles/3/candidates/12/notes').candidateId).toBe('12');
    const lookups = makeBreadcrumbLookups({ candidate: { id: '12', name: 'Ada Lovelace' } });
    expect(buildBreadcrumbs('/candidates/12', lookups).map((c) => c.label)).toEqual(['Candidates', 'Ada Lovelace']);
    expect(buildBreadcrumbs('/candidates/13', lookups).map((c) => c.label)).toEqual(['Candidates', '#13']);
  });

  it('names a pipeline by its candidate: Stages, then the candidate', () => {
    expect(idsInPath('/roles/3/pipelines/9/notes').pipelineId).toBe('9');
    expect(idsInPath('/roles/3/pipelines/create').pipelineId).toBeUndefined();
    const lookups = makeBreadcrumbLookups({
      role: {
        id: '3',
        value: { name: 'Data Engineer', state: 'open', client: { id: 1, name: 'Acme' } },
      },
      pipeline: { id: '9', name: 'Ada Lovelace' },
    });
    const crumbs = buildBreadcrumbs('/roles/3/pipelines/9/notes', lookups);
    expect(crumbs.map((c) => c.label)).toEqual([
      'Active Jobs',
      'Acme',
      'Data Engineer',
      'Pipeline board',
      'Ada Lovelace',
      'Notes',
    ]);
    expect(crumbs[3]!.href).toBe('/roles/3/pipelines');
    expect(crumbs[4]!.href).toBe('/roles/3/pipelines/9');
  });

  it('gives /notes/{modelType}/{objectId} the trail of the record the notes are about', () => {
    expect(idsInPath('/notes/client/4')).toMatchObject({
      clientId: '4',
      roleId: undefined,
      candidateId: undefined,
    });
    expect(idsInPath('/notes/pipeline/9')).toMatchObject({ pipelineId: '9', roleId: undefined });
    const client = makeBreadcrumbLookups({ client: { id: '4', name: 'Globex' } });
    const crumbs = buildBreadcrumbs('/notes/client/4', client);
    expect(crumbs.map((c) => c.label)).toEqual(['Clients', 'Globex', 'Notes']);
    expect(crumbs[1]!.href).toBe('/clients/4');
    const candidate = makeBreadcrumbLookups({ candidate: { id: '12', name: 'Ada Lovelace' } });
    expect(buildBreadcrumbs('/notes/candidate/12', candidate).map((c) => [c.label, c.href])).toEqual([
      ['Candidates', '/candidates'],
      ['Ada Lovelace', '/candidates/12'],
      ['Notes', undefined],
    ]);
    const pipeline = makeBreadcrumbLookups({
      role: {
        id: '3',
        value: { name: 'Data Engineer', state: 'open', client: { id: 1, name: 'Acme' } },
      },
      pipeline: { id: '9', name: 'Ada Lovelace', roleId: 3 },
    });
    expect(buildBreadcrumbs('/notes/pipeline/9', pipeline).map((c) => c.label)).toEqual([
      'Active Jobs',
      'Acme',
      'Data Engineer',
      'Pipeline board',
      'Ada Lovelace',
      'Notes',
    ]);
    expect(buildBreadcrumbs('/notes/pipeline/9').map((c) => c.label)).toEqual(['#9', 'Notes']);
  });
});
