/**
 * Design §3 as a table: every API endpoint × {anonymous, owner, superuser, recruiter, viewer} → status,
 * each checked through real HTTP. Later issues add one entry per endpoint; the last test fails when a
 * registered /api route has no entry.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_MATCH_WEIGHTS } from '@recruitdesk/contracts/matching';
import { uploadImport } from '../modules/imports/imports.service';
import { agencyExportsTable } from '../modules/agency-archive/agency-archive.table';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ANALYTICS_SETS } from '@recruitdesk/contracts/analytics';
import { createUploadTarget } from '../modules/files/files.service';
import { activityTable } from '../modules/activity/activity.table';
import { chatsTable } from '../modules/chat/chat.table';
import { messageAttachmentsTable, messagesTable } from '../modules/messages/messages.table';
import { emailTemplatesTable } from '../modules/email-templates/email-templates.table';
import { sequenceEnrolmentsTable, sequencesTable, sequenceStepsTable } from '../modules/sequences/sequences.table';
import { skillAliasesTable } from '../modules/skills/skills.table';
import { createSession } from '../modules/sessions/sessions.service';
import type { UserRow } from '../modules/users/users.service';
import { insertApplication } from '../factories/applications.factory';
import { insertJobPostings } from '../factories/job-postings.factory';
import { buildTestApp, type TestApp } from './build-test-app';
import { insertCandidate } from '../factories/candidates.factory';
import { insertClient } from '../factories/clients.factory';
import { insertContact } from '../factories/contacts.factory';
import { insertInvitation } from '../factories/invitations.factory';
import { insertInvoice, insertPlacementInvoice } from '../factories/invoices.factory';
import { insertNote } from '../factories/notes.factory';
import { insertInterview, insertPipeline, insertSubmittal } from '../factories/pipelines.factory';
import { insertRole } from '../factories/roles.factory';
import { insertQualificationRow } from '../modules/roles/job-qualifications.repository';
import { insertBatchRow } from '../modules/resumes/resume-bulk.repository';
import { resumeDraftsTable } from '../modules/resumes/resume-bulk.table';
import { DEFAULT_TEST_PASSWORD, insertUser } from '../factories/users.factory';
import { HttpClient } from './http-client';
import { startImapServer, type TestImapServer } from './imap-server';
import { encryptSecret } from '../lib/crypto';
import { mailboxesTable, mailboxMessagesTable } from '../modules/mailboxes/mailboxes.table';
import { signedInClient } from './sign-in';
import { insertShareRow } from '../modules/shares/shares.repository';
import { offerSlots } from '../modules/scheduling/scheduling.service';
import { fileRequest } from '../modules/data-protection/data-protection.service';

const CALLERS = ['anonymous', 'owner', 'superuser', 'recruiter', 'viewer'] as const;
type Caller = (typeof CALLERS)[number];
/** A status, or for entries with `shown`: whether a 200 answer contained the record ('shown' | 'hidden'). */
type Outcome = number | 'shown' | 'hidden';
type Expected = Record<Caller, Outcome>;

interface Ctx {
  t: TestApp;
  caller: Caller;
  /** The signed-in user (null for anonymous). */
  user: UserRow | null;
  /** Someone else to act on: a fresh recruiter for every cell. */
  target(): Promise<UserRow>;
}

interface Entry {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Distinguishes several entries of one route. */
  name?: string;
  /** The route as registered (for the coverage check). */
  route: string;
  path?: (ctx: Ctx) => string | Promise<string>;
  body?: (ctx: Ctx) => unknown;
  raw?: { contentType: string; text: string };
  /** For visibility rows: whether the 200 body shows what the cell's path function made. */
  shown?: (json: unknown) => boolean;
  expect: Expected;
}

const all = (status: number): Expected => ({
  anonymous: status,
  owner: status,
  superuser: status,
  recruiter: status,
  viewer: status,
});
const SIGNED_IN = (status = 200): Expected => ({ ...all(status), anonymous: 401 });
const ADMIN = (status = 200): Expected => ({
  anonymous: 401,
  owner: status,
  superuser: status,
  recruiter: 403,
  viewer: 403,
});
const OWNER = (status = 200): Expected => ({
  anonymous: 401,
  owner: status,
  superuser: 403,
  recruiter: 403,
  viewer: 403,
});

const uid = (ctx: Ctx) => `${ctx.caller}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`;
const fresh = async (ctx: Ctx) => (await ctx.target()).id;
const invitation = async (ctx: Ctx) =>
  (await insertInvitation(ctx.t.db, { email: `${uid(ctx)}@invited.test` })).invitation.id;
const fileLink = async (ctx: Ctx, op: 'upload' | 'download') => {
  const userId = ctx.user?.id ?? 999_999;
  const key = `matrix/${userId}/${uid(ctx)}.txt`;
  const storage = ctx.t.app.deps.storage;
  if (op === 'download') {
    await storage.write(key, Buffer.from('hello'), 'text/plain');
    return storage.createDownloadUrl({
      key,
      userId,
      disposition: 'attachment',
      contentType: 'text/plain',
      expiresInSeconds: 600,
    });
  }
  const input = { key, contentType: 'text/plain', size: 5, maxBytes: 100, userId, expiresInSeconds: 600 };
  // A signed-in caller's link is recorded like every upload link (an unrecorded one cannot write).
  return (ctx.user ? await createUploadTarget(ctx.t.app.deps, input) : await storage.createUploadTarget(input)).url;
};

/** Reads are for every signed-in user; writes for owners, superusers and recruiters (design §3). */
const READ = SIGNED_IN;
/** The posted role the job-posting creation row made for the current cell (path runs before body). */
let postedRoleId = 0;
const WRITE = (status = 200): Expected => ({
  anonymous: 401,
  owner: status,
  superuser: status,
  recruiter: status,
  viewer: 403,
});
const newClient = async (ctx: Ctx) => (await insertClient(ctx.t.db)).id;
const newContact = async (ctx: Ctx) => (await insertContact(ctx.t.db, { clientId: await newClient(ctx) })).id;
const newRole = async (ctx: Ctx, overrides: Parameters<typeof insertRole>[1] = {}) =>
  (await insertRole(ctx.t.db, overrides)).id;
const newQualification = async (ctx: Ctx, roleId?: number) =>
  (await insertQualificationRow(ctx.t.db, { roleId: roleId ?? (await newRole(ctx)), name: 'Kubernetes', position: 1 }))
    .id;
/** A role with a contact at its client, a pipeline, and a share of it with the contact. */
const newShareScene = async (ctx: Ctx) => {
  const clientId = await newClient(ctx);
  const roleId = await newRole(ctx, { clientId });
  const contactId = (await insertContact(ctx.t.db, { clientId })).id;
  const pipelineId = (await insertPipeline(ctx.t.db, { roleId })).id;
  const share = await insertShareRow(ctx.t.db, {
    roleId,
    contactId,
    tokenHash: `matrix-${uid(ctx)}`,
    expiresAt: new Date(Date.now() + 86_400_000),
  });
  return { roleId, contactId, pipelineId, shareId: share.id };
};
/** Values a path function makes for the body function of the same cell (they run in that order). */
const stash: {
  roleId?: number;
  ids?: number[];
  contactClientId?: number;
  draftClientId?: number;
  interviewerId?: number;
} = {};
const roleWithFile = async (ctx: Ctx) => {
  const key = `job-descriptions/matrix/${uid(ctx)}.txt`;
  await ctx.t.app.deps.storage.write(key, Buffer.from('job description'), 'text/plain');
  return newRole(ctx, {
    descriptionFileKey: key,
    descriptionFilename: 'jd.txt',
    descriptionFileSize: 15,
    descriptionContentType: 'text/plain',
    descriptionUploadedAt: new Date(),
  });
};
const newCandidate = async (ctx: Ctx) => (await insertCandidate(ctx.t.db)).id;
const candidateWithResume = async (ctx: Ctx) => {
  const key = `resumes/matrix/${uid(ctx)}.pdf`;
  await ctx.t.app.deps.storage.write(key, Buffer.from('%PDF-1.4 resume'), 'application/pdf');
  const candidate = await insertCandidate(ctx.t.db, {
    resumeKey: key,
    resumeFilename: 'cv.pdf',
    resumeSize: 15,
    resumeContentType: 'application/pdf',
    resumeUploadedAt: new Date(),
  });
  return candidate.id;
};
/** A bulk resume upload of `createdById` (the caller when left out) with one draft read and ready to create. */
const resumeBatch = async (ctx: Ctx, createdById = ctx.user?.id ?? null) => {
  const batch = await insertBatchRow(ctx.t.db, { status: 'ready', createdById }, [
    {
      position: 0,
      filename: 'cv.pdf',
      size: 10,
      contentType: 'application/pdf',
      status: 'parsed',
      fields: {
        first_name: 'Matrix',
        last_name: uid(ctx).replace(/[^a-z]/g, ''),
        email: '',
        phone: '',
        location: '',
        linkedin_url: '',
        github_url: '',
        portfolio_url: '',
        current_title: '',
        current_company: '',
        years_experience: null,
        skills: [],
      },
    },
  ]);
  const [draft] = await ctx.t.db
    .select({ id: resumeDraftsTable.id })
    .from(resumeDraftsTable)
    .where(eq(resumeDraftsTable.batchId, batch.id));
  stash.ids = [draft!.id];
  return batch.id;
};
const MULTIPART_BOUNDARY = 'matrix-boundary-7f3a';
/** An uploaded candidates CSV (made by an owner), for the rows about one import. */
const newImport = async (ctx: Ctx) => {
  const dir = await mkdtemp(join(tmpdir(), 'matrix-import-'));
  const path = join(dir, 'people.csv');
  const text = 'First name,Last name,Email\nAda,Lovelace,ada@example.test\n';
  await writeFile(path, text);
  const view = await uploadImport(ctx.t.app.deps, users.owner, 'candidates', {
    path,
    filename: 'people.csv',
    size: text.length,
  });
  return view.id;
};
const IMPORT_RUN_BODY = () => ({ mapping: ['first_name', 'last_name', 'email'], duplicate_policy: 'skip' });
/** An export row of the owner's (its job never runs in the matrix). */
const newExport = async (ctx: Ctx) => {
  const [row] = await ctx.t.db
    .insert(agencyExportsTable)
    .values({ createdBy: users.owner.id, jobId: 0, createdAt: new Date() })
    .returning();
  return row!.id;
};
const CSV_UPLOAD = (kind: string) => ({
  contentType: `multipart/form-data; boundary=${MULTIPART_BOUNDARY}`,
  text: [
    `--${MULTIPART_BOUNDARY}`,
    'Content-Disposition: form-data; name="kind"',
    '',
    kind,
    `--${MULTIPART_BOUNDARY}`,
    'Content-Disposition: form-data; name="file"; filename="people.csv"',
    'Content-Type: text/csv',
    '',
    'First name,Last name,Email',
    'Ada,Lovelace,ada@example.test',
    `--${MULTIPART_BOUNDARY}--`,
    '',
  ].join('\r\n'),
});
const INVOICE_BODY = {
  issue_date: '2026-01-01',
  due_date: '2026-01-31',
  tax_rate: '0',
  notes: '',
  lines: [{ description: 'Matrix', quantity: '1', unit_amount: '100' }],
};
const CANDIDATE_BODY = () => ({ first_name: 'Matrix', last_name: 'Candidate', skills: ['Go'] });
const CLIENT_BODY = (ctx: Ctx) => ({ name: `Matrix ${uid(ctx)}`, client_type: 'finders_fee' });
const ROLE_BODY = () => ({ client_id: stash.roleId, name: 'Matrix Engineer' });

