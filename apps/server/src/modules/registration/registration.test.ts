import { INVITATION_CONFLICTS, INVITATION_ERRORS, INVITATION_MESSAGES } from '@recruitdesk/contracts/registration';
import { USER_ERRORS, USER_TYPE_DESCRIPTIONS } from '@recruitdesk/contracts/users';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { insertInvitation } from '../../factories/invitations.factory';
import { insertUser } from '../../factories/users.factory';
import { HttpClient } from '../../test/http-client';
import { extractInvitationLink, readOutbox } from '../../test/mail';
import { signedInClient } from '../../test/sign-in';
import type { UserRow } from '../users/users.service';

let t: TestApp;
let owner: UserRow;
let ownerClient: HttpClient;
let mails = 0;
beforeAll(async () => {
  t = await buildTestApp();
  owner = await insertUser(t.db, { firstName: 'Olga', lastName: 'Owner', userType: ['owner'] });
  ownerClient = await signedInClient(t, owner);
});
afterAll(async () => {
  await t?.close();
});

const PASSWORD = 'Silver-Kettle-Morning-31';

async function invite(email: string, userType: unknown = 'recruiter', client = ownerClient) {
  const response = await client.post('/api/registration/invitations/', { email, user_type: userType });
  if (response.status === 201) mails += 1;
  return response;
}

async function lastMailLink() {
  const all = await readOutbox(t.dataDir, mails);
  expect(all.length).toBe(mails);
  return { mail: all[all.length - 1]!, ...extractInvitationLink(all[all.length - 1]!) };
}

