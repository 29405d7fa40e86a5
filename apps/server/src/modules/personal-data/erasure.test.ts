import { eq } from 'drizzle-orm';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertInterview, insertSubmittal } from '../../factories/pipelines.factory';
import { insertInvoice } from '../../factories/invoices.factory';
import { insertRole } from '../../factories/roles.factory';
import { insertUser } from '../../factories/users.factory';
import { download, runJobs } from '../../test/agency-archive';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import type { HttpClient } from '../../test/http-client';
import { startFakeRelay, type FakeRelay } from '../../test/mail';
import { signedInClient } from '../../test/sign-in';
import { chatMessagesTable, chatsTable } from '../chat/chat.table';
import { insertContact } from '../../factories/contacts.factory';
import { notifyUsers } from '../notifications/notifications.service';
import { slotOffersTable, slotParticipantsTable } from '../scheduling/scheduling.table';
import { portalEventsTable, portalShareCandidatesTable, portalSharesTable } from '../shares/shares.table';
import { invoiceLinesTable } from '../invoices/invoices.table';
import { placementsTable } from '../pipelines/pipelines.table';
import { databaseBytes, filesUnder, markersIn, zipEntries } from '../../test/find-markers';
import {
  applyOnCareersPage,
  candidateBody,
  newMarkers,
  sendMessage,
  uploadResume,
  type Markers,
} from '../../test/marked-person';

// The proof of issue 34: a person with a marker in every field, a resume, notes, a message with an
// attachment, an application, a pipeline with its history, an interview, a submittal, a placement and its
// invoice, and an assistant chat naming them is erased; then no marker is left in any endpoint that could
// show them, in the agency export's ZIP, in the stored files, or in the database (pg_dump on PostgreSQL,
// the data files on the embedded database), while the books keep the placement's fee, dates, client and role.

let t: TestApp;
let relay: FakeRelay;
let owner: HttpClient;
let ownerId: number;
let recruiter: HttpClient;
beforeAll(async () => {
  relay = await startFakeRelay();
  t = await buildTestApp({ env: { SMTP_URL: relay.url } });
  const ownerRow = await insertUser(t.db, { userType: ['owner'] });
  ownerId = ownerRow.id;
  owner = await signedInClient(t, ownerRow);
  recruiter = await signedInClient(t, await insertUser(t.db, { userType: ['recruiter'] }));
});
afterAll(async () => {
  await t?.close();
  await relay?.close();
});

interface Person {
  m: Markers;
  candidateId: number;
  roleId: number;
  pipelineId: number;
  invoiceId: number;
  fileKeys: string[];
}

