import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { asc, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertClient } from '../../factories/clients.factory';
import { insertContact } from '../../factories/contacts.factory';
import { insertRole } from '../../factories/roles.factory';
import { insertUser } from '../../factories/users.factory';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import type { HttpClient } from '../../test/http-client';
import { signedInClient } from '../../test/sign-in';
import { clientsTable } from '../clients/clients.table';
import { clientContactsTable } from './contacts.table';

let t: TestApp;
let owner: HttpClient;
let recruiter: HttpClient;
let viewer: HttpClient;

beforeAll(async () => {
  t = await buildTestApp();
  owner = await signedInClient(t, await insertUser(t.db, { userType: ['owner'] }));
  recruiter = await signedInClient(t, await insertUser(t.db, { userType: ['recruiter'] }));
  viewer = await signedInClient(t, await insertUser(t.db, { userType: ['viewer'] }));
});
afterAll(async () => {
  await t?.close();
});

const historyOf = async (modelType: string, id: number) =>
  (
    (await owner.get(`/api/activity/?model_type=${modelType}&object_id=${id}&limit=50`)).json.results as {
      model_type: string;
      summary: string;
    }[]
  ).map((row) => row.summary);

describe('contacts', () => {
  it('creates, reads, updates, marks as left and deletes a contact; both histories show it', async () => {
    const client = await insertClient(t.db, {
      name: 'Contactable Corp',
      contactName: '',
      contactEmail: '',
      contactPhone: '',
    });
    const created = await recruiter.post(`/api/clients/${client.id}/contacts/`, {
      first_name: 'Hana',
      last_name: 'Kim',
      job_title: 'VP Engineering',
      email: 'hana.kim@contactable.test',
      phone: '+1 555 0100',
      notes: 'Prefers calls',
    });
    expect(created.status, created.text).toBe(201);
    const contact = created.json.contact;
    expect(contact).toMatchObject({
      client: { id: client.id, name: 'Contactable Corp' },
      name: 'Hana Kim',
      job_title: 'VP Engineering',
      email: 'hana.kim@contactable.test',
      left_company: false,
      legal_basis: 'legitimate_interest',
      legal_basis_at: expect.any(String),
    });
    // The client's old fields follow its main contact (decision 104).
    expect((await viewer.get(`/api/clients/${client.id}/`)).json.client).toMatchObject({
      contact_name: 'Hana Kim',
      contact_email: 'hana.kim@contactable.test',
      contact_phone: '+1 555 0100',
    });

    expect((await viewer.get(`/api/contacts/${contact.id}/`)).json.contact.notes).toBe('Prefers calls');
    const updated = await recruiter.request('PUT', `/api/contacts/${contact.id}/`, {
      body: { first_name: 'Hana', last_name: 'Kim-Lee', email: 'hana@contactable.test', left_company: true },
    });
    expect(updated.status, updated.text).toBe(200);
    expect(updated.json.contact).toMatchObject({ name: 'Hana Kim-Lee', left_company: true, job_title: '' });

    const list = await viewer.get(`/api/clients/${client.id}/contacts/`);
    expect(list.json.count).toBe(1);
    expect(list.json.contacts[0].id).toBe(contact.id);

    expect(await historyOf('contact', contact.id)).toEqual([
      'Marked contact Hana Kim-Lee as having left Contactable Corp',
      'Added contact Hana Kim at Contactable Corp',
    ]);
    const removed = await recruiter.request('DELETE', `/api/contacts/${contact.id}/`);
    expect(removed.status).toBe(200);
    expect((await viewer.get(`/api/contacts/${contact.id}/`)).status).toBe(404);
    expect(await historyOf('client', client.id)).toEqual([
      'Deleted contact Hana Kim-Lee at Contactable Corp',
      'Marked contact Hana Kim-Lee as having left Contactable Corp',
      'Added contact Hana Kim at Contactable Corp',
    ]);
    expect((await viewer.get(`/api/clients/${client.id}/`)).json.client.contact_name).toBe('');
  });

  it('carries a legal basis (issue 34): set by a full update and dated then; a value outside the list is a 400', async () => {
    const client = await insertClient(t.db);
    const contact = await insertContact(t.db, { clientId: client.id, firstName: 'Hana', email: 'hana@basis.test' });
    const before = (await viewer.get(`/api/contacts/${contact.id}/`)).json.contact;
    expect(before).toMatchObject({ legal_basis: 'legitimate_interest', legal_basis_at: expect.any(String) });
    const consented = await recruiter.request('PUT', `/api/contacts/${contact.id}/`, {
      body: { first_name: 'Hana', email: 'hana@basis.test', legal_basis: 'consent' },
    });
    expect(consented.json.contact.legal_basis).toBe('consent');
    expect(Date.parse(consented.json.contact.legal_basis_at)).toBeGreaterThanOrEqual(Date.parse(before.legal_basis_at));
    const refused = await recruiter.request('PUT', `/api/contacts/${contact.id}/`, {
      body: { first_name: 'Hana', legal_basis: 'because' },
    });
    expect(refused.status).toBe(400);
    expect(refused.json.fields).toHaveProperty('legal_basis');
    expect((await viewer.get(`/api/contacts/${contact.id}/`)).json.contact.legal_basis).toBe('consent');
  });

  it('lets viewers read but not write', async () => {
    const client = await insertClient(t.db);
    const contact = await insertContact(t.db, { clientId: client.id });
    expect((await viewer.get(`/api/contacts/${contact.id}/`)).status).toBe(200);
    expect((await viewer.post(`/api/clients/${client.id}/contacts/`, { first_name: 'X' })).status).toBe(403);
    expect((await viewer.post('/api/contacts/', { client_id: client.id, first_name: 'X' })).status).toBe(403);
    expect((await viewer.request('PUT', `/api/contacts/${contact.id}/`, { body: { first_name: 'X' } })).status).toBe(
      403,
    );
    expect((await viewer.request('DELETE', `/api/contacts/${contact.id}/`)).status).toBe(403);
    expect((await viewer.get(`/api/contacts/${contact.id}/`)).json.contact.first_name).toBe('Hana');
  });

  it('refuses bad input with field errors, and unknown records with 404', async () => {
    const client = await insertClient(t.db);
    const empty = await recruiter.post(`/api/clients/${client.id}/contacts/`, { job_title: 'CTO' });
    expect(empty.status).toBe(400);
    expect(empty.json).toMatchObject({ success: false, fields: { first_name: ['Enter a name or an email address.'] } });
    const badEmail = await recruiter.post(`/api/clients/${client.id}/contacts/`, { first_name: 'A', email: 'nope' });
    expect(badEmail.status).toBe(400);
    expect(badEmail.json.fields.email).toEqual(['Enter a valid email address.']);
    const long = await recruiter.post(`/api/clients/${client.id}/contacts/`, { first_name: 'x'.repeat(101) });
    expect(long.json.fields.first_name).toEqual(['Use at most 100 characters.']);
    const noClient = await recruiter.post('/api/contacts/', { client_id: 999_999, first_name: 'A' });
    expect(noClient.status).toBe(400);
    expect(noClient.json.fields.client_id).toEqual(['Choose an existing client.']);
    expect((await recruiter.post('/api/clients/999999/contacts/', { first_name: 'A' })).status).toBe(404);
    expect((await recruiter.get('/api/contacts/abc/')).status).toBe(400);
    expect((await recruiter.request('PUT', '/api/contacts/999999/', { body: { first_name: 'A' } })).status).toBe(404);
    expect((await recruiter.get('/api/contacts/?ordering=bogus')).status).toBe(400);
  });

  it('searches over name, email, job title and client name, pages and sorts', async () => {
    const tag = `qz${Date.now().toString(36)}`;
    const client = await insertClient(t.db, { name: `${tag} Holdings` });
    const other = await insertClient(t.db);
    const byClient = await insertContact(t.db, { clientId: client.id, firstName: 'Zed', lastName: 'Zulu' });
    const byName = await insertContact(t.db, { clientId: other.id, firstName: 'Amy', lastName: `${tag}son` });
    const byEmail = await insertContact(t.db, { clientId: other.id, firstName: 'Bo', email: `bo@${tag}.test` });
    const byTitle = await insertContact(t.db, { clientId: other.id, firstName: 'Cy', jobTitle: `Head of ${tag}` });
    await insertContact(t.db, { clientId: other.id, firstName: 'Nobody' });

    const all = await viewer.get(`/api/contacts/?q=${tag.toUpperCase()}&ordering=name`);
    expect(all.status).toBe(200);
    expect(all.json.count).toBe(4);
    expect(new Set(all.json.contacts.map((c: { id: number }) => c.id))).toEqual(
      new Set([byClient.id, byName.id, byEmail.id, byTitle.id]),
    );
    const page2 = await viewer.get(`/api/contacts/?q=${tag}&ordering=client&page=2&page_size=3`);
    expect(page2.json.count).toBe(4);
    expect(page2.json.contacts.map((c: { id: number }) => c.id)).toEqual([byClient.id]);
    const beyond = await viewer.get(`/api/contacts/?q=${tag}&page=5&page_size=3`);
    expect(beyond.json).toMatchObject({ contacts: [], count: 4 });

    const search = await viewer.get(`/api/search/?q=${tag}son`);
    expect(search.json.contacts).toEqual([
      {
        id: byName.id,
        name: `Amy ${tag}son`,
        job_title: 'Engineering Manager',
        left_company: false,
        client: { id: other.id, name: other.name },
      },
    ]);
  });

  it("makes the client form's contact fields its main contact, and edits it after", async () => {
    const created = await recruiter.post('/api/clients/', {
      name: `Form Contact ${Date.now()}`,
      client_type: 'finders_fee',
      contact_name: 'Mary Ann Lee',
      contact_email: 'mal@form.test',
    });
    expect(created.status, created.text).toBe(201);
    const id = created.json.client.id as number;
    const [first] = (await viewer.get(`/api/clients/${id}/contacts/`)).json.contacts;
    expect(first).toMatchObject({ first_name: 'Mary Ann', last_name: 'Lee', email: 'mal@form.test', phone: '' });
    const edited = await recruiter.patch(`/api/clients/${id}/`, {
      name: created.json.client.name,
      client_type: 'finders_fee',
      contact_name: 'Mary Ann Lee',
      contact_email: 'mary@form.test',
      contact_phone: '555',
    });
    expect(edited.status, edited.text).toBe(200);
    const contacts = (await viewer.get(`/api/clients/${id}/contacts/`)).json.contacts;
    expect(contacts).toHaveLength(1);
    expect(contacts[0]).toMatchObject({ id: first.id, email: 'mary@form.test', phone: '555' });
  });
});