describe('invitations', () => {
  it('lists the user types with descriptions', async () => {
    const response = await ownerClient.get('/api/registration/user-types/');
    expect(response.json.user_types).toHaveLength(4);
    expect(response.json.user_types[0]).toEqual({ value: 'owner', ...USER_TYPE_DESCRIPTIONS.owner });
  });

  it('invite → mail → validate → complete signs the new user in with the invited types only', async () => {
    const created = await invite('New.Person@Example.test', ['recruiter']);
    expect(created.status).toBe(201);
    expect(created.json.invitation).toMatchObject({
      email: 'new.person@example.test',
      user_type: ['recruiter'],
      status: 'pending',
      invited_by: { id: owner.id, name: 'Olga Owner' },
    });
    const { mail, token, url } = await lastMailLink();
    expect(mail).toMatch(/^To: new\.person@example\.test/m);
    expect(url.startsWith(`${t.baseUrl}/auth/register-from-token/`)).toBe(true);
    expect(token.length).toBeGreaterThanOrEqual(43);

    const pending = await ownerClient.get('/api/registration/invitations/pending/');
    expect(pending.json.invitations.map((i: { email: string }) => i.email)).toContain('new.person@example.test');

    const browser = new HttpClient(t.baseUrl);
    const valid = await browser.get(`/api/registration/validate/${token}/`);
    expect(valid.json).toMatchObject({
      success: true,
      valid: true,
      email: 'new.person@example.test',
      user_type: ['recruiter'],
      agency_name: 'My Agency',
      invited_by: 'Olga Owner',
    });

    const weak = await browser.post('/api/registration/complete/', {
      token,
      username: 'newperson',
      first_name: 'New',
      last_name: 'Person',
      password: 'password123',
    });
    expect(weak.status).toBe(400);
    expect(weak.json.fields.password).toBeDefined();
    const similar = await browser.post('/api/registration/complete/', {
      token,
      username: 'newperson',
      first_name: 'New',
      last_name: 'Personality',
      password: 'Personality-2024',
    });
    expect(similar.status).toBe(400);
    const taken = await browser.post('/api/registration/complete/', {
      token,
      username: owner.username.toUpperCase(),
      first_name: 'New',
      last_name: 'Person',
      password: PASSWORD,
    });
    expect(taken.status).toBe(400);
    expect(taken.json.fields.username).toEqual([USER_ERRORS.USERNAME_TAKEN]);

    const done = await browser.post('/api/registration/complete/', {
      token,
      username: 'newperson',
      first_name: 'New',
      last_name: 'Person',
      password: PASSWORD,
      user_type: ['owner'],
      email: 'evil@example.test',
      is_active: true,
    });
    expect(done.status).toBe(200);
    expect(done.json).toMatchObject({
      success: true,
      session_max_age: null,
      user: { email: 'new.person@example.test', username: 'newperson', user_type: ['recruiter'], role: 'recruiter' },
    });
    expect(browser.setCookie('sessionid')).toMatch(/HttpOnly/);
    expect(browser.setCookie('csrftoken')).toBeDefined();
    const profile = await browser.get('/api/auth/profile/');
    expect(profile.json.user.email).toBe('new.person@example.test');
    // The fresh CSRF token works for the next change.
    expect((await browser.patch('/api/profile/', { theme: 'dark' })).status).toBe(200);

    const used = await new HttpClient(t.baseUrl).get(`/api/registration/validate/${token}/`);
    expect(used.status).toBe(410);
    expect(used.json).toMatchObject({ code: 'INVITATION_USED', error: INVITATION_ERRORS.INVITATION_USED });
    const again = await new HttpClient(t.baseUrl).post('/api/registration/complete/', {
      token,
      username: 'another1',
      first_name: 'A',
      last_name: 'B',
      password: PASSWORD,
    });
    expect(again.status).toBe(410);
    expect(
      (await ownerClient.get('/api/registration/invitations/pending/')).json.invitations.map(
        (i: { email: string }) => i.email,
      ),
    ).not.toContain('new.person@example.test');
  });

  it('expired, cancelled and unknown tokens each get their own code', async () => {
    const anonymous = new HttpClient(t.baseUrl);
    const expired = await insertInvitation(t.db, { inviter: owner });
    t.clock.offsetMs = 8 * 86_400_000;
    const late = await anonymous.get(`/api/registration/validate/${expired.token}/`);
    t.clock.offsetMs = 0;
    expect(late.status).toBe(410);
    expect(late.json).toMatchObject({ code: 'INVITATION_EXPIRED', error: INVITATION_ERRORS.INVITATION_EXPIRED });

    const cancelled = await insertInvitation(t.db, { inviter: owner });
    const cancel = await ownerClient.post(`/api/registration/invitations/${cancelled.invitation.id}/cancel/`);
    expect(cancel.json.invitation.status).toBe('cancelled');
    expect((await ownerClient.post(`/api/registration/invitations/${cancelled.invitation.id}/cancel/`)).status).toBe(
      409,
    );
    expect((await ownerClient.post(`/api/registration/invitations/${cancelled.invitation.id}/resend/`)).status).toBe(
      409,
    );
    expect((await ownerClient.post('/api/registration/invitations/999999/cancel/')).status).toBe(404);
    const gone = await anonymous.get(`/api/registration/validate/${cancelled.token}/`);
    expect(gone.status).toBe(410);
    expect(gone.json).toMatchObject({ code: 'INVITATION_CANCELLED', error: INVITATION_ERRORS.INVITATION_CANCELLED });

    const unknown = await anonymous.get('/api/registration/validate/not-a-real-token/');
    expect(unknown.status).toBe(404);
    expect(unknown.json).toMatchObject({ code: 'INVITATION_NOT_FOUND', error: INVITATION_ERRORS.INVITATION_NOT_FOUND });
  });

  it('refuses duplicates with 409', async () => {
    const existing = await insertUser(t.db);
    const account = await invite(existing.email.toUpperCase());
    expect(account.status).toBe(409);
    expect(account.json.error).toBe(INVITATION_CONFLICTS.ACCOUNT_EXISTS);
    expect((await invite('twice@example.test')).status).toBe(201);
    const twice = await invite('Twice@example.test');
    expect(twice.status).toBe(409);
    expect(twice.json.error).toBe(INVITATION_CONFLICTS.INVITATION_PENDING);
  });

  it('resend kills the old token and mails a new one', async () => {
    const created = await invite('resend.me@example.test', 'viewer');
    const first = await lastMailLink();
    t.clock.offsetMs = 3_600_000;
    const resent = await ownerClient.post(`/api/registration/invitations/${created.json.invitation.id}/resend/`);
    t.clock.offsetMs = 0;
    mails += 1;
    expect(resent.status).toBe(200);
    expect(new Date(resent.json.invitation.expires_at).getTime()).toBeGreaterThan(
      new Date(created.json.invitation.expires_at).getTime(),
    );
    const second = await lastMailLink();
    expect(second.token).not.toBe(first.token);
    const anonymous = new HttpClient(t.baseUrl);
    expect((await anonymous.get(`/api/registration/validate/${first.token}/`)).status).toBe(404);
    expect((await anonymous.get(`/api/registration/validate/${second.token}/`)).json.user_type).toEqual(['viewer']);
  });

  it('a superuser cannot invite an owner; recruiters cannot invite at all', async () => {
    const superuser = await insertUser(t.db, { userType: ['superuser'] });
    const client = await signedInClient(t, superuser);
    expect((await invite('boss@example.test', ['owner'], client)).status).toBe(403);
    expect((await invite('helper@example.test', ['recruiter'], client)).status).toBe(201);
    const ownerInvite = await insertInvitation(t.db, { inviter: owner, userType: ['owner'] });
    expect((await client.post(`/api/registration/invitations/${ownerInvite.invitation.id}/resend/`)).status).toBe(403);
    const recruiter = await signedInClient(t, await insertUser(t.db));
    expect((await invite('nope@example.test', 'viewer', recruiter)).status).toBe(403);
    expect((await recruiter.get('/api/registration/invitations/pending/')).status).toBe(403);
  });

  it('someone who may not manage users learns nothing by resending or cancelling: the same 403 whether the invitation is pending, used up or missing', async () => {
    const pending = await insertInvitation(t.db, { inviter: owner, userType: ['viewer'] });
    const cancelled = await insertInvitation(t.db, { inviter: owner, userType: ['viewer'], cancelledAt: new Date() });
    const ids = {
      pending: pending.invitation.id,
      cancelled: cancelled.invitation.id,
      missing: cancelled.invitation.id + 1000,
    };
    for (const userType of [['recruiter'], ['viewer']] as const) {
      const client = await signedInClient(t, await insertUser(t.db, { userType: [...userType] }));
      for (const action of ['resend', 'cancel']) {
        const answers = [];
        for (const [state, id] of Object.entries(ids)) {
          const response = await client.post(`/api/registration/invitations/${id}/${action}/`);
          answers.push({ state, status: response.status, body: response.json });
        }
        for (const answer of answers)
          expect({ ...answer, state: 'any' }, `${userType[0]} ${action} ${answer.state}`).toEqual({
            ...answers[0],
            state: 'any',
          });
        expect(answers[0]).toMatchObject({ status: 403, body: { success: false, code: 'FORBIDDEN' } });
      }
    }
    // Nothing was changed or sent: the pending invitation's link still works.
    expect((await new HttpClient(t.baseUrl).get(`/api/registration/validate/${pending.token}/`)).status).toBe(200);
    // The same ids answer an owner by what they are.
    expect((await ownerClient.post(`/api/registration/invitations/${ids.missing}/resend/`)).status).toBe(404);
    expect((await ownerClient.post(`/api/registration/invitations/${ids.cancelled}/resend/`)).status).toBe(409);
  });

  it("a superuser cannot cancel or resend an owner's invitation (sent by an owner or granting owner)", async () => {
    const superuser = await signedInClient(t, await insertUser(t.db, { userType: ['superuser'] }));
    const otherSuperuser = await insertUser(t.db, { userType: ['superuser'] });
    const ownerSent = await insertInvitation(t.db, { inviter: owner, userType: ['recruiter'] });
    const grantsOwner = await insertInvitation(t.db, { inviter: owner, userType: ['owner'] });
    for (const { invitation } of [ownerSent, grantsOwner]) {
      for (const action of ['cancel', 'resend']) {
        const refused = await superuser.post(`/api/registration/invitations/${invitation.id}/${action}/`);
        expect(refused.status, `${action} ${invitation.userType.join()}`).toBe(403);
        expect(refused.json).toMatchObject({ success: false, error: INVITATION_MESSAGES.ownersInvitation });
      }
    }
    expect((await new HttpClient(t.baseUrl).get(`/api/registration/validate/${ownerSent.token}/`)).status).toBe(200);
    // Another superuser's invitation is theirs to change; an owner changes any.
    const peers = await insertInvitation(t.db, { inviter: otherSuperuser, userType: ['viewer'] });
    expect((await superuser.post(`/api/registration/invitations/${peers.invitation.id}/cancel/`)).status).toBe(200);
    expect((await ownerClient.post(`/api/registration/invitations/${ownerSent.invitation.id}/cancel/`)).status).toBe(
      200,
    );
    expect((await ownerClient.post(`/api/registration/invitations/${grantsOwner.invitation.id}/resend/`)).status).toBe(
      200,
    );
    mails += 1;
  });

  it('a pending invitation dies when its inviter loses the right to send it', async () => {
    const anonymous = new HttpClient(t.baseUrl);
    const pendingIds = async () =>
      ((await ownerClient.get('/api/registration/invitations/pending/')).json.invitations as { id: number }[]).map(
        (row) => row.id,
      );
    const dead = async (token: string) => {
      const answer = await anonymous.get(`/api/registration/validate/${token}/`);
      expect(answer.status).toBe(410);
      expect(answer.json).toMatchObject({ code: 'INVITATION_CANCELLED' });
    };

    // A superuser demoted to recruiter: every invitation they sent dies.
    const superuser = await insertUser(t.db, { userType: ['superuser'] });
    const bySuperuser = await insertInvitation(t.db, { inviter: superuser, userType: ['recruiter'] });
    expect((await anonymous.get(`/api/registration/validate/${bySuperuser.token}/`)).status).toBe(200);
    expect(await pendingIds()).toContain(bySuperuser.invitation.id);
    expect((await ownerClient.patch(`/api/users/${superuser.id}/role/`, { user_type: ['recruiter'] })).status).toBe(
      200,
    );
    await dead(bySuperuser.token);
    expect(await pendingIds()).not.toContain(bySuperuser.invitation.id);
    const completed = await anonymous.post('/api/registration/complete/', {
      token: bySuperuser.token,
      username: 'too-late',
      first_name: 'Too',
      last_name: 'Late',
      password: PASSWORD,
    });
    expect(completed.status).toBe(410);

    // An owner demoted to superuser: their owner invitation dies, their recruiter invitation lives.
    const formerOwner = await insertUser(t.db, { userType: ['owner'] });
    const ownerGrant = await insertInvitation(t.db, { inviter: formerOwner, userType: ['owner'] });
    const recruiterGrant = await insertInvitation(t.db, { inviter: formerOwner, userType: ['recruiter'] });
    expect((await ownerClient.patch(`/api/users/${formerOwner.id}/role/`, { user_type: ['superuser'] })).status).toBe(
      200,
    );
    await dead(ownerGrant.token);
    expect((await anonymous.get(`/api/registration/validate/${recruiterGrant.token}/`)).status).toBe(200);
    expect(await pendingIds()).toEqual(expect.arrayContaining([recruiterGrant.invitation.id]));
    expect(await pendingIds()).not.toContain(ownerGrant.invitation.id);

    // Deactivated or deleted inviters: dead too.
    const leaving = await insertUser(t.db, { userType: ['superuser'] });
    const byLeaving = await insertInvitation(t.db, { inviter: leaving, userType: ['viewer'] });
    expect((await ownerClient.post(`/api/users/${leaving.id}/deactivate/`)).status).toBe(200);
    await dead(byLeaving.token);
    const deleted = await insertUser(t.db, { userType: ['superuser'] });
    const byDeleted = await insertInvitation(t.db, { inviter: deleted, userType: ['viewer'] });
    expect((await ownerClient.request('DELETE', `/api/users/${deleted.id}/`)).status).toBe(200);
    await dead(byDeleted.token);
  });

  it('throttles failed token lookups per IP', async () => {
    const fresh = await buildTestApp();
    try {
      const anonymous = new HttpClient(fresh.baseUrl);
      const statuses: number[] = [];
      for (let i = 0; i < 21; i++)
        statuses.push((await anonymous.get(`/api/registration/validate/guess-${i}/`)).status);
      expect(statuses.slice(0, 20).every((status) => status === 404)).toBe(true);
      expect(statuses[20]).toBe(429);
    } finally {
      await fresh.close();
    }
    // It builds its own app and database (a fresh limiter), which takes longer than a test on a loaded machine.
  }, 60_000);
});