async function createPerson(): Promise<Person> {
  const m = newMarkers();
  const role = await insertRole(t.db, { indeedPosting: true, name: 'Platform Engineer' });
  const created = await recruiter.post('/api/candidates/', candidateBody(m));
  expect(created.status, created.text).toBe(201);
  const candidateId = created.json.candidate.id as number;
  const resumeKey = await uploadResume(t, recruiter, candidateId, m);
  await applyOnCareersPage(t, role.id, m);
  expect(
    (await recruiter.post(`/api/notes/candidate/${candidateId}/`, { body: `Note${m.word} about ${m.firstName}` }))
      .status,
  ).toBe(201);
  const pipeline = await recruiter.post(`/api/roles/${role.id}/pipelines/`, { candidate_id: candidateId });
  expect(pipeline.status, pipeline.text).toBe(201);
  const pipelineId = pipeline.json.pipeline.id as number;
  const moved = await recruiter.patch(`/api/pipelines/${pipelineId}/`, { version: 1, stage: 'client_interview' });
  expect(moved.status, moved.text).toBe(200);
  expect((await recruiter.post(`/api/notes/pipeline/${pipelineId}/`, { body: `Pipeline note${m.word}` })).status).toBe(
    201,
  );
  await insertInterview(t.db, {
    pipelineId,
    feedback: `Feedback${m.word}`,
    location: `Office of ${m.firstName} ${m.lastName}`,
  });
  await insertSubmittal(t.db, pipelineId, { note: `Submittal${m.word}` });
  await sendMessage(t, recruiter, candidateId, m);
  const [placement] = await t.db
    .insert(placementsTable)
    .values({
      pipelineId,
      salary: '100000',
      currency: 'USD',
      startDate: '2026-12-01',
      fee: '20000',
      feeExplanation: `20 % for ${m.firstName} ${m.lastName}`,
    })
    .returning();
  const invoice = await insertInvoice(t.db, {
    kind: 'finders_fee',
    status: 'sent',
    clientId: role.clientId,
    roleId: role.id,
    placementId: placement!.id,
    totalMinor: 2_000_000,
  });
  await t.db
    .update(invoiceLinesTable)
    .set({ description: `Finder's fee: placement of ${m.firstName} ${m.lastName} as Platform Engineer` })
    .where(eq(invoiceLinesTable.invoiceId, invoice.id));
  const [chat] = await t.db
    .insert(chatsTable)
    .values({ userId: ownerId, title: `About ${m.firstName} ${m.lastName}` })
    .returning();
  await t.db.insert(chatMessagesTable).values({
    chatId: chat!.id,
    role: 'agent',
    content: `${m.firstName} ${m.lastName} (${m.email}) fits the role.`,
  });
  // The client loop (issue 35) and the bell: a shortlist pitch and the client's comment, a scheduling link, a notice.
  const contact = await insertContact(t.db, { clientId: role.clientId, email: 'hm@client.test' });
  const [share] = await t.db
    .insert(portalSharesTable)
    .values({
      roleId: role.id,
      contactId: contact.id,
      tokenHash: `hash-${Date.now()}`,
      expiresAt: new Date(Date.now() + 86_400_000),
    })
    .returning();
  await t.db.insert(portalShareCandidatesTable).values({
    shareId: share!.id,
    pipelineId,
    pitch: `${m.firstName} ${m.lastName} is great`,
    decisionDetail: `Pitch${m.word}`,
  });
  await t.db.insert(portalEventsTable).values({
    shareId: share!.id,
    pipelineId,
    action: 'comment',
    detail: `Comment about ${m.firstName} ${m.lastName}`,
  });
  const [offer] = await t.db
    .insert(slotOffersTable)
    .values({
      pipelineId,
      timeZone: 'UTC',
      durationMinutes: 30,
      calendarUid: `uid-${Date.now()}`,
      note: `Bring ${m.firstName} ${m.lastName}`,
    })
    .returning();
  await t.db.insert(slotParticipantsTable).values({
    offerId: offer!.id,
    kind: 'candidate',
    name: `${m.firstName} ${m.lastName}`,
    email: m.email,
    tokenHash: `slot-${Date.now()}`,
    expiresAt: new Date(Date.now() + 86_400_000),
  });
  await notifyUsers(t.db, [ownerId], {
    kind: 'message.reply',
    title: `${m.firstName} ${m.lastName} replied`,
    link: `/roles/${role.id}/pipelines/${pipelineId}`,
  });
  const storedFiles = [...(await filesUnder(path.join(t.dataDir, 'files'))).keys()];
  return { m, candidateId, roleId: role.id, pipelineId, invoiceId: invoice.id, fileKeys: [resumeKey, ...storedFiles] };
}

/** Every GET that could show the person, as the owner sees it (the most any user sees). */
async function endpointTexts(p: Person): Promise<Record<string, string>> {
  const paths = [
    `/api/candidates/${p.candidateId}/`,
    `/api/candidates/${p.candidateId}/detail/`,
    `/api/candidates/?search=${p.m.word}`,
    `/api/candidates/?page_size=100`,
    `/api/search/?q=${p.m.word}`,
    `/api/search/?q=${p.m.firstName}`,
    `/api/notes/candidate/${p.candidateId}/`,
    `/api/notes/pipeline/${p.pipelineId}/`,
    `/api/candidates/${p.candidateId}/timeline/`,
    `/api/pipelines/${p.pipelineId}/`,
    `/api/roles/${p.roleId}/pipelines/`,
    `/api/roles/${p.roleId}/applications/?status=all`,
    `/api/activity/?limit=100`,
    `/api/activity/?model_type=candidate&object_id=${p.candidateId}&limit=100`,
    `/api/candidates/${p.candidateId}/matching-roles/`,
    `/api/roles/${p.roleId}/matches/`,
    `/api/invoices/${p.invoiceId}/`,
    `/api/chat/user/chats/`,
  ];
  const texts: Record<string, string> = {};
  for (const url of paths) {
    const response = await owner.get(url);
    expect(response.status, `${url}: ${response.text}`).toBe(200);
    texts[url] = response.text;
  }
  return texts;
}

async function agencyExport(): Promise<Map<string, Buffer>> {
  const started = await owner.post('/api/exports/');
  expect(started.status, started.text).toBe(202);
  await runJobs(t);
  const done = (await owner.get(`/api/exports/${started.json.export.id}/`)).json.export;
  expect(done.state).toBe('succeeded');
  const zip = await download(owner, done.download_url);
  expect(zip.status).toBe(200);
  return zipEntries(zip.bytes);
}