describe('role contacts', () => {
  it("takes a hiring manager and contacts from the role's client, and refuses another client's", async () => {
    const client = await insertClient(t.db);
    const other = await insertClient(t.db);
    const manager = await insertContact(t.db, { clientId: client.id, firstName: 'Max', lastName: 'Manager' });
    const colleague = await insertContact(t.db, { clientId: client.id });
    const stranger = await insertContact(t.db, { clientId: other.id });
    const body = { client_id: client.id, name: 'Data Engineer' };

    const refused = await recruiter.post('/api/roles/', { ...body, hiring_manager_contact_id: stranger.id });
    expect(refused.status).toBe(400);
    expect(refused.json.fields.hiring_manager_contact_id).toEqual(["Choose a contact at the role's client."]);
    const refusedOthers = await recruiter.post('/api/roles/', { ...body, contact_ids: [colleague.id, stranger.id] });
    expect(refusedOthers.status).toBe(400);
    expect(refusedOthers.json.fields.contact_ids).toEqual(["Choose a contact at the role's client."]);

    const created = await recruiter.post('/api/roles/', {
      ...body,
      hiring_manager_contact_id: manager.id,
      contact_ids: [colleague.id],
    });
    expect(created.status, created.text).toBe(201);
    expect(created.json.role).toMatchObject({
      hiring_manager: { id: manager.id, name: 'Max Manager' },
      contact_ids: [colleague.id],
    });
    const roleId = created.json.role.id as number;
    const edit = await recruiter.request('PUT', `/api/roles/${roleId}/`, {
      body: { ...body, hiring_manager_contact_id: stranger.id },
    });
    expect(edit.status).toBe(400);
    // An edit that leaves them out keeps them; deleting the contact leaves the role without a manager.
    const kept = await recruiter.request('PUT', `/api/roles/${roleId}/`, { body: { ...body, name: 'Data Lead' } });
    expect(kept.json.role).toMatchObject({ hiring_manager: { id: manager.id }, contact_ids: [colleague.id] });
    expect((await recruiter.request('DELETE', `/api/contacts/${manager.id}/`)).status).toBe(200);
    expect((await viewer.get(`/api/roles/${roleId}/`)).json.role.hiring_manager).toBeNull();
    const role = await insertRole(t.db, { clientId: client.id });
    expect((await viewer.get(`/api/roles/${role.id}/`)).json.role).toMatchObject({
      hiring_manager: null,
      contact_ids: [],
    });
  });
});

