import { insertCandidate } from '../factories/candidates.factory';
import { insertClient } from '../factories/clients.factory';
import { insertContact } from '../factories/contacts.factory';
import { insertNote } from '../factories/notes.factory';
import { insertPipeline, insertSubmittal } from '../factories/pipelines.factory';
import { insertRole } from '../factories/roles.factory';
import { insertUser } from '../factories/users.factory';
import { buildTestApp, type TestApp } from './build-test-app';
import type { HttpClient } from './http-client';
import { signedInClient } from './sign-in';
import type { UserRow } from '../modules/users/users.service';

// The shares tests' world (shares.test.ts, portal-safety.test.ts): a test app, a signed-in recruiter, a role with
// candidates and a contact, a share of two of them, and requests as the contact's phone makes them.

export const HOSTILE_NAME = '<img src=x onerror=alert(1)>';
export const HOSTILE_PITCH = '"><script>alert(2)</script> Strong <b>lead</b>';

export interface PortalWorld {
  t: TestApp;
  recruiterUser: UserRow;
  recruiter: HttpClient;
}

export async function portalWorld(): Promise<PortalWorld> {
  const t = await buildTestApp();
  const recruiterUser = await insertUser(t.db, { firstName: 'Rita', lastName: 'Recruiter', userType: ['recruiter'] });
  return { t, recruiterUser, recruiter: await signedInClient(t, recruiterUser) };
}

/** Clears the portal's per-IP counters between tests (the test requests all come from this machine). */
export const clearPortalLimits = (t: TestApp) =>
  t.app.deps.throttle.clear(['portal:ip:127.0.0.1', 'portal:ip:::1', 'portal:ip:::ffff:127.0.0.1']);

let sceneCount = 0;

/** A role at a client with a contact, three candidates in its pipeline (two submitted), and a secret note. */
export async function scene({ t, recruiterUser }: PortalWorld) {
  const client = await insertClient(t.db, { name: `Globex ${++sceneCount}` });
  const role = await insertRole(t.db, {
    clientId: client.id,
    name: 'Platform Engineer',
    recruiterId: recruiterUser.id,
  });
  const contact = await insertContact(t.db, { clientId: client.id, firstName: 'Hana', lastName: 'Hiring' });
  const hostile = await insertCandidate(t.db, {
    firstName: HOSTILE_NAME,
    lastName: 'Smith',
    email: 'hostile.smith@example.test',
    phone: '+1 206 555 0101',
    resumeText: 'Hostile Smith\nhostile.smith@example.test +1 206 555 0101\nBuilt platforms for 8 years.',
    resumeHasText: true,
  });
  const plain = await insertCandidate(t.db, { firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.test' });
  const other = await insertCandidate(t.db, { firstName: 'Nosy', lastName: 'Notshared' });
  const p1 = await insertPipeline(t.db, { roleId: role.id, candidateId: hostile.id, stage: 'submitted' });
  const p2 = await insertPipeline(t.db, { roleId: role.id, candidateId: plain.id, stage: 'submitted' });
  const p3 = await insertPipeline(t.db, { roleId: role.id, candidateId: other.id, stage: 'sourced' });
  await insertSubmittal(t.db, p1.id);
  await insertSubmittal(t.db, p2.id);
  await insertNote(t.db, { modelType: 'candidate', objectId: hostile.id, body: 'INTERNAL-NOTE-SECRET' });
  return { client, role, contact, hostile, plain, other, p1, p2, p3 };
}
export type Scene = Awaited<ReturnType<typeof scene>>;

/** Shares the hostile and the plain candidate with the scene's contact; the link, its path and token. */
export async function share({ recruiter }: PortalWorld, s: Scene, extra: Record<string, unknown> = {}) {
  const response = await recruiter.post(`/api/roles/${s.role.id}/shares/`, {
    contact_ids: [s.contact.id],
    candidates: [
      { pipeline_id: s.p1.id, pitch: HOSTILE_PITCH },
      { pipeline_id: s.p2.id, pitch: 'Great with compilers.' },
    ],
    ...extra,
  });
  if (response.status !== 201) throw new Error(`share failed: ${response.status} ${response.text}`);
  const url: string = response.json.links[0].url;
  const path = new URL(url).pathname;
  return { response, url, path, token: path.split('/').pop()!, shareId: response.json.links[0].share_id as number };
}

/** Requests with no cookies and no CSRF token, as the contact's phone makes them. */
export function contactRequests(t: TestApp) {
  const bare = (path: string, init: RequestInit = {}) => fetch(`${t.baseUrl}${path}`, { redirect: 'manual', ...init });
  return {
    bare,
    form: (path: string, fields: Record<string, string> = {}) =>
      bare(path, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams(fields).toString(),
      }),
    json: (path: string, body: unknown = {}) =>
      bare(path, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }),
  };
}