describe('erasure leaves nothing of the person (issue 34 proof)', () => {
  it('finds the markers before, and none after, in endpoints, the agency export, the files and the database', async () => {
    const p = await createPerson();
    const { m } = p;

    // Before: the markers are where the proof looks (so their absence afterwards means something).
    const before = await endpointTexts(p);
    expect(markersIn('candidate', before[`/api/candidates/${p.candidateId}/`]!, m.all).length).toBeGreaterThan(0);
    expect(markersIn('timeline', before[`/api/candidates/${p.candidateId}/timeline/`]!, m.all).length).toBeGreaterThan(
      0,
    );
    const files = await filesUnder(path.join(t.dataDir, 'files'));
    expect([...files].some(([name, bytes]) => markersIn(name, bytes, m.all).length > 0)).toBe(true);
    const databaseBefore = await databaseBytes(t.db);
    expect([...databaseBefore.files].some(([name, bytes]) => markersIn(name, bytes, m.all).length > 0)).toBe(true);

    // Refused: a recruiter; a name that is not the person's current full name (nothing changes).
    expect(
      (
        await recruiter.post(`/api/candidates/${p.candidateId}/erase/`, {
          confirm_name: `${m.firstName} ${m.lastName}`,
        })
      ).status,
    ).toBe(403);
    const wrong = await owner.post(`/api/candidates/${p.candidateId}/erase/`, { confirm_name: m.firstName });
    expect(wrong.status).toBe(400);
    expect(wrong.json).toMatchObject({ code: 'ERASE_NAME_MISMATCH', fields: { confirm_name: [expect.any(String)] } });
    expect((await owner.get(`/api/candidates/${p.candidateId}/`)).json.candidate.first_name).toBe(m.firstName);

    const erased = await owner.post(`/api/candidates/${p.candidateId}/erase/`, {
      confirm_name: `  ${m.firstName}   ${m.lastName} `,
    });
    expect(erased.status, erased.text).toBe(200);
    // Erasing again: already erased (409), nothing else happens.
    expect(
      (
        await owner.post(`/api/candidates/${p.candidateId}/erase/`, {
          confirm_name: `Erased candidate #${p.candidateId}`,
        })
      ).status,
    ).toBe(409);

    const found: string[] = [];
    // 1. Every endpoint that could show them.
    const after = await endpointTexts(p);
    for (const [url, text] of Object.entries(after)) {
      // The search answers the query it was asked (the marker itself): everything else must be clean.
      const shown = url.startsWith('/api/search/') ? JSON.stringify({ ...JSON.parse(text), query: '' }) : text;
      found.push(...markersIn(url, shown, m.all));
    }
    const candidate = JSON.parse(after[`/api/candidates/${p.candidateId}/`]!).candidate;
    expect(candidate).toMatchObject({
      name: `Erased candidate #${p.candidateId}`,
      email: '',
      phone: '',
      resume: null,
      processing_restricted: true,
      erased_at: expect.any(String),
    });
    // The audit row names who erased whom, by number only.
    expect(after[`/api/activity/?limit=100`]).toContain(`User #${ownerId} erased candidate #${p.candidateId}`);

    // 2. The agency export's ZIP, every entry (tables and files).
    for (const [name, bytes] of await agencyExport()) found.push(...markersIn(`export:${name}`, bytes, m.all));

    // 3. The stored files: none carries a marker, and the person's files are gone.
    for (const [name, bytes] of await filesUnder(path.join(t.dataDir, 'files')))
      found.push(...markersIn(`file:${name}`, `${name}\n${bytes.toString('latin1')}`, m.all));
    for (const key of p.fileKeys.filter((key) => !key.startsWith('exports/')))
      expect(await t.app.deps.storage.head(key), key).toBeNull();

    // 4. The database: pg_dump on PostgreSQL, the data files on the embedded database (vacuumed).
    const database = await databaseBytes(t.db);
    for (const [name, bytes] of database.files) found.push(...markersIn(`${database.kind}:${name}`, bytes, m.all));

    expect(found).toEqual([]);

    // The books keep their facts: the placement's fee and dates, the invoice's client, role and amounts.
    const [placement] = await t.db.select().from(placementsTable).where(eq(placementsTable.pipelineId, p.pipelineId));
    expect(placement).toMatchObject({ fee: '20000.00', startDate: '2026-12-01', salary: '100000.00' });
    const invoice = JSON.parse(after[`/api/invoices/${p.invoiceId}/`]!).invoice;
    expect(invoice).toMatchObject({ total: '20000.00', role: { id: p.roleId, name: 'Platform Engineer' } });
    expect(JSON.stringify(invoice.lines)).toContain(
      `placement of Erased candidate #${p.candidateId} as Platform Engineer`,
    );
    const pipeline = JSON.parse(after[`/api/pipelines/${p.pipelineId}/`]!);
    expect(JSON.stringify(pipeline)).toContain('client_interview');
  });
});