const newPipeline = async (ctx: Ctx, overrides: Parameters<typeof insertPipeline>[1] = {}) =>
  (await insertPipeline(ctx.t.db, overrides)).id;
/** A submitted pipeline whose role has a hiring manager, and an interviewer (stashed for the body). */
const schedulablePipeline = async (ctx: Ctx) => {
  const clientId = await newClient(ctx);
  const contact = await insertContact(ctx.t.db, { clientId });
  const roleId = await newRole(ctx, { clientId, hiringManagerContactId: contact.id });
  const candidate = await insertCandidate(ctx.t.db, { email: `${uid(ctx)}@candidate.test` });
  const pipelineId = await newPipeline(ctx, { roleId, candidateId: candidate.id, stage: 'submitted' });
  const interviewer = await ctx.target();
  stash.interviewerId = interviewer.id;
  return { pipelineId, interviewer };
};
/** A pipeline in Internal interview with a pending interview (for the outcome action). */
const interviewingPipeline = async (ctx: Ctx) => {
  const id = await newPipeline(ctx, { stage: 'internal_interview' });
  // Held an hour ago: an outcome is recorded only once the interview has taken place.
  await insertInterview(ctx.t.db, { pipelineId: id, scheduledAt: new Date(Date.now() - 3_600_000) });
  return id;
};
/** A pipeline in Client interview with a pending client interview (for its outcome). */
const clientInterviewPipeline = async (ctx: Ctx) => {
  const id = await newPipeline(ctx, { stage: 'client_interview' });
  await insertInterview(ctx.t.db, { pipelineId: id, kind: 'client', scheduledAt: new Date(Date.now() - 3_600_000) });
  return id;
};
/** A pipeline in Submitted with its submittal (for the submittal outcome action). */
const submittedPipeline = async (ctx: Ctx) => {
  const id = await newPipeline(ctx, { stage: 'submitted' });
  await insertSubmittal(ctx.t.db, id);
  return id;
};
// Issue 33: templates, bulk, submittal email, sequences (senders only: viewers are refused, decision 108).
const newTemplate = async (ctx: Ctx, scope: 'shared' | 'personal' = 'shared', ownerId: number | null = null) =>
  (
    await ctx.t.db
      .insert(emailTemplatesTable)
      .values({
        name: `Matrix ${uid(ctx)}`,
        scope,
        subject: 'Hi {{candidate.first_name}}',
        bodyHtml: '<p>Hi</p>',
        ownerId,
      })
      .returning()
  )[0]!.id;
const newSequence = async (ctx: Ctx) => {
  const templateId = await newTemplate(ctx);
  const [row] = await ctx.t.db
    .insert(sequencesTable)
    .values({ name: `Matrix ${uid(ctx)}` })
    .returning();
  await ctx.t.db.insert(sequenceStepsTable).values({ sequenceId: row!.id, position: 0, templateId, delayDays: 1 });
  return row!.id;
};
const campaignStash: { templateId?: number; candidateId?: number; contactId?: number } = {};
const TEMPLATE_BODY = () => ({ name: 'Matrix', scope: 'personal', subject: 'Hi', body_html: '<p>Hi</p>' });
const SEQUENCE_BODY = () => ({ name: 'Matrix', steps: [{ template_id: campaignStash.templateId, delay_days: 1 }] });
/** Owners and superusers edit what others made; recruiters only their own; viewers nothing. */
const MANAGERS = ADMIN;

const PIPELINE_ACTION = (
  action: string,
  pipeline: (ctx: Ctx) => Promise<number>,
  body: Record<string, unknown>,
): Entry => ({
  method: 'POST',
  route: `/api/pipelines/:id/actions/${action}/`,
  path: async (ctx) => `/api/pipelines/${await pipeline(ctx)}/actions/${action}/`,
  body: () => ({ version: 1, ...body }),
  expect: WRITE(),
});

let objectIds = 1_000_000;
const nextObjectId = () => (objectIds += 1);
/**
 * One activity row made for the cell, then looked for through the feed filtered to its object: shown to
 * the listed user types, hidden from the others (never a 403: the feed is for everyone, filtered).
 */
function ACTIVITY_ROW(
  name: string,
  make: (ctx: Ctx) => Promise<{ verb: string; modelType: string; objectId: number; actorId?: number; self?: boolean }>,
  visibleTo: Caller[],
): Entry {
  let summary = '';
  return {
    method: 'GET',
    route: '/api/activity/',
    name: `activity: ${name}`,
    path: async (ctx) => {
      const row = await make(ctx);
      summary = `matrix ${uid(ctx)}`;
      const actorId = row.self ? ctx.user?.id : row.actorId;
      await ctx.t.db.insert(activityTable).values({
        actorId: actorId ?? null,
        actorName: 'Matrix',
        verb: row.verb,
        modelType: row.modelType,
        objectId: row.objectId,
        summary,
      });
      return `/api/activity/?model_type=${row.modelType}&object_id=${row.objectId}&limit=100`;
    },
    shown: (json) =>
      ((json as { results?: { summary: string }[] }).results ?? []).some((item) => item.summary === summary),
    expect: {
      anonymous: 401,
      ...(Object.fromEntries(
        (['owner', 'superuser', 'recruiter', 'viewer'] as const).map((caller) => [
          caller,
          visibleTo.includes(caller) ? 'shown' : 'hidden',
        ]),
      ) as Record<Exclude<Caller, 'anonymous'>, Outcome>),
    },
  };
}

const SETTINGS = {
  agency_name: 'Matrix Agency',
  currency: 'USD',
  default_finders_fee_percent: 20,
  default_payment_terms_days: 30,
  invoice_issuer: {},
};

