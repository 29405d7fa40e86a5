import fs from 'node:fs';
import path from 'node:path';
import ICAL from 'ical.js';
import { apiPost, expect, login, test } from '../fixtures';
import type { Page } from '@playwright/test';

// Issue 35 "Scheduling", at phone size: the recruiter offers three times on the pipeline page; the candidate
// (in London) and the client's hiring manager (in Sydney) open their own emailed links, see the times in their
// zone and pick the same one; the interview is booked and both receive an .ics invitation, read back here.

const PHONE = { width: 390, height: 844 };
test.use({ viewport: PHONE });

const mailDir = path.resolve(import.meta.dirname, '../.data/mail');
const mailsTo = (address: string) =>
  (fs.existsSync(mailDir) ? fs.readdirSync(mailDir).sort() : [])
    .map((name) => fs.readFileSync(path.join(mailDir, name), 'utf8'))
    .filter((text) => new RegExp(`^To: .*${address.replace(/[.]/g, '\\.')}`, 'm').test(text));
/** Quoted-printable bodies wrap long lines with a trailing '='. */
const unwrap = (text: string) => text.replace(/=\r?\n/g, '').replace(/=3D/g, '=');

/** The text/calendar part of a raw message, decoded (base64, quoted-printable or plain). */
function calendarPart(raw: string): string | null {
  const match =
    /Content-Type: text\/calendar[^\n]*\n((?:[ \t][^\n]*\n|[A-Za-z-]+:[^\n]*\n)*)\r?\n([\s\S]*?)\r?\n--/i.exec(
      raw.replace(/\r\n/g, '\n'),
    );
  if (!match) return null;
  const headers = match[1] ?? '';
  const body = match[2] ?? '';
  if (/Content-Transfer-Encoding: base64/i.test(headers)) return Buffer.from(body, 'base64').toString('utf8');
  if (/Content-Transfer-Encoding: quoted-printable/i.test(headers))
    return Buffer.from(
      body
        .replace(/=\r?\n/g, '')
        .replace(/=([0-9A-F]{2})/gi, (_all, hex: string) => String.fromCharCode(parseInt(hex, 16))),
      'latin1',
    ).toString('utf8');
  return body;
}

/** A date `days` from now as the datetime-local input wants it, at `hour`:00. */
function localIn(days: number, hour: number): string {
  const day = new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
  return `${day}T${String(hour).padStart(2, '0')}:00`;
}

/** A finder's-fee client with a hiring manager (Hana …) and a role they manage, made through the API. */
async function clientWithRole(
  page: Page,
  names: { client: string; contactLastName: string; contactEmail: string; role: string },
) {
  const company = await apiPost<{ client: { id: number } }>(page, '/api/clients/', {
    name: names.client,
    client_type: 'finders_fee',
    state: 'Open',
  });
  const contact = await apiPost<{ contact: { id: number } }>(page, '/api/contacts/', {
    client_id: company.client.id,
    first_name: 'Hana',
    last_name: names.contactLastName,
    email: names.contactEmail,
  });
  const role = await apiPost<{ role: { id: number } }>(page, '/api/roles/', {
    client_id: company.client.id,
    name: names.role,
    hiring_manager_contact_id: contact.contact.id,
  });
  return { contact, role };
}

