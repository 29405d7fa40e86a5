import ICAL from 'ical.js';
import { apiCall, apiPost, expect, login, test } from '../fixtures';

// Issue 11, the calendar: a booked interview shows on /calendar and opens its pipeline; the profile's
// subscription address downloads a calendar that ical.js reads, with the same interview in it.
test('the calendar shows a booked interview, opens its pipeline, and the iCal address carries it', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const stamp = Date.now();
  await login(page, 'recruiter');
  const client = await apiPost<{ client: { id: number } }>(page, '/api/clients/', {
    name: `Calendar Co ${stamp}`,
    client_type: 'finders_fee',
    state: 'Open',
  });
  const role = await apiPost<{ role: { id: number } }>(page, '/api/roles/', {
    client_id: client.client.id,
    name: `Calendar Role ${stamp}`,
  });
  const added = await apiPost<{ pipeline: { id: number; version: number } }>(
    page,
    `/api/roles/${role.role.id}/pipelines/`,
    {
      candidate: { first_name: 'Cleo', last_name: `Cal${stamp}` },
    },
  );
  // In three hours, on the minute: in this week's agenda (or the next one's, near the end of a week).
  const at = new Date(Math.floor(Date.now() / 60_000) * 60_000 + 3 * 3_600_000);
  const me = await apiCall<{ user: { id: number } }>(page, 'GET', '/api/auth/profile/');
  await apiPost(page, `/api/pipelines/${added.pipeline.id}/actions/book-interview/`, {
    version: added.pipeline.version,
    scheduled_at: at.toISOString(),
    duration_minutes: 30,
    interviewer_id: me.user.id,
  });
  const title = `Internal interview: Cleo Cal${stamp} (Calendar Role ${stamp}, Calendar Co ${stamp})`;

  // The sidebar's Calendar item leads to the calendar.
  await page.getByRole('navigation').getByRole('link', { name: 'Calendar' }).click();
  await expect(page).toHaveURL(/\/calendar$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Calendar' })).toBeVisible();
  await page.getByRole('button', { name: 'Agenda' }).click();
  await page.getByRole('checkbox', { name: 'Only mine' }).check();
  // An interview that crosses midnight in the profile zone is listed on both days: take the first.
  const events = page.getByText(title);
  const event = events.first();
  // Once this week's events are in: the interview, or (late on the week's last day) next week's.
  await expect(page.getByText(/^(\d+ events?|Nothing in this period)$/)).toBeVisible();
  if ((await events.count()) === 0) await page.getByRole('button', { name: 'Next' }).click();
  await expect(event).toBeVisible();
  // The legend filters it out and back.
  await page.getByRole('button', { name: 'Internal interview' }).click();
  await expect(events).toHaveCount(0);
  await page.getByRole('button', { name: 'Internal interview' }).click();
  await event.click();
  await expect(page).toHaveURL(new RegExp(`/roles/${role.role.id}/pipelines/${added.pipeline.id}$`));

  // The profile's subscription: made, shown once, and readable without a session.
  await page.goto('/profile');
  const section = page.getByRole('region', { name: 'Calendar subscription' });
  await section.getByRole('button', { name: 'Create calendar address' }).click();
  const address = await section.getByLabel('Your calendar address').inputValue();
  expect(address).toMatch(/\/api\/calendar\/ical\/[A-Za-z0-9_-]{43}\/$/);
  const path = new URL(address).pathname;
  const ics = await request.get(path, { headers: { cookie: '' } });
  expect(ics.status()).toBe(200);
  expect(ics.headers()['content-type']).toContain('text/calendar');
  const calendar = new ICAL.Component(ICAL.parse(await ics.text()));
  const vevents = calendar.getAllSubcomponents('vevent').map((vevent) => new ICAL.Event(vevent));
  const booked = vevents.find((item) => item.summary === title);
  expect(booked?.startDate.toJSDate().toISOString()).toBe(at.toISOString());

  // A new address ends the old one at once.
  await section.getByRole('button', { name: 'Make a new address' }).click();
  const confirm = page.getByRole('dialog', { name: 'Make a new calendar address?' });
  await confirm.getByRole('button', { name: 'Make a new address' }).click();
  await expect(section.getByLabel('Your calendar address')).not.toHaveValue(address);
  expect((await request.get(path)).status()).toBe(404);
});