export const MATRIX: Entry[] = [
  // Issue 2: platform
  { method: 'GET', route: '/api/auth/csrf-token/', expect: all(200) },
  { method: 'GET', route: '/api/config/', expect: all(200) },
  {
    method: 'POST',
    route: '/api/auth/login/',
    body: () => ({ email: 'nobody@example.test', password: 'wrong-password' }),
    expect: all(400),
  },
  { method: 'POST', route: '/api/auth/logout/', expect: all(200) },
  { method: 'GET', route: '/api/auth/profile/', expect: SIGNED_IN() },
  { method: 'GET', route: '/api/auth/status/', expect: all(200) },
  {
    method: 'POST',
    route: '/api/auth/password-reset/',
    body: (ctx) => ({ email: `${uid(ctx)}@example.test` }),
    expect: all(200),
  },
  {
    method: 'POST',
    route: '/api/auth/password-reset/confirm/',
    body: () => ({ uid: 'MQ', token: 'abc-def', new_password: 'Granite-Orchard-River-8' }),
    expect: all(400),
  },
  { method: 'GET', route: '/api/activity/', expect: SIGNED_IN() },
  {
    method: 'GET',
    route: '/api/activity/',
    name: "another user's",
    path: async (ctx) => `/api/activity/?actor_id=${await fresh(ctx)}`,
    expect: ADMIN(),
  },
  // In-app notifications: each user reads and clears only their own.
  { method: 'GET', route: '/api/notifications/', expect: SIGNED_IN() },
  { method: 'POST', route: '/api/notifications/read/', body: () => ({ all: true }), expect: SIGNED_IN() },
  // Issue 9 §1.3: who reads which activity (security §12).
  ACTIVITY_ROW(
    'a client change',
    async (ctx) => ({ verb: 'updated', modelType: 'client', objectId: await newClient(ctx) }),
    ['owner', 'superuser', 'recruiter', 'viewer'],
  ),
  ACTIVITY_ROW(
    'a pipeline move',
    async (ctx) => ({ verb: 'stage_changed', modelType: 'pipeline', objectId: await newPipeline(ctx) }),
    ['owner', 'superuser', 'recruiter', 'viewer'],
  ),
  ACTIVITY_ROW(
    'their own sign-in',
    async (ctx) => ({ verb: 'signed_in', modelType: 'user', objectId: ctx.user?.id ?? 1, self: true }),
    ['owner', 'superuser', 'recruiter', 'viewer'],
  ),
  ACTIVITY_ROW(
    "another user's sign-in",
    async (ctx) => ({ verb: 'signed_in', modelType: 'user', objectId: await fresh(ctx) }),
    ['owner'],
  ),
  ACTIVITY_ROW(
    "another user's password change",
    async (ctx) => ({ verb: 'password_changed', modelType: 'user', objectId: await fresh(ctx) }),
    ['owner'],
  ),
  ACTIVITY_ROW(
    "another user's sessions",
    async (ctx) => ({
      verb: 'sessions_revoked',
      modelType: 'session',
      objectId: await fresh(ctx),
      actorId: await fresh(ctx),
    }),
    ['owner'],
  ),
  ACTIVITY_ROW(
    "another user's role change",
    async (ctx) => ({ verb: 'role_changed', modelType: 'user', objectId: await fresh(ctx) }),
    ['owner', 'superuser'],
  ),
  ACTIVITY_ROW(
    'an invitation',
    async (ctx) => ({ verb: 'invited', modelType: 'invitation', objectId: await invitation(ctx) }),
    ['owner', 'superuser'],
  ),
  ACTIVITY_ROW('an invoice', async () => ({ verb: 'created', modelType: 'invoice', objectId: nextObjectId() }), [
    'owner',
  ]),
  ACTIVITY_ROW(
    'a note on an invoice',
    async () => ({ verb: 'created', modelType: 'invoice_note', objectId: nextObjectId() }),
    ['owner'],
  ),
  ACTIVITY_ROW(
    'the agency settings',
    async () => ({ verb: 'updated', modelType: 'agency_settings', objectId: nextObjectId() }),
    ['owner'],
  ),
  { method: 'PATCH', route: '/api/profile/', body: () => ({ theme: 'dark' }), expect: SIGNED_IN() },
  // Issue 3: users
  { method: 'GET', route: '/api/users/', expect: SIGNED_IN() },
  { method: 'GET', route: '/api/users/:id/', path: async (ctx) => `/api/users/${await fresh(ctx)}/`, expect: ADMIN() },
  {
    method: 'PATCH',
    route: '/api/users/:id/role/',
    path: async (ctx) => `/api/users/${await fresh(ctx)}/role/`,
    body: () => ({ user_type: 'viewer' }),
    expect: ADMIN(),
  },
  {
    method: 'POST',
    route: '/api/users/:id/deactivate/',
    path: async (ctx) => `/api/users/${await fresh(ctx)}/deactivate/`,
    expect: ADMIN(),
  },
  {
    method: 'POST',
    route: '/api/users/:id/reactivate/',
    path: async (ctx) => `/api/users/${await fresh(ctx)}/reactivate/`,
    expect: ADMIN(),
  },
  {
    method: 'DELETE',
    route: '/api/users/:id/',
    path: async (ctx) => `/api/users/${await fresh(ctx)}/`,
    expect: ADMIN(),
  },
  // Issue 3: registration
  { method: 'GET', route: '/api/registration/user-types/', expect: SIGNED_IN() },
  {
    method: 'POST',
    route: '/api/registration/invitations/',
    body: (ctx) => ({ email: `${uid(ctx)}@invited.test`, user_type: 'recruiter' }),
    expect: ADMIN(201),
  },
  { method: 'GET', route: '/api/registration/invitations/pending/', expect: ADMIN() },
  {
    method: 'POST',
    route: '/api/registration/invitations/:id/cancel/',
    path: async (ctx) => `/api/registration/invitations/${await invitation(ctx)}/cancel/`,
    expect: ADMIN(),
  },
  {
    method: 'POST',
    route: '/api/registration/invitations/:id/resend/',
    path: async (ctx) => `/api/registration/invitations/${await invitation(ctx)}/resend/`,
    expect: ADMIN(),
  },
  {
    method: 'GET',
    route: '/api/registration/validate/:token/',
    path: async (ctx) =>
      `/api/registration/validate/${(await insertInvitation(ctx.t.db, { email: `${uid(ctx)}@invited.test`, inviter: await insertUser(ctx.t.db, { userType: ['owner'] }) })).token}/`,
    expect: all(200),
  },
  {
    method: 'POST',
    route: '/api/registration/complete/',
    body: () => ({
      token: 'unknown-token',
      username: 'someone',
      first_name: 'Some',
      last_name: 'One',
      password: 'Granite-Orchard-River-8',
    }),
    expect: all(404),
  },
  // Issue 3: profile
  { method: 'GET', route: '/api/profile/time-zones/', expect: SIGNED_IN() },
  {
    method: 'POST',
    route: '/api/profile/picture/upload-url/',
    body: () => ({ content_type: 'image/png', size: 1000 }),
    expect: SIGNED_IN(),
  },
  {
    method: 'POST',
    route: '/api/profile/picture/confirm/',
    body: (ctx) => ({ key: `profile-pictures/${ctx.user?.id ?? 1}/${'x'.repeat(24)}.png` }),
    expect: SIGNED_IN(404),
  },
  { method: 'DELETE', route: '/api/profile/picture/', expect: SIGNED_IN() },
  {
    method: 'POST',
    route: '/api/profile/password/',
    body: () => ({ current_password: DEFAULT_TEST_PASSWORD, new_password: 'Granite-Orchard-River-8' }),
    expect: SIGNED_IN(),
  },
  // Issue 3: sessions
  { method: 'GET', route: '/api/sessions/', expect: SIGNED_IN() },
  {
    method: 'DELETE',
    route: '/api/sessions/:id/',
    path: async (ctx) => {
      if (!ctx.user) return '/api/sessions/1/';
      const { session } = await createSession(ctx.t.db, {
        userId: ctx.user.id,
        rememberMe: false,
        ip: null,
        userAgent: null,
        now: new Date(),
      });
      return `/api/sessions/${session.id}/`;
    },
    expect: SIGNED_IN(),
  },
  { method: 'POST', route: '/api/sessions/revoke-others/', expect: SIGNED_IN() },
  // Issue 3: settings
  { method: 'GET', route: '/api/settings/agency/', expect: SIGNED_IN() },
  { method: 'PUT', route: '/api/settings/agency/', body: () => SETTINGS, expect: OWNER() },
  // Issue 34: data protection (retention settings, consent, requests, the data protection page)
  { method: 'GET', route: '/api/settings/retention/', expect: OWNER() },
  {
    method: 'PUT',
    route: '/api/settings/retention/',
    body: () => ({ retention_months: 24, renewal_notice_days: 30, expiry_action: 'anonymise' }),
    expect: OWNER(),
  },
  {
    method: 'GET',
    route: '/api/candidates/:id/consent/',
    path: async (ctx) => `/api/candidates/${await newCandidate(ctx)}/consent/`,
    expect: READ(),
  },
  {
    method: 'PUT',
    route: '/api/candidates/:id/consent/',
    path: async (ctx) => `/api/candidates/${await newCandidate(ctx)}/consent/`,
    body: () => ({ legal_basis: 'contract', source: 'manual' }),
    expect: WRITE(),
  },
  {
    method: 'GET',
    route: '/api/candidates/:id/data-requests/',
    path: async (ctx) => `/api/candidates/${await newCandidate(ctx)}/data-requests/`,
    expect: ADMIN(),
  },
  {
    method: 'POST',
    route: '/api/candidates/:id/data-requests/',
    path: async (ctx) => `/api/candidates/${await newCandidate(ctx)}/data-requests/`,
    body: () => ({ kind: 'access', note: 'Asked by phone' }),
    expect: ADMIN(201),
  },
  { method: 'GET', route: '/api/data-protection/', expect: OWNER() },
  {
    method: 'POST',
    route: '/api/data-protection/requests/:id/decide/',
    path: async (ctx) => {
      const request = await fileRequest(ctx.t.db, {
        candidateId: await newCandidate(ctx),
        kind: 'erasure',
        channel: 'staff',
        now: new Date(),
      });
      return `/api/data-protection/requests/${request.id}/decide/`;
    },
    body: () => ({ status: 'rejected', note: 'Kept: a placement is being invoiced' }),
    expect: OWNER(),
  },
  // Issue 3: files (local storage links, made for the caller)
  {
    method: 'PUT',
    route: '/api/files/upload/:token/',
    path: (ctx) => fileLink(ctx, 'upload'),
    raw: { contentType: 'text/plain', text: 'hello' },
    expect: SIGNED_IN(),
  },
  {
    method: 'GET',
    route: '/api/files/download/:token/',
    path: (ctx) => fileLink(ctx, 'download'),
    expect: SIGNED_IN(),
  },
  // Issue 4: clients
  { method: 'GET', route: '/api/clients/', expect: READ() },
  { method: 'POST', route: '/api/clients/', body: CLIENT_BODY, expect: WRITE(201) },
  {
    method: 'GET',
    route: '/api/clients/:id/',
    path: async (ctx) => `/api/clients/${await newClient(ctx)}/`,
    expect: READ(),
  },
  {
    method: 'PATCH',
    route: '/api/clients/:id/',
    path: async (ctx) => `/api/clients/${await newClient(ctx)}/`,
    body: CLIENT_BODY,
    expect: WRITE(),
  },
  {
    method: 'POST',
    route: '/api/clients/:id/state/',
    path: async (ctx) => `/api/clients/${await newClient(ctx)}/state/`,
    body: () => ({ state: 'On Hold' }),
    expect: WRITE(),
  },
  {
    method: 'DELETE',
    route: '/api/clients/:id/',
    path: async (ctx) => `/api/clients/${await newClient(ctx)}/`,
    expect: WRITE(),
  },
  // Issue 16 item 4: archive, restore, and what a delete would meet (decision 021): whoever may edit.
  {
    method: 'POST',
    route: '/api/clients/:id/archive/',
    path: async (ctx) => `/api/clients/${await newClient(ctx)}/archive/`,
    expect: WRITE(),
  },
  {
    method: 'POST',
    route: '/api/clients/:id/restore/',
    path: async (ctx) => `/api/clients/${(await insertClient(ctx.t.db, { archivedAt: new Date() })).id}/restore/`,
    expect: WRITE(),
  },
  {
    method: 'GET',
    route: '/api/clients/:id/deletion/',
    path: async (ctx) => `/api/clients/${await newClient(ctx)}/deletion/`,
    expect: WRITE(),
  },
  {
    method: 'GET',
    route: '/api/clients/:id/roles/',
    path: async (ctx) => `/api/clients/${await newClient(ctx)}/roles/`,
    expect: READ(),
  },
  // Issue 33: contacts at clients, read and written like clients
  { method: 'GET', route: '/api/contacts/', expect: READ() },
  {
    method: 'POST',
    route: '/api/contacts/',
    path: async (ctx) => {
      stash.contactClientId = await newClient(ctx);
      return '/api/contacts/';
    },
    body: () => ({ client_id: stash.contactClientId, first_name: 'Matrix', last_name: 'Contact' }),
    expect: WRITE(201),
  },
  {
    method: 'GET',
    route: '/api/contacts/:id/',
    path: async (ctx) => `/api/contacts/${await newContact(ctx)}/`,
    expect: READ(),
  },
  {
    method: 'PUT',
    route: '/api/contacts/:id/',
    path: async (ctx) => `/api/contacts/${await newContact(ctx)}/`,
    body: () => ({ first_name: 'Renamed', email: 'renamed@client.test' }),
    expect: WRITE(),
  },
  {
    method: 'DELETE',
    route: '/api/contacts/:id/',
    path: async (ctx) => `/api/contacts/${await newContact(ctx)}/`,
    expect: WRITE(),
  },
  {
    method: 'GET',
    route: '/api/clients/:id/contacts/',
    path: async (ctx) => `/api/clients/${await newClient(ctx)}/contacts/`,
    expect: READ(),
  },
  // Issue 35: shortlist shares (read by everyone signed in, written like pipelines) and the public portal's
  // POSTs (no session, no CSRF token: a token that is not a live link is 404 for everyone)
  {
    method: 'POST',
    route: '/api/roles/:id/shares/',
    path: async (ctx) => {
      const share = await newShareScene(ctx);
      stash.ids = [share.contactId, share.pipelineId];
      return `/api/roles/${share.roleId}/shares/`;
    },
    body: () => ({ contact_ids: [stash.ids![0]], candidates: [{ pipeline_id: stash.ids![1] }] }),
    expect: WRITE(201),
  },
  {
    method: 'GET',
    route: '/api/roles/:id/shares/',
    path: async (ctx) => `/api/roles/${(await newShareScene(ctx)).roleId}/shares/`,
    expect: READ(),
  },
  {
    method: 'DELETE',
    route: '/api/shares/:id/',
    path: async (ctx) => `/api/shares/${(await newShareScene(ctx)).shareId}/`,
    expect: WRITE(),
  },
  {
    method: 'POST',
    route: '/api/shares/:id/renew/',
    path: async (ctx) => `/api/shares/${(await newShareScene(ctx)).shareId}/renew/`,
    body: () => ({}),
    expect: WRITE(),
  },
  ...(['approve', 'reject', 'comment'] as const).map((action): Entry => ({
    method: 'POST',
    route: `/api/portal/:token/candidates/:id/${action}/`,
    path: () => `/api/portal/${'A'.repeat(43)}/candidates/1/${action}/`,
    body: () => ({}),
    expect: all(404),
  })),
  {
    method: 'POST',
    route: '/api/portal/:token/more/',
    path: () => `/api/portal/${'A'.repeat(43)}/more/`,
    body: () => ({}),
    expect: all(404),
  },
  {
    method: 'POST',
    route: '/api/portal/:token/interviews/:id/outcome/',
    path: () => `/api/portal/${'A'.repeat(43)}/interviews/1/outcome/`,
    body: () => ({ outcome: 'passed' }),
    expect: all(404),
  },
  {
    method: 'POST',
    route: '/api/clients/:id/contacts/',
    path: async (ctx) => `/api/clients/${await newClient(ctx)}/contacts/`,
    body: () => ({ first_name: 'Matrix', email: 'matrix@client.test' }),
    expect: WRITE(201),
  },
  // Issue 33: the assistant's drafts (a client update for a fresh client: nothing sent, a draft answered)
  {
    method: 'POST',
    route: '/api/messages/drafts/',
    path: async (ctx) => {
      stash.draftClientId = await newClient(ctx);
      return '/api/messages/drafts/';
    },
    body: () => ({ request: 'draft an update', client_id: stash.draftClientId }),
    expect: WRITE(),
  },
  // Issue 33: email templates, bulk sends, the submittal email and sequences
  { method: 'GET', route: '/api/email-templates/', expect: WRITE() },
  { method: 'POST', route: '/api/email-templates/', body: TEMPLATE_BODY, expect: WRITE(201) },
  {
    method: 'GET',
    route: '/api/email-templates/:id/',
    path: async (ctx) => `/api/email-templates/${await newTemplate(ctx)}/`,
    expect: WRITE(),
  },
  {
    method: 'PUT',
    name: 'shared, by someone else',
    route: '/api/email-templates/:id/',
    path: async (ctx) => `/api/email-templates/${await newTemplate(ctx, 'shared', await fresh(ctx))}/`,
    body: () => ({ ...TEMPLATE_BODY(), scope: 'shared' }),
    expect: MANAGERS(),
  },
  {
    method: 'PUT',
    name: 'personal, the caller’s own',
    route: '/api/email-templates/:id/',
    path: async (ctx) => `/api/email-templates/${await newTemplate(ctx, 'personal', ctx.user?.id ?? null)}/`,
    body: TEMPLATE_BODY,
    expect: WRITE(),
  },
  {
    method: 'DELETE',
    route: '/api/email-templates/:id/',
    path: async (ctx) => `/api/email-templates/${await newTemplate(ctx, 'shared', await fresh(ctx))}/`,
    expect: MANAGERS(),
  },
  {
    method: 'POST',
    route: '/api/email-templates/:id/preview/',
    path: async (ctx) => {
      campaignStash.candidateId = await newCandidate(ctx);
      return `/api/email-templates/${await newTemplate(ctx)}/preview/`;
    },
    body: () => ({ candidate_id: campaignStash.candidateId }),
    expect: WRITE(),
  },
  {
    method: 'POST',
    route: '/api/messages/bulk/',
    path: async (ctx) => {
      campaignStash.templateId = await newTemplate(ctx);
      campaignStash.candidateId = await newCandidate(ctx);
      return '/api/messages/bulk/';
    },
    body: () => ({ template_id: campaignStash.templateId, candidate_ids: [campaignStash.candidateId] }),
    expect: WRITE(),
  },
  {
    method: 'POST',
    route: '/api/pipelines/:id/submittal-email/',
    path: async (ctx) => {
      const clientId = await newClient(ctx);
      campaignStash.contactId = (await insertContact(ctx.t.db, { clientId, email: `${uid(ctx)}@client.test` })).id;
      const roleId = await newRole(ctx, { clientId });
      return `/api/pipelines/${await newPipeline(ctx, { roleId, stage: 'submit_pending' })}/submittal-email/`;
    },
    body: () => ({
      to_contact_id: campaignStash.contactId,
      subject: 'Candidate',
      body_html: '<p>Hi</p>',
      attach_resume: false,
    }),
    expect: WRITE(201),
  },
  { method: 'GET', route: '/api/sequences/', expect: WRITE() },
  {
    method: 'POST',
    route: '/api/sequences/',
    path: async (ctx) => {
      campaignStash.templateId = await newTemplate(ctx);
      return '/api/sequences/';
    },
    body: SEQUENCE_BODY,
    expect: WRITE(201),
  },
  {
    method: 'GET',
    route: '/api/sequences/:id/',
    path: async (ctx) => `/api/sequences/${await newSequence(ctx)}/`,
    expect: WRITE(),
  },
  {
    method: 'PUT',
    name: 'by someone else',
    route: '/api/sequences/:id/',
    path: async (ctx) => {
      campaignStash.templateId = await newTemplate(ctx);
      return `/api/sequences/${await newSequence(ctx)}/`;
    },
    body: SEQUENCE_BODY,
    expect: MANAGERS(),
  },
  {
    method: 'DELETE',
    route: '/api/sequences/:id/',
    path: async (ctx) => `/api/sequences/${await newSequence(ctx)}/`,
    expect: MANAGERS(),
  },
  {
    method: 'POST',
    route: '/api/sequences/:id/enrol/',
    path: async (ctx) => {
      campaignStash.candidateId = await newCandidate(ctx);
      return `/api/sequences/${await newSequence(ctx)}/enrol/`;
    },
    body: () => ({ candidate_ids: [campaignStash.candidateId] }),
    expect: WRITE(),
  },
  {
    method: 'GET',
    route: '/api/sequences/:id/enrolments/',
    path: async (ctx) => `/api/sequences/${await newSequence(ctx)}/enrolments/`,
    expect: WRITE(),
  },
  {
    method: 'POST',
    route: '/api/sequences/:id/enrolments/:enrolmentId/stop/',
    path: async (ctx) => {
      const sequenceId = await newSequence(ctx);
      const [enrolment] = await ctx.t.db
        .insert(sequenceEnrolmentsTable)
        .values({ sequenceId, candidateId: await newCandidate(ctx), nextRunAt: new Date() })
        .returning();
      return `/api/sequences/${sequenceId}/enrolments/${enrolment!.id}/stop/`;
    },
    expect: WRITE(),
  },
  // Issue 4: roles
  {
    method: 'POST',
    route: '/api/roles/',
    path: async (ctx) => {
      stash.roleId = await newClient(ctx);
      return '/api/roles/';
    },
    body: ROLE_BODY,
    expect: WRITE(201),
  },
  // Issue 29 item 1: the public text as the careers pages will show it (a read: everyone signed in).
  {
    method: 'POST',
    route: '/api/roles/public-preview/',
    path: async (ctx) => {
      stash.roleId = await newClient(ctx);
      return '/api/roles/public-preview/';
    },
    body: () => ({ client_id: stash.roleId, name: 'Matrix Engineer', description_text: 'Build.' }),
    expect: READ(),
  },
  { method: 'GET', route: '/api/roles/form-data/', expect: READ() },
  { method: 'GET', route: '/api/roles/dashboard/', path: () => '/api/roles/dashboard/?recruiter=me', expect: READ() },
  { method: 'GET', route: '/api/roles/closed/', expect: READ() },
  { method: 'GET', route: '/api/roles/stats/', expect: READ() },
  { method: 'GET', route: '/api/roles/:id/', path: async (ctx) => `/api/roles/${await newRole(ctx)}/`, expect: READ() },
  {
    method: 'PUT',
    route: '/api/roles/:id/',
    path: async (ctx) => {
      const role = await insertRole(ctx.t.db);
      stash.roleId = role.clientId;
      return `/api/roles/${role.id}/`;
    },
    body: ROLE_BODY,
    expect: WRITE(),
  },
  {
    method: 'PATCH',
    route: '/api/roles/:id/field/',
    path: async (ctx) => `/api/roles/${await newRole(ctx)}/field/`,
    body: () => ({ field: 'priority', value: 'high' }),
    expect: WRITE(),
  },
  {
    method: 'POST',
    route: '/api/roles/:id/close/',
    path: async (ctx) => `/api/roles/${await newRole(ctx)}/close/`,
    body: () => ({ reason: 'filled' }),
    expect: WRITE(),
  },
  {
    method: 'POST',
    route: '/api/roles/:id/reopen/',
    path: async (ctx) => `/api/roles/${await newRole(ctx, { state: 'closed', closeReason: 'other' })}/reopen/`,
    expect: WRITE(),
  },
  {
    method: 'POST',
    route: '/api/roles/:id/archive/',
    path: async (ctx) => `/api/roles/${await newRole(ctx, { state: 'closed', closeReason: 'filled' })}/archive/`,
    expect: WRITE(),
  },
  {
    method: 'POST',
    route: '/api/roles/:id/restore/',
    path: async (ctx) =>
      `/api/roles/${await newRole(ctx, { state: 'closed', closeReason: 'filled', archivedAt: new Date() })}/restore/`,
    expect: WRITE(),
  },
  {
    method: 'GET',
    route: '/api/roles/:id/deletion/',
    path: async (ctx) => `/api/roles/${await newRole(ctx)}/deletion/`,
    expect: WRITE(),
  },
  {
    method: 'DELETE',
    route: '/api/roles/:id/',
    path: async (ctx) => `/api/roles/${await newRole(ctx)}/`,
    expect: WRITE(),
  },
  {
    method: 'GET',
    route: '/api/roles/:id/payout/',
    path: async (ctx) => `/api/roles/${await newRole(ctx)}/payout/`,
    expect: READ(),
  },
  // Issue 4: job qualifications
  {
    method: 'GET',
    route: '/api/roles/:id/qualifications/',
    path: async (ctx) => `/api/roles/${await newRole(ctx)}/qualifications/`,
    expect: READ(),
  },
  {
    method: 'POST',
    route: '/api/roles/:id/qualifications/reorder/',
    path: async (ctx) => {
      const roleId = await newRole(ctx);
      stash.ids = [await newQualification(ctx, roleId), await newQualification(ctx, roleId)].reverse();
      return `/api/roles/${roleId}/qualifications/reorder/`;
    },
    body: () => ({ ids: stash.ids }),
    expect: WRITE(),
  },
  {
    method: 'POST',
    route: '/api/job-qualifications/',
    path: async (ctx) => {
      stash.roleId = await newRole(ctx);
      return '/api/job-qualifications/';
    },
    body: () => ({ role_id: stash.roleId, name: 'TypeScript' }),
    expect: WRITE(201),
  },
  {
    method: 'GET',
    route: '/api/job-qualifications/:id/',
    path: async (ctx) => `/api/job-qualifications/${await newQualification(ctx)}/`,
    expect: READ(),
  },
  {
    method: 'PUT',
    route: '/api/job-qualifications/:id/',
    path: async (ctx) => `/api/job-qualifications/${await newQualification(ctx)}/`,
    body: () => ({ name: 'Rust' }),
    expect: WRITE(),
  },
  {
    method: 'DELETE',
    route: '/api/job-qualifications/:id/',
    path: async (ctx) => `/api/job-qualifications/${await newQualification(ctx)}/`,
    expect: WRITE(),
  },
  // Issue 4: job descriptions
  {
    method: 'GET',
    route: '/api/roles/:id/job-description/',
    path: async (ctx) => `/api/roles/${await newRole(ctx)}/job-description/`,
    expect: READ(),
  },
  {
    method: 'PUT',
    route: '/api/roles/:id/job-description/',
    path: async (ctx) => `/api/roles/${await newRole(ctx)}/job-description/`,
    body: () => ({ text: 'About the role' }),
    expect: WRITE(),
  },
  {
    method: 'POST',
    route: '/api/roles/:id/job-description/upload-url/',
    path: async (ctx) => `/api/roles/${await newRole(ctx)}/job-description/upload-url/`,
    body: () => ({ filename: 'jd.pdf', content_type: 'application/pdf', size: 1000 }),
    expect: WRITE(),
  },
  {
    method: 'POST',
    route: '/api/roles/:id/job-description/confirm/',
    path: async (ctx) => {
      stash.roleId = await newRole(ctx);
      return `/api/roles/${stash.roleId}/job-description/confirm/`;
    },
    body: (ctx) => ({
      key: `job-descriptions/${stash.roleId}/${ctx.user?.id ?? 1}-${'x'.repeat(24)}.pdf`,
      filename: 'jd.pdf',
    }),
    expect: WRITE(404),
  },
  {
    method: 'GET',
    route: '/api/roles/:id/job-description/download-url/',
    path: async (ctx) => `/api/roles/${await roleWithFile(ctx)}/job-description/download-url/`,
    expect: READ(),
  },
  {
    method: 'DELETE',
    route: '/api/roles/:id/job-description/file/',
    path: async (ctx) => `/api/roles/${await roleWithFile(ctx)}/job-description/file/`,
    expect: WRITE(),
  },
  // Issue 4: notes
  {
    method: 'GET',
    route: '/api/notes/:model_type/:object_id/',
    path: async (ctx) => `/api/notes/client/${await newClient(ctx)}/`,
    expect: READ(),
  },
  {
    method: 'POST',
    route: '/api/notes/:model_type/:object_id/',
    path: async (ctx) => `/api/notes/role/${await newRole(ctx)}/`,
    body: () => ({ body: 'A note' }),
    expect: WRITE(201),
  },
  {
    method: 'GET',
    route: '/api/notes/:model_type/:object_id/summary/',
    path: async (ctx) => `/api/notes/role/${await newRole(ctx)}/summary/`,
    expect: READ(),
  },
  {
    method: 'PATCH',
    route: '/api/notes/item/:id/',
    path: async (ctx) =>
      `/api/notes/item/${(await insertNote(ctx.t.db, { modelType: 'client', objectId: await newClient(ctx), authorId: ctx.user?.id ?? null })).id}/`,
    body: () => ({ pinned: true }),
    expect: WRITE(),
  },
  {
    method: 'DELETE',
    route: '/api/notes/item/:id/',
    path: async (ctx) =>
      `/api/notes/item/${(await insertNote(ctx.t.db, { modelType: 'client', objectId: await newClient(ctx), authorId: ctx.user?.id ?? null })).id}/`,
    expect: WRITE(),
  },
  // Issue 5: candidates
  {
    method: 'GET',
    route: '/api/candidates/',
    path: () => '/api/candidates/?search=matrix&skills=go&status=active&experience=3-5',
    expect: READ(),
  },
  { method: 'POST', route: '/api/candidates/', body: CANDIDATE_BODY, expect: WRITE(201) },
  {
    method: 'GET',
    route: '/api/candidates/duplicates/',
    path: () => '/api/candidates/duplicates/?email=someone%40example.test',
    expect: READ(),
  },
  { method: 'GET', route: '/api/candidates/skills/', path: () => '/api/candidates/skills/?q=py', expect: READ() },
  {
    method: 'GET',
    route: '/api/candidates/:id/',
    path: async (ctx) => `/api/candidates/${await newCandidate(ctx)}/`,
    expect: READ(),
  },
  {
    method: 'PUT',
    route: '/api/candidates/:id/',
    path: async (ctx) => `/api/candidates/${await newCandidate(ctx)}/`,
    body: CANDIDATE_BODY,
    expect: WRITE(),
  },
  {
    method: 'DELETE',
    route: '/api/candidates/:id/',
    path: async (ctx) => `/api/candidates/${await newCandidate(ctx)}/`,
    expect: WRITE(),
  },
  // Issue 5: resumes
  {
    method: 'POST',
    route: '/api/candidates/:id/resume/upload-url/',
    path: async (ctx) => `/api/candidates/${await newCandidate(ctx)}/resume/upload-url/`,
    body: () => ({ filename: 'cv.pdf', content_type: 'application/pdf', size: 1000 }),
    expect: WRITE(),
  },
  {
    method: 'PATCH',
    route: '/api/candidates/:id/resume/',
    name: 'confirm a missing upload',
    path: async (ctx) => {
      stash.ids = [await newCandidate(ctx)];
      return `/api/candidates/${stash.ids[0]}/resume/`;
    },
    body: (ctx) => ({
      key: `resumes/${stash.ids?.[0]}/${ctx.user?.id ?? 1}-${'x'.repeat(24)}.pdf`,
      filename: 'cv.pdf',
    }),
    expect: WRITE(404),
  },
  {
    method: 'PATCH',
    route: '/api/candidates/:id/resume/',
    name: 'rename',
    path: async (ctx) => `/api/candidates/${await candidateWithResume(ctx)}/resume/`,
    body: () => ({ filename: 'Renamed.pdf' }),
    expect: WRITE(),
  },
  {
    method: 'GET',
    route: '/api/candidates/:id/resume/download-url/',
    path: async (ctx) => `/api/candidates/${await candidateWithResume(ctx)}/resume/download-url/`,
    expect: READ(),
  },
  {
    method: 'DELETE',
    route: '/api/candidates/:id/resume/',
    path: async (ctx) => `/api/candidates/${await candidateWithResume(ctx)}/resume/`,
    expect: WRITE(),
  },
  // Issue 34: a candidate's personal data (owners decide: decision 118)
  {
    method: 'POST',
    route: '/api/candidates/:id/export-personal-data/',
    path: async (ctx) => `/api/candidates/${await newCandidate(ctx)}/export-personal-data/`,
    expect: OWNER(),
  },
  {
    method: 'POST',
    route: '/api/candidates/:id/restrict/',
    path: async (ctx) => `/api/candidates/${await newCandidate(ctx)}/restrict/`,
    body: () => ({ restricted: true }),
    expect: OWNER(),
  },
  {
    method: 'POST',
    route: '/api/candidates/:id/erase/',
    path: async (ctx) => {
      const row = await insertCandidate(ctx.t.db, { firstName: 'Matrix', lastName: 'Erasable' });
      return `/api/candidates/${row.id}/erase/`;
    },
    body: () => ({ confirm_name: 'Matrix Erasable' }),
    expect: OWNER(),
  },
  // Issue 31: bulk resume upload (a batch is its uploader's and the owners')
  {
    method: 'POST',
    route: '/api/resumes/bulk/',
    raw: {
      contentType: `multipart/form-data; boundary=${MULTIPART_BOUNDARY}`,
      text: [
        `--${MULTIPART_BOUNDARY}`,
        'Content-Disposition: form-data; name="files"; filename="cv.pdf"',
        'Content-Type: application/pdf',
        '',
        '%PDF-1.4 resume',
        `--${MULTIPART_BOUNDARY}--`,
        '',
      ].join('\r\n'),
    },
    expect: WRITE(201),
  },
  {
    method: 'GET',
    route: '/api/resumes/bulk/:id/',
    path: async (ctx) => `/api/resumes/bulk/${await resumeBatch(ctx)}/`,
    expect: WRITE(),
  },
  {
    method: 'GET',
    route: '/api/resumes/bulk/:id/',
    name: "another recruiter's",
    path: async (ctx) => `/api/resumes/bulk/${await resumeBatch(ctx, (await ctx.target()).id)}/`,
    expect: { anonymous: 401, owner: 200, superuser: 404, recruiter: 404, viewer: 403 },
  },
  {
    method: 'POST',
    route: '/api/resumes/bulk/:id/confirm/',
    path: async (ctx) => `/api/resumes/bulk/${await resumeBatch(ctx)}/confirm/`,
    body: () => ({ ids: stash.ids }),
    expect: WRITE(),
  },
  {
    method: 'POST',
    route: '/api/resumes/bulk/:id/discard/',
    path: async (ctx) => `/api/resumes/bulk/${await resumeBatch(ctx)}/discard/`,
    expect: WRITE(),
  },
  // Issue 31: imports (owners and superusers), the agency export (owners)
  { method: 'POST', route: '/api/imports/', raw: CSV_UPLOAD('candidates'), expect: ADMIN(201) },
  { method: 'GET', route: '/api/imports/', expect: ADMIN() },
  {
    method: 'GET',
    route: '/api/imports/:id/',
    path: async (ctx) => `/api/imports/${await newImport(ctx)}/`,
    expect: ADMIN(),
  },
  {
    method: 'POST',
    route: '/api/imports/:id/preview/',
    path: async (ctx) => `/api/imports/${await newImport(ctx)}/preview/`,
    body: IMPORT_RUN_BODY,
    expect: ADMIN(),
  },
  {
    method: 'POST',
    route: '/api/imports/:id/start/',
    path: async (ctx) => `/api/imports/${await newImport(ctx)}/start/`,
    body: IMPORT_RUN_BODY,
    expect: ADMIN(202),
  },
  {
    method: 'POST',
    route: '/api/imports/:id/undo/',
    name: 'an import not run',
    path: async (ctx) => `/api/imports/${await newImport(ctx)}/undo/`,
    expect: ADMIN(409),
  },
  {
    method: 'GET',
    route: '/api/imports/:id/report.csv',
    path: async (ctx) => `/api/imports/${await newImport(ctx)}/report.csv`,
    expect: ADMIN(),
  },
  { method: 'GET', route: '/api/import-mappings/', expect: ADMIN() },
  {
    method: 'POST',
    route: '/api/import-mappings/',
    body: (ctx) => ({
      name: `Matrix ${uid(ctx)}`,
      kind: 'candidates',
      headers: ['First name', 'Last name', 'Email'],
      targets: ['first_name', 'last_name', 'email'],
    }),
    expect: ADMIN(201),
  },
  {
    method: 'DELETE',
    route: '/api/import-mappings/:id/',
    name: 'unknown',
    path: () => '/api/import-mappings/999999/',
    expect: ADMIN(404),
  },
  { method: 'POST', route: '/api/exports/', expect: OWNER(202) },
  { method: 'GET', route: '/api/exports/', expect: OWNER() },
  {
    method: 'GET',
    route: '/api/exports/:id/',
    path: async (ctx) => `/api/exports/${await newExport(ctx)}/`,
    expect: OWNER(),
  },
  {
    method: 'GET',
    route: '/api/exports/download/:token/',
    name: 'forged',
    path: () => '/api/exports/download/forged-token/',
    expect: OWNER(404),
  },
  {
    method: 'POST',
    route: '/api/imports/agency/',
    name: 'into a RecruitDesk that holds data',
    raw: CSV_UPLOAD('agency'),
    expect: OWNER(409),
  },
  // Issue 32: matching (read as the role and the candidate are; feedback and weights as writes)
  {
    method: 'GET',
    route: '/api/roles/:id/matches/',
    path: async (ctx) => `/api/roles/${await newRole(ctx)}/matches/`,
    expect: READ(),
  },
  {
    method: 'GET',
    route: '/api/roles/:id/matches/explain/',
    path: async (ctx) => `/api/roles/${await newRole(ctx)}/matches/explain/?candidate_id=${await newCandidate(ctx)}`,
    expect: READ(),
  },
  {
    method: 'POST',
    route: '/api/roles/:id/matches/feedback/',
    path: async (ctx) => {
      stash.ids = [await newCandidate(ctx)];
      return `/api/roles/${await newRole(ctx)}/matches/feedback/`;
    },
    body: () => ({ candidate_id: stash.ids?.[0], verdict: 'not_a_fit', reason: 'Wants to stay in Berlin.' }),
    expect: WRITE(),
  },
  {
    method: 'PUT',
    route: '/api/roles/:id/match-weights/',
    path: async (ctx) => `/api/roles/${await newRole(ctx)}/match-weights/`,
    body: () => ({ weights: DEFAULT_MATCH_WEIGHTS, must_skills: [] }),
    expect: WRITE(),
  },
  {
    method: 'GET',
    route: '/api/candidates/:id/matching-roles/',
    path: async (ctx) => `/api/candidates/${await newCandidate(ctx)}/matching-roles/`,
    expect: READ(),
  },
  {
    method: 'GET',
    route: '/api/applications/:id/matching-roles/',
    path: async (ctx) => `/api/applications/${await newApplication(ctx)}/matching-roles/`,
    expect: READ(),
  },
  // Issue 6: pipelines
  {
    method: 'GET',
    route: '/api/roles/:id/pipelines/',
    path: async (ctx) => `/api/roles/${await newRole(ctx)}/pipelines/?state=all`,
    expect: READ(),
  },
  {
    method: 'POST',
    route: '/api/roles/:id/pipelines/',
    path: async (ctx) => {
      stash.ids = [await newCandidate(ctx)];
      return `/api/roles/${await newRole(ctx)}/pipelines/`;
    },
    body: () => ({ candidate_id: stash.ids?.[0] }),
    expect: WRITE(201),
  },
  {
    method: 'POST',
    route: '/api/roles/:id/candidates/',
    path: async (ctx) => `/api/roles/${await newRole(ctx)}/candidates/`,
    body: () => ({ candidate: CANDIDATE_BODY() }),
    expect: WRITE(201),
  },
  {
    method: 'GET',
    route: '/api/roles/:id/candidates/',
    path: async (ctx) => `/api/roles/${await newRole(ctx)}/candidates/?search=matrix&state=open`,
    expect: READ(),
  },
  {
    method: 'GET',
    route: '/api/roles/:id/candidates/export/',
    path: async (ctx) => `/api/roles/${(await insertPipeline(ctx.t.db)).roleId}/candidates/export/`,
    expect: READ(),
  },
  {
    method: 'GET',
    route: '/api/roles/:id/pipeline-headers/',
    path: async (ctx) => `/api/roles/${await newRole(ctx)}/pipeline-headers/`,
    expect: READ(),
  },
  {
    method: 'GET',
    route: '/api/candidates/:id/detail/',
    path: async (ctx) => `/api/candidates/${(await insertPipeline(ctx.t.db)).candidateId}/detail/`,
    expect: READ(),
  },
  { method: 'GET', route: '/api/pipelines/form-data/', expect: READ() },
  {
    method: 'GET',
    route: '/api/pipelines/:id/',
    path: async (ctx) => `/api/pipelines/${await newPipeline(ctx)}/`,
    expect: READ(),
  },
  {
    method: 'PATCH',
    route: '/api/pipelines/:id/',
    path: async (ctx) => `/api/pipelines/${await newPipeline(ctx)}/`,
    body: () => ({ version: 1, stage: 'submitted' }),
    expect: WRITE(),
  },
  {
    method: 'DELETE',
    route: '/api/pipelines/:id/',
    path: async (ctx) => `/api/pipelines/${await newPipeline(ctx)}/`,
    expect: WRITE(),
  },
  {
    method: 'POST',
    route: '/api/pipelines/:id/close/',
    path: async (ctx) => `/api/pipelines/${await newPipeline(ctx)}/close/`,
    body: () => ({ version: 1, reason: 'other' }),
    expect: WRITE(),
  },
  {
    method: 'POST',
    route: '/api/pipelines/:id/reopen/',
    path: async (ctx) =>
      `/api/pipelines/${await newPipeline(ctx, { state: 'closed', closeReason: 'other', closedAt: new Date() })}/reopen/`,
    body: () => ({ version: 1 }),
    expect: WRITE(),
  },
  PIPELINE_ACTION('book-interview', newPipeline, { scheduled_at: '2030-01-07T10:00:00Z' }),
  PIPELINE_ACTION('internal-interview-outcome', interviewingPipeline, { outcome: 'passed' }),
  PIPELINE_ACTION('client-interview-outcome', clientInterviewPipeline, { outcome: 'passed' }),
  PIPELINE_ACTION('submit-pending', newPipeline, {}),
  PIPELINE_ACTION('submittal', newPipeline, { submitted_on: '2026-11-20' }),
  PIPELINE_ACTION('submittal-outcome', submittedPipeline, { outcome: 'offer' }),
  // Issue 9: the shell search (what each user finds is tested in search.test.ts)
  { method: 'GET', route: '/api/search/', path: () => '/api/search/?q=matrix', expect: READ() },
  // Issue 11: the calendar (the invoice feed answers everyone, empty but for owners: calendar.test.ts)
  ...(['interviews', 'roles', 'retainer-clients', 'invoice-payouts'] as const).map((feed) => ({
    method: 'GET' as const,
    route: `/api/calendar/${feed}/`,
    path: () => `/api/calendar/${feed}/?start=2030-01-01&end=2030-02-01`,
    expect: READ(),
  })),
  {
    method: 'GET',
    route: '/api/interviews/',
    path: () => '/api/interviews/?start=2030-01-01&end=2030-02-01',
    expect: READ(),
  },
  // Issue 35: interview scheduling (times offered for a submitted pipeline; the links' pick is public, the token
  // decides: an unknown one is 404 for everyone).
  {
    method: 'GET',
    route: '/api/pipelines/:id/slots/',
    path: async (ctx) => `/api/pipelines/${await newPipeline(ctx)}/slots/`,
    expect: READ(),
  },
  {
    method: 'POST',
    route: '/api/pipelines/:id/slots/',
    path: async (ctx) => `/api/pipelines/${(await schedulablePipeline(ctx)).pipelineId}/slots/`,
    body: () => ({
      interviewer_id: stash.interviewerId,
      time_zone: 'Europe/London',
      slots: [{ start: '2099-01-12T09:00' }],
    }),
    expect: WRITE(201),
  },
  {
    method: 'POST',
    route: '/api/pipelines/:id/slots/cancel/',
    path: async (ctx) => {
      const { pipelineId, interviewer } = await schedulablePipeline(ctx);
      await offerSlots(ctx.t.app.deps, interviewer, pipelineId, {
        interviewer_id: interviewer.id,
        time_zone: 'Europe/London',
        duration_minutes: 60,
        location: '',
        meeting_url: '',
        note: '',
        slots: [{ start: '2099-01-12T09:00' }],
      });
      return `/api/pipelines/${pipelineId}/slots/cancel/`;
    },
    body: () => ({}),
    expect: WRITE(),
  },
  {
    method: 'POST',
    route: '/api/schedule/:token/outcome/',
    path: () => `/api/schedule/${'a'.repeat(43)}/outcome/`,
    body: () => ({ outcome: 'passed' }),
    expect: all(404),
  },
  {
    method: 'POST',
    route: '/api/schedule/:token/pick/',
    path: () => `/api/schedule/${'a'.repeat(43)}/pick/`,
    body: () => ({ slot_id: 1 }),
    expect: all(404),
  },
  { method: 'GET', route: '/api/calendar/subscription/', expect: READ() },
  { method: 'POST', route: '/api/calendar/subscription/rotate/', expect: READ() },
  // Public: the secret is the key; an unknown one is 404 for everyone, signed in or not.
  {
    method: 'GET',
    route: '/api/calendar/ical/:token/',
    path: () => `/api/calendar/ical/${'a'.repeat(43)}/`,
    expect: all(404),
  },
  // Issue 12: analytics (money fields absent for non-owners: analytics.test.ts) and the dashboard's attention
  // list; issue 14: where placements come from (the sources set)
  ...ANALYTICS_SETS.map((set) => ({
    method: 'GET' as const,
    route: `/api/analytics/${set}/`,
    expect: READ(),
  })),
  { method: 'GET', route: '/api/dashboard/attention/', expect: READ() },
  // Issue 11: invoices and payouts, owners only (every other user type 403, before anything is looked up)
  { method: 'GET', route: '/api/invoices/', expect: OWNER() },
  { method: 'GET', route: '/api/invoices/statistics/', expect: OWNER() },
  {
    method: 'GET',
    route: '/api/invoices/:id/',
    path: async (ctx) => `/api/invoices/${(await insertInvoice(ctx.t.db)).id}/`,
    expect: OWNER(),
  },
  {
    method: 'GET',
    route: '/api/invoices/:id/pdf/',
    path: async (ctx) => `/api/invoices/${(await insertInvoice(ctx.t.db)).id}/pdf/`,
    expect: OWNER(),
  },
  {
    method: 'PUT',
    route: '/api/invoices/:id/',
    path: async (ctx) => `/api/invoices/${(await insertInvoice(ctx.t.db)).id}/`,
    body: () => INVOICE_BODY,
    expect: OWNER(),
  },
  {
    method: 'PATCH',
    route: '/api/invoices/:id/',
    path: async (ctx) => `/api/invoices/${(await insertInvoice(ctx.t.db)).id}/`,
    body: () => ({ tax_rate: '10' }),
    expect: OWNER(),
  },
  {
    method: 'DELETE',
    route: '/api/invoices/:id/',
    path: async (ctx) => `/api/invoices/${(await insertInvoice(ctx.t.db)).id}/`,
    expect: OWNER(),
  },
  {
    method: 'POST',
    route: '/api/invoices/:id/send/',
    path: async (ctx) => `/api/invoices/${(await insertInvoice(ctx.t.db)).id}/send/`,
    body: () => ({}),
    expect: OWNER(),
  },
  {
    method: 'POST',
    route: '/api/invoices/:id/void/',
    path: async (ctx) => `/api/invoices/${(await insertInvoice(ctx.t.db, { status: 'sent' })).id}/void/`,
    body: () => ({ reason: 'Matrix' }),
    expect: OWNER(),
  },
  {
    method: 'POST',
    route: '/api/invoices/:id/payouts/',
    path: async (ctx) =>
      `/api/invoices/${(await insertInvoice(ctx.t.db, { status: 'sent', issueDate: '2026-01-01' })).id}/payouts/`,
    body: () => ({ date: '2026-01-02', amount: '10.00' }),
    expect: OWNER(201),
  },
  {
    method: 'POST',
    route: '/api/invoices/:id/credit-note/',
    path: async (ctx) => `/api/invoices/${(await insertPlacementInvoice(ctx.t.db)).id}/credit-note/`,
    body: () => ({ reason: 'Left', fell_off_on: new Date().toISOString().slice(0, 10) }),
    expect: OWNER(201),
  },
  {
    method: 'GET',
    route: '/api/roles/:id/invoices/',
    path: async (ctx) => `/api/roles/${await newRole(ctx)}/invoices/`,
    expect: OWNER(),
  },
  {
    method: 'GET',
    route: '/api/roles/:id/invoices/draft/',
    path: async (ctx) => `/api/roles/${await newRole(ctx)}/invoices/draft/`,
    expect: OWNER(),
  },
  {
    method: 'POST',
    route: '/api/roles/:id/invoices/',
    path: async (ctx) => `/api/roles/${await newRole(ctx)}/invoices/`,
    body: () => ({ lines: INVOICE_BODY.lines }),
    expect: OWNER(201),
  },
  {
    method: 'GET',
    route: '/api/clients/:id/invoices/',
    path: async (ctx) => `/api/clients/${await newClient(ctx)}/invoices/`,
    expect: OWNER(),
  },
  {
    method: 'GET',
    route: '/api/clients/:id/invoices/draft/',
    path: async (ctx) =>
      `/api/clients/${(await insertClient(ctx.t.db, { clientType: 'retainer' })).id}/invoices/draft/`,
    expect: OWNER(),
  },
  {
    method: 'POST',
    route: '/api/clients/:id/invoices/',
    path: async (ctx) => `/api/clients/${(await insertClient(ctx.t.db, { clientType: 'retainer' })).id}/invoices/`,
    body: () => ({ instalment: 0 }),
    expect: OWNER(201),
  },
  // Issue 13: the assistant's chats, owners only; a chat is its creator's alone (another owner's: 404, chat.test.ts)
  {
    method: 'POST',
    route: '/api/chat/create/',
    body: () => ({ initial_message: 'How many open roles?' }),
    expect: OWNER(),
  },
  { method: 'GET', route: '/api/chat/user/chats/', expect: OWNER() },
  {
    method: 'GET',
    route: '/api/chat/:id/',
    path: async (ctx) => `/api/chat/${(await insertChatOf(ctx)).id}/`,
    expect: OWNER(),
  },
  // Issue 14: the applications inbox (viewers read, cannot decide) and the public form (no session; JSON is 415)
  {
    method: 'GET',
    route: '/api/roles/:id/applications/',
    path: async (ctx) => `/api/roles/${await newRole(ctx)}/applications/`,
    expect: READ(),
  },
  // Weekly job-board data (issue 14): recruiters work it, viewers read it.
  {
    method: 'GET',
    route: '/api/job-postings/overview/',
    path: () => '/api/job-postings/overview/?week=2026-01-05',
    expect: READ(),
  },
  { method: 'GET', route: '/api/job-postings/form-data/', expect: READ() },
  { method: 'GET', route: '/api/job-postings/performance/', expect: READ() },
  {
    method: 'POST',
    route: '/api/job-postings/',
    path: async (ctx) => {
      postedRoleId = await newRole(ctx, { indeedPosting: true });
      return '/api/job-postings/';
    },
    body: () => ({
      role_id: postedRoleId,
      week_start: '2026-01-05',
      status: 'active',
      daily_budget_minor: 0,
      spend_minor: 0,
      impressions: 0,
      clicks: 0,
      apply_starts: 0,
      applies: 0,
    }),
    expect: WRITE(201),
  },
  {
    method: 'PUT',
    route: '/api/job-postings/:id/',
    path: async (ctx) => {
      const [posting] = await insertJobPostings(ctx.t.db, [
        { roleId: await newRole(ctx, { indeedPosting: true }), weekStart: '2026-01-05' },
      ]);
      return `/api/job-postings/${posting!.id}/`;
    },
    body: () => ({
      status: 'paused',
      daily_budget_minor: 0,
      spend_minor: 0,
      impressions: 0,
      clicks: 0,
      apply_starts: 0,
      applies: 0,
    }),
    expect: WRITE(),
  },
  {
    method: 'POST',
    route: '/api/job-postings/import/upload/',
    body: () => ({ csv: 'Job,Date,Clicks\nAnalyst,2026-01-05,3\n' }),
    expect: WRITE(),
  },
  {
    method: 'POST',
    route: '/api/job-postings/import/preview/',
    body: () => ({
      csv: 'Job,Date,Clicks\nNo such role,2026-01-05,3\n',
      mapping: { role: 'Job', week_start: 'Date', clicks: 'Clicks' },
    }),
    expect: WRITE(400),
  },
  {
    method: 'POST',
    route: '/api/job-postings/import/',
    body: () => ({
      csv: 'Job,Date,Clicks\nNo such role,2026-01-05,3\n',
      mapping: { role: 'Job', week_start: 'Date', clicks: 'Clicks' },
    }),
    expect: WRITE(400),
  },
  { method: 'GET', route: '/api/applications/', path: () => '/api/applications/?mine=true', expect: READ() },
  {
    method: 'GET',
    route: '/api/applications/:id/',
    path: async (ctx) => `/api/applications/${await newApplication(ctx)}/`,
    expect: READ(),
  },
  {
    method: 'GET',
    route: '/api/applications/:id/resume/download-url/',
    path: async (ctx) => `/api/applications/${await newApplication(ctx, true)}/resume/download-url/`,
    expect: READ(),
  },
  {
    method: 'POST',
    route: '/api/applications/:id/reject/',
    path: async (ctx) => `/api/applications/${await newApplication(ctx)}/reject/`,
    body: () => ({ reason: 'Not a fit' }),
    expect: WRITE(),
  },
  {
    method: 'POST',
    route: '/api/applications/:id/convert/',
    path: async (ctx) => `/api/applications/${await newApplication(ctx)}/convert/`,
    body: () => ({}),
    expect: WRITE(),
  },
  { method: 'POST', route: '/api/public/applications/', body: () => ({ role_id: 1 }), expect: all(415) },
  // Issue 31: the skill vocabulary and resume parsing
  { method: 'GET', route: '/api/skills/aliases/', expect: READ() },
  {
    method: 'POST',
    route: '/api/skills/aliases/',
    body: (ctx) => ({ alias: `alias ${uid(ctx)}`, canonical: 'Python' }),
    expect: ADMIN(201),
  },
  {
    method: 'DELETE',
    route: '/api/skills/aliases/:id/',
    path: async (ctx) => {
      const [row] = await ctx.t.db
        .insert(skillAliasesTable)
        .values({ alias: `alias ${uid(ctx)}`, canonical: 'Go' })
        .returning();
      return `/api/skills/aliases/${row!.id}/`;
    },
    expect: ADMIN(),
  },
  {
    method: 'POST',
    route: '/api/resumes/parse/',
    raw: {
      contentType: 'multipart/form-data; boundary=matrixboundary',
      text: '--matrixboundary\r\nContent-Disposition: form-data; name="file"; filename="cv.txt"\r\nContent-Type: text/plain\r\n\r\nJane Doe\njane@example.com\r\n--matrixboundary--\r\n',
    },
    expect: WRITE(),
  },
  // Issue 33: the outbox, a message, its attachments, resend and cancel, and the records' timelines
  {
    method: 'POST',
    route: '/api/messages/',
    body: () => ({
      to: [{ name: 'Matrix', address: 'matrix@example.test' }],
      subject: 'Matrix',
      body_html: '<p>Hello</p>',
    }),
    expect: WRITE(201),
  },
  {
    method: 'POST',
    route: '/api/messages/attachments/',
    raw: {
      contentType: 'multipart/form-data; boundary=matrixboundary',
      text: '--matrixboundary\r\nContent-Disposition: form-data; name="file"; filename="note.txt"\r\nContent-Type: text/plain\r\n\r\nHello\r\n--matrixboundary--\r\n',
    },
    expect: WRITE(201),
  },
  {
    method: 'GET',
    route: '/api/messages/:id/',
    path: async (ctx) => `/api/messages/${await newMessage(ctx, 'sent')}/`,
    expect: READ(),
  },
  {
    method: 'GET',
    route: '/api/messages/:id/attachments/:attachmentId/',
    path: async (ctx) => {
      const messageId = await newMessage(ctx, 'sent');
      const key = `message-files/matrix-${uid(ctx)}`;
      await ctx.t.app.deps.storage.write(key, Buffer.from('hello'), 'text/plain');
      const [row] = await ctx.t.db
        .insert(messageAttachmentsTable)
        .values({ messageId, filename: 'note.txt', contentType: 'text/plain', size: 5, storageKey: key })
        .returning();
      return `/api/messages/${messageId}/attachments/${row!.id}/`;
    },
    expect: READ(),
  },
  {
    method: 'POST',
    route: '/api/messages/:id/resend/',
    path: async (ctx) => `/api/messages/${await newMessage(ctx, 'failed')}/resend/`,
    expect: WRITE(),
  },
  {
    method: 'POST',
    route: '/api/messages/:id/cancel/',
    path: async (ctx) => `/api/messages/${await newMessage(ctx, 'queued')}/cancel/`,
    expect: WRITE(),
  },
  {
    method: 'GET',
    route: '/api/candidates/:id/timeline/',
    path: async (ctx) => `/api/candidates/${(await insertCandidate(ctx.t.db)).id}/timeline/`,
    expect: READ(),
  },
  {
    method: 'GET',
    route: '/api/contacts/:id/timeline/',
    path: async (ctx) => `/api/contacts/${await newContact(ctx)}/timeline/`,
    expect: READ(),
  },
  {
    method: 'GET',
    route: '/api/clients/:id/timeline/',
    path: async (ctx) => `/api/clients/${await newClient(ctx)}/timeline/`,
    expect: READ(),
  },
  {
    method: 'GET',
    route: '/api/roles/:id/timeline/',
    path: async (ctx) => `/api/roles/${await newRole(ctx)}/timeline/`,
    expect: READ(),
  },
  {
    method: 'GET',
    route: '/api/pipelines/:id/timeline/',
    path: async (ctx) => `/api/pipelines/${await newPipeline(ctx)}/timeline/`,
    expect: READ(),
  },
  // Issue 33: mailboxes (owners all; superusers shared + own; recruiters their own personal ones) and Unmatched
  { method: 'GET', route: '/api/mailboxes/', expect: WRITE() },
  {
    method: 'POST',
    route: '/api/mailboxes/',
    name: 'personal',
    body: () => stashedAccount,
    path: async (ctx) => {
      stashedAccount = await matrixMailboxAccount(ctx, 'personal');
      return '/api/mailboxes/';
    },
    expect: WRITE(201),
  },
  {
    method: 'POST',
    route: '/api/mailboxes/',
    name: 'shared',
    body: () => stashedAccount,
    path: async (ctx) => {
      stashedAccount = await matrixMailboxAccount(ctx, 'shared');
      return '/api/mailboxes/';
    },
    expect: { anonymous: 401, owner: 201, superuser: 201, recruiter: 403, viewer: 403 },
  },
  {
    method: 'GET',
    route: '/api/mailboxes/:id/',
    path: async (ctx) => `/api/mailboxes/${await newMailbox(ctx, 'shared')}/`,
    expect: { anonymous: 401, owner: 200, superuser: 200, recruiter: 404, viewer: 403 },
  },
  {
    method: 'GET',
    route: '/api/mailboxes/:id/',
    name: "another recruiter's personal mailbox",
    path: async (ctx) => `/api/mailboxes/${await newMailbox(ctx, 'personal')}/`,
    expect: { anonymous: 401, owner: 200, superuser: 404, recruiter: 404, viewer: 403 },
  },
  {
    method: 'GET',
    route: '/api/mailboxes/:id/',
    name: 'own personal mailbox',
    path: async (ctx) => `/api/mailboxes/${await newMailbox(ctx, 'personal', ctx.user?.id)}/`,
    expect: { anonymous: 401, owner: 200, superuser: 200, recruiter: 200, viewer: 403 },
  },
  {
    method: 'PATCH',
    route: '/api/mailboxes/:id/',
    path: async (ctx) => `/api/mailboxes/${await newMailbox(ctx, 'shared')}/`,
    body: () => ({ label: 'Renamed' }),
    expect: { anonymous: 401, owner: 200, superuser: 200, recruiter: 404, viewer: 403 },
  },
  {
    method: 'DELETE',
    route: '/api/mailboxes/:id/',
    path: async (ctx) => `/api/mailboxes/${await newMailbox(ctx, 'shared')}/`,
    expect: { anonymous: 401, owner: 200, superuser: 200, recruiter: 404, viewer: 403 },
  },
  { method: 'GET', route: '/api/messages/unmatched/', expect: WRITE() },
  {
    method: 'POST',
    route: '/api/messages/:id/attach/',
    path: async (ctx) => {
      stash.ids = [(await insertCandidate(ctx.t.db)).id];
      return `/api/messages/${await newSyncedMessage(ctx)}/attach/`;
    },
    body: () => ({ type: 'candidate', id: stash.ids![0] }),
    expect: WRITE(),
  },
];