describe('the migration of the old contact fields', () => {
  it('turns each client’s contact fields into its first contact, splitting the name at the last space', async () => {
    const dir = path.join(import.meta.dirname, '../../../drizzle');
    const file = readdirSync(dir).find((name) => name.endsWith('_client_contacts.sql'));
    if (!file) throw new Error('the client_contacts migration is missing');
    const text = readFileSync(path.join(dir, file), 'utf8');
    const block = text.slice(text.indexOf('-- ---- Hand-written'));
    expect(block).toContain('INSERT INTO "client_contacts"');

    const none = { contactName: '', contactEmail: '', contactPhone: '' };
    const full = await insertClient(t.db, {
      contactName: '  Mary Ann van Dyke ',
      contactEmail: 'm@x.test',
      contactPhone: '555 1',
    });
    const single = await insertClient(t.db, { ...none, contactName: 'Cher' });
    const emailOnly = await insertClient(t.db, { ...none, contactEmail: 'only@x.test' });
    const phoneOnly = await insertClient(t.db, { ...none, contactPhone: '+44 20 7946 0000' });
    const empty = await insertClient(t.db, none);
    const hasOne = await insertClient(t.db, { contactName: 'Old Name' });
    await insertContact(t.db, { clientId: hasOne.id, firstName: 'Already', lastName: 'There' });
    const ids = [full.id, single.id, emailOnly.id, phoneOnly.id, empty.id, hasOne.id];

    await t.db.execute(sql.raw(block));
    await t.db.execute(sql.raw(block)); // twice: nothing doubles
    const rows = await t.db
      .select()
      .from(clientContactsTable)
      .where(inArray(clientContactsTable.clientId, ids))
      .orderBy(asc(clientContactsTable.clientId));
    const pick = (row: (typeof rows)[number]) => [row.clientId, row.firstName, row.lastName, row.email, row.phone];
    expect(rows.map(pick)).toEqual([
      [full.id, 'Mary Ann van', 'Dyke', 'm@x.test', '555 1'],
      [single.id, 'Cher', '', '', ''],
      [emailOnly.id, '', '', 'only@x.test', ''],
      [phoneOnly.id, '', '', '', '+44 20 7946 0000'],
      [hasOne.id, 'Already', 'There', expect.any(String), expect.any(String)],
    ]);
    // The old columns stay.
    const [kept] = await t.db.select().from(clientsTable).where(eq(clientsTable.id, full.id));
    expect(kept?.contactName).toBe('  Mary Ann van Dyke ');
  });
});