test('the recruiter offers three times; candidate and contact pick one; both get the invitation', async ({
  page,
  browser,
}) => {
  test.setTimeout(150_000);
  const stamp = Date.now();
  const candidateEmail = `cara.${stamp}@candidate.test`;
  const contactEmail = `hana.${stamp}@client.test`;
  await login(page, 'recruiter');
  const { role } = await clientWithRole(page, {
    client: `Slot Co ${stamp}`,
    contactLastName: `Boss${stamp}`,
    contactEmail,
    role: `Platform Engineer ${stamp}`,
  });
  const added = await apiPost<{ pipeline: { id: number; version: number } }>(
    page,
    `/api/roles/${role.role.id}/pipelines/`,
    { candidate: { first_name: 'Cara', last_name: `Lee${stamp}`, email: candidateEmail } },
  );
  const id = added.pipeline.id;
  await apiPost(page, `/api/pipelines/${id}/actions/submittal/`, {
    version: added.pipeline.version,
    submitted_on: new Date().toISOString().slice(0, 10),
  });

  // The recruiter offers three times (New York time) from the pipeline page.
  await page.goto(`/roles/${role.role.id}/pipelines/${id}`);
  const card = page.getByRole('region', { name: 'Interview scheduling' });
  await card.getByRole('button', { name: 'Offer interview times' }).click();
  const dialog = page.getByRole('dialog', { name: 'Offer interview times' });
  await dialog.getByLabel("Interviewer's time zone").selectOption('America/New_York');
  // Beyond the demo agency's booked interviews (the next five weeks), so the interviewer is free.
  const times = [localIn(45, 9), localIn(45, 11), localIn(46, 10)];
  for (const [index, value] of times.entries())
    await dialog.getByLabel(`Time ${index + 1}`, { exact: true }).fill(value);
  await dialog.getByLabel('Length (minutes)').fill('45');
  await dialog.getByLabel('Video link').fill('https://meet.example.test/slot');
  await dialog.getByRole('button', { name: 'Send the times' }).click();
  await expect(dialog).toBeHidden();
  await expect(card.getByText('Waiting for picks (times in America/New_York).')).toBeVisible();
  await expect(card.getByRole('list', { name: 'Times offered' }).getByRole('listitem')).toHaveCount(3);

  // Each gets their own link by email (the outbox sends it to the development mail folder).
  const linkIn = async (address: string) => {
    let link = '';
    await expect(async () => {
      link = /https?:\/\/[^\s"<>]+\/schedule\/[A-Za-z0-9_-]{43}/.exec(unwrap(mailsTo(address).join('\n')))?.[0] ?? '';
      expect(link).not.toBe('');
    }).toPass({ timeout: 30_000 });
    return new URL(link).pathname;
  };
  const candidateLink = await linkIn(candidateEmail);
  const contactLink = await linkIn(contactEmail);
  expect(candidateLink).not.toBe(contactLink);

  // The candidate, in London: the page finds the browser's zone and shows the times in it.
  const london = await browser.newContext({ viewport: PHONE, timezoneId: 'Europe/London' });
  const candidatePage = await london.newPage();
  await candidatePage.goto(candidateLink);
  await expect(candidatePage).toHaveURL(/tz=Europe%2FLondon/);
  await expect(candidatePage.getByRole('heading', { name: 'Choose a time for your interview' })).toBeVisible();
  await expect(candidatePage.getByText('Times are shown in Europe/London')).toBeVisible();
  const candidateTimes = candidatePage.getByRole('list', { name: 'Times offered' }).getByRole('button');
  await expect(candidateTimes).toHaveCount(3);
  await candidateTimes.nth(1).click();
  await expect(candidatePage.getByRole('status')).toContainText('your choice is saved');
  await expect(candidatePage.getByRole('button', { name: /Your choice/ })).toBeVisible();

  // The hiring manager, in Sydney, sees the candidate's choice and picks it too: booked.
  const sydney = await browser.newContext({ viewport: PHONE, timezoneId: 'Australia/Sydney' });
  const contactPage = await sydney.newPage();
  await contactPage.goto(contactLink);
  await expect(contactPage.getByText('Times are shown in Australia/Sydney')).toBeVisible();
  const chosen = contactPage.getByRole('button', { name: /Chosen by the candidate/ });
  await expect(chosen).toBeVisible();
  await chosen.click();
  await expect(contactPage.getByRole('heading', { name: 'Your interview is booked' })).toBeVisible();
  await expect(contactPage.getByRole('status')).toContainText('The interview is booked');

  // The recruiter sees the booking; the pipeline is at Client interview.
  await page.reload();
  await expect(page.getByRole('region', { name: 'Interview scheduling' })).toContainText('Booked:');
  await expect(page.getByRole('region', { name: 'Interview scheduling' })).toContainText('(America/New_York) · 45 min');
  await expect(page.getByRole('list', { name: 'Interviews' })).toContainText('Upcoming');

  // Both received a REQUEST invitation: the interviewer's zone, the recruiter organising, both attending.
  const [, second] = times;
  for (const address of [candidateEmail, contactEmail]) {
    let ics = '';
    await expect(async () => {
      ics = mailsTo(address).map(calendarPart).find(Boolean) ?? '';
      expect(ics).not.toBe('');
    }).toPass({ timeout: 30_000 });
    const calendar = new ICAL.Component(ICAL.parse(ics));
    expect(calendar.getFirstPropertyValue('method')).toBe('REQUEST');
    const event = new ICAL.Event(calendar.getFirstSubcomponent('vevent')!);
    expect(event.sequence).toBe(0);
    const start = event.component.getFirstProperty('dtstart')!;
    expect(start.getParameter('tzid')).toBe('America/New_York');
    expect(String(start.getFirstValue())).toBe(`${second}:00`);
    expect(event.duration.toSeconds()).toBe(45 * 60);
    expect(event.organizer).toBe('mailto:recruiter@demo.test');
    expect(event.attendees.map((attendee) => String(attendee.getFirstValue()))).toEqual([
      `mailto:${candidateEmail}`,
      `mailto:${contactEmail}`,
    ]);
  }
  await london.close();
  await sydney.close();
});

/** The wall clock in `zone` `minutes` from now, rounded up to the minute, as datetime-local wants it. */
function wallClockSoon(zone: string, minutes: number): string {
  const at = new Date(Math.ceil((Date.now() + minutes * 60_000) / 60_000) * 60_000);
  const parts = new Intl.DateTimeFormat('sv-SE', {
    timeZone: zone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(at);
  return parts.replace(' ', 'T');
}

// The whole loop of issue 35 at phone size: share → the contact approves one candidate and declines another on
// the portal → the recruiter offers three times → the candidate and the contact pick → booked, both get the .ics →
// once the interview has started, the contact's link records how it went.
test('the client loop: share, approve and decline, offer times, picks, invitations, the outcome', async ({
  page,
  browser,
}) => {
  test.setTimeout(300_000);
  const stamp = Date.now();
  const adaEmail = `ada.${stamp}@candidate.test`;
  const contactEmail = `hana.${stamp}@loop-co.test`;
  await login(page, 'recruiter');
  const { contact, role } = await clientWithRole(page, {
    client: `Loop Co ${stamp}`,
    contactLastName: `Loop${stamp}`,
    contactEmail,
    role: `Loop Engineer ${stamp}`,
  });
  const add = (first: string, last: string, email: string) =>
    apiPost<{ pipeline: { id: number } }>(page, `/api/roles/${role.role.id}/pipelines/`, {
      candidate: { first_name: first, last_name: last, email },
    });
  const ada = (await add('Ada', `Loop${stamp}`, adaEmail)).pipeline;
  const bert = (await add('Bert', `Loop${stamp}`, `bert.${stamp}@candidate.test`)).pipeline;
  const shared = await apiPost<{ links: { url: string }[] }>(page, `/api/roles/${role.role.id}/shares/`, {
    contact_ids: [contact.contact.id],
    candidates: [
      { pipeline_id: ada.id, pitch: 'Ran the platform team.' },
      { pipeline_id: bert.id, pitch: '' },
    ],
  });

  // The contact, on a phone in Sydney, invites Ada to interview and declines Bert on the portal.
  const sydney = await browser.newContext({ viewport: PHONE, timezoneId: 'Australia/Sydney' });
  const portal = await sydney.newPage();
  await portal.goto(new URL(shared.links[0]!.url).pathname);
  await portal
    .getByRole('list', { name: 'Candidates' })
    .getByRole('link', { name: `Ada Loop${stamp}` })
    .click();
  await portal.getByRole('button', { name: 'Invite to interview' }).click();
  await expect(portal.getByRole('status')).toHaveText('Thank you. We will arrange an interview.');
  await portal.getByRole('link', { name: /All candidates/ }).click();
  await portal.getByRole('link', { name: `Bert Loop${stamp}` }).click();
  await portal.getByLabel('Reason').selectOption({ label: 'Salary expectation too high' });
  await portal.getByRole('button', { name: 'Decline candidate' }).click();
  await expect(portal.getByRole('status')).toHaveText('Thank you. The candidate will not go further for this role.');

  // The recruiter offers three times for Ada: one two or three minutes away (so the outcome can follow), two later.
  await page.goto(`/roles/${role.role.id}/pipelines/${ada.id}`);
  const card = page.getByRole('region', { name: 'Interview scheduling' });
  await card.getByRole('button', { name: 'Offer interview times' }).click();
  const dialog = page.getByRole('dialog', { name: 'Offer interview times' });
  await dialog.getByLabel("Interviewer's time zone").selectOption('America/New_York');
  const soon = wallClockSoon('America/New_York', 2);
  const times = [soon, localIn(45, 9), localIn(46, 10)];
  for (const [index, value] of times.entries())
    await dialog.getByLabel(`Time ${index + 1}`, { exact: true }).fill(value);
  await dialog.getByLabel('Length (minutes)').fill('30');
  await dialog.getByLabel('Place').fill('Loop Co HQ, room 3');
  await dialog.getByRole('button', { name: 'Send the times' }).click();
  await expect(dialog).toBeHidden();

  const linkIn = async (address: string) => {
    let link = '';
    await expect(async () => {
      link = /https?:\/\/[^\s"<>]+\/schedule\/[A-Za-z0-9_-]{43}/.exec(unwrap(mailsTo(address).join('\n')))?.[0] ?? '';
      expect(link).not.toBe('');
    }).toPass({ timeout: 30_000 });
    return new URL(link).pathname;
  };
  const candidateLink = await linkIn(adaEmail);
  const contactLink = await linkIn(contactEmail);

  // Ada (London) picks the first time; the contact (Sydney) picks the same: booked.
  const london = await browser.newContext({ viewport: PHONE, timezoneId: 'Europe/London' });
  const candidatePage = await london.newPage();
  await candidatePage.goto(candidateLink);
  await candidatePage.getByRole('list', { name: 'Times offered' }).getByRole('button').first().click();
  await expect(candidatePage.getByRole('status')).toContainText('your choice is saved');
  const contactPage = await sydney.newPage();
  await contactPage.goto(contactLink);
  await contactPage.getByRole('button', { name: /Chosen by the candidate/ }).click();
  await expect(contactPage.getByRole('status')).toContainText('The interview is booked');

  // Both get the REQUEST invitation in the interviewer's zone.
  for (const address of [adaEmail, contactEmail]) {
    let ics = '';
    await expect(async () => {
      ics = mailsTo(address).map(calendarPart).find(Boolean) ?? '';
      expect(ics).not.toBe('');
    }).toPass({ timeout: 30_000 });
    const calendar = new ICAL.Component(ICAL.parse(ics));
    expect(calendar.getFirstPropertyValue('method')).toBe('REQUEST');
    const event = new ICAL.Event(calendar.getFirstSubcomponent('vevent')!);
    expect(event.sequence).toBe(0);
    expect(event.component.getFirstProperty('dtstart')!.getParameter('tzid')).toBe('America/New_York');
    expect(String(event.component.getFirstPropertyValue('dtstart'))).toBe(`${soon}:00`);
    expect(event.location).toBe('Loop Co HQ, room 3');
  }

  // Once the interview has started, the contact's link asks how it went.
  await expect(async () => {
    await contactPage.reload();
    await expect(contactPage.getByRole('heading', { name: 'How did the interview go?' })).toBeVisible({
      timeout: 2_000,
    });
  }).toPass({ timeout: 200_000, intervals: [5_000] });
  await contactPage.getByLabel('Went well: move forward').check();
  await contactPage.getByLabel('Feedback (optional)').fill('Strong on systems design.');
  await contactPage.getByRole('button', { name: 'Send feedback' }).click();
  await expect(contactPage.getByRole('status')).toHaveText('Thank you: your feedback is recorded.');

  // The recruiter sees the outcome on the pipeline.
  await page.reload();
  const interviews = page.getByRole('list', { name: 'Interviews' });
  await expect(interviews).toContainText('Passed');
  await expect(page.getByRole('list', { name: 'History' })).toContainText('Strong on systems design.');
  await london.close();
  await sydney.close();
});