/** An outbound message in the given state (no job: resend and cancel make or stop their own). */
async function newMessage(ctx: Ctx, status: 'sent' | 'failed' | 'queued'): Promise<number> {
  const [row] = await ctx.t.db
    .insert(messagesTable)
    .values({
      direction: 'outbound',
      status,
      messageIdHeader: `${uid(ctx)}@matrix.test`,
      threadKey: `${uid(ctx)}@matrix.test`,
      fromAddress: 'outbox@matrix.test',
      toAddresses: [{ name: 'Matrix', address: 'matrix@example.test' }],
      subject: 'Matrix',
    })
    .returning();
  return row!.id;
}

/** The connect body the path function made for the cell. */
let stashedAccount: Record<string, unknown> = {};
/** One IMAP server for the connect rows (each cell logs in as its own user on it). */
let matrixImap: Promise<TestImapServer> | undefined;
const matrixImapServer = () => (matrixImap ??= startImapServer({ idle: false }));
afterAll(async () => {
  await (await matrixImap)?.close();
});
async function matrixMailboxAccount(ctx: Ctx, kind: 'shared' | 'personal') {
  const server = await matrixImapServer();
  const username = `${uid(ctx)}@agency.test`;
  server.addUser(username, 'matrix-password');
  return server.account({ kind, username, email: username, password: 'matrix-password' });
}
/** A mailbox row (no sync): shared, or personal of `ownerId` (default: a fresh recruiter). */
async function newMailbox(ctx: Ctx, kind: 'shared' | 'personal', ownerId?: number): Promise<number> {
  const owner = ownerId ?? (kind === 'personal' ? (await ctx.target()).id : null);
  const [row] = await ctx.t.db
    .insert(mailboxesTable)
    .values({
      kind,
      ownerId: owner,
      email: `${uid(ctx)}@agency.test`,
      host: '127.0.0.1',
      port: 1,
      tls: false,
      username: uid(ctx),
      passwordEncrypted: encryptSecret(ctx.t.config.secretKey, 'secret'),
      syncState: 'idle',
    })
    .returning();
  return row!.id;
}
/** An unmatched inbound message synced through a shared mailbox. */
async function newSyncedMessage(ctx: Ctx): Promise<number> {
  const mailboxId = await newMailbox(ctx, 'shared');
  const id = `${uid(ctx)}@sender.test`;
  const [message] = await ctx.t.db
    .insert(messagesTable)
    .values({
      direction: 'inbound',
      status: 'received',
      messageIdHeader: id,
      threadKey: id,
      fromAddress: 'x@sender.test',
    })
    .returning();
  await ctx.t.db.insert(mailboxMessagesTable).values({ mailboxId, messageId: message!.id });
  return message!.id;
}

/** A new application to a fresh open role (with a stored resume when asked). */
async function newApplication(ctx: Ctx, withResume = false): Promise<number> {
  const roleId = await newRole(ctx);
  if (!withResume) return (await insertApplication(ctx.t.db, { roleId })).id;
  const key = `applications/${roleId}/${uid(ctx)}.pdf`;
  await ctx.t.app.deps.storage.write(key, Buffer.from('%PDF-1.4 resume'), 'application/pdf');
  return (
    await insertApplication(ctx.t.db, {
      roleId,
      resumeKey: key,
      resumeFilename: 'cv.pdf',
      resumeSize: 15,
      resumeContentType: 'application/pdf',
    })
  ).id;
}

/** A chat of the cell's caller (of a fresh owner for callers who may not have one). */
async function insertChatOf(ctx: Ctx) {
  const ownerId = ctx.user?.userType.includes('owner')
    ? ctx.user.id
    : (await insertUser(ctx.t.db, { userType: ['owner'] })).id;
  const [chat] = await ctx.t.db.insert(chatsTable).values({ userId: ownerId, title: 'Matrix' }).returning();
  return chat!;
}

const seenRoutes: { method: string; url: string }[] = [];
let t: TestApp;
const users = {} as Record<Exclude<Caller, 'anonymous'>, UserRow>;

beforeAll(async () => {
  t = await buildTestApp({
    deps: {
      onRoute: (route) => void [route.method].flat().forEach((method) => seenRoutes.push({ method, url: route.url })),
    },
  });
  // A second owner, so the matrix's owner may do everything without being the last one.
  await insertUser(t.db, { userType: ['owner'] });
  for (const type of ['owner', 'superuser', 'recruiter', 'viewer'] as const)
    users[type] = await insertUser(t.db, { userType: [type] });
});
afterAll(async () => {
  await t?.close();
});

describe('permission matrix', () => {
  for (const entry of MATRIX) {
    const label = `${entry.method} ${entry.route}${entry.name ? ` (${entry.name})` : ''}`;
    it(label, async () => {
      const results: Record<string, Outcome> = {};
      for (const caller of CALLERS) {
        const user = caller === 'anonymous' ? null : users[caller];
        const client = user ? await signedInClient(t, user) : new HttpClient(t.baseUrl);
        await client.get('/api/auth/csrf-token/');
        const ctx: Ctx = { t, caller, user, target: () => insertUser(t.db, { userType: ['recruiter'] }) };
        const path = entry.path ? await entry.path(ctx) : entry.route;
        const response = entry.raw
          ? await client.request(entry.method, path, {
              rawBody: entry.raw.text,
              headers: { 'content-type': entry.raw.contentType },
            })
          : await client.request(entry.method, path, entry.body ? { body: entry.body(ctx) } : {});
        results[caller] =
          entry.shown && response.status === 200 ? (entry.shown(response.json) ? 'shown' : 'hidden') : response.status;
        if (response.status === 403 && entry.expect[caller] === 403) {
          expect(response.json).toMatchObject({
            success: false,
            error: 'You do not have permission to perform this action.',
          });
        }
      }
      expect(results).toEqual(entry.expect);
    });
  }

  it('covers every registered /api route', () => {
    const covered = new Set(MATRIX.map((entry) => `${entry.method} ${entry.route}`));
    const missing = seenRoutes
      .filter(
        (route) =>
          route.url.startsWith('/api/') && !route.url.startsWith('/api/docs') && route.url !== '/api/openapi.json',
      )
      .filter((route) => route.method !== 'HEAD' && route.method !== 'OPTIONS')
      .map((route) => `${route.method} ${route.url}`)
      .filter((key) => !covered.has(key));
    expect(missing).toEqual([]);
  });
});
