import { apiPost, expect, login, test, toastsGone } from '../fixtures';

// Issue 35: the shortlist portal at phone size. The recruiter shares two candidates with the client's hiring
// manager; the manager opens the emailed link on a phone (no account, no cookies), invites one candidate to
// interview and declines the other with a reason; the recruiter is notified and sees the pipeline moved, by that
// contact.
// (The scheduling part of issue 35 extends this journey: slots, picks, .ics invitations, the outcome.)

test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

test('a hiring manager approves and declines candidates on the shortlist portal', async ({ page, browser }) => {
  test.setTimeout(120_000);
  const stamp = Date.now();
  await login(page, 'recruiter');
  const { client } = await apiPost<{ client: { id: number } }>(page, '/api/clients/', {
    name: `Portal Co ${stamp}`,
    client_type: 'finders_fee',
    state: 'Open',
  });
  await apiPost(page, '/api/contacts/', {
    client_id: client.id,
    first_name: 'Hana',
    last_name: `Hiring${stamp}`,
    email: `hana.${stamp}@portal-co.test`,
  });
  const { role } = await apiPost<{ role: { id: number } }>(page, '/api/roles/', {
    client_id: client.id,
    name: `Platform Engineer ${stamp}`,
  });
  const add = (first: string, last: string) =>
    apiPost<{ pipeline: { id: number } }>(page, `/api/roles/${role.id}/pipelines/`, {
      candidate: { first_name: first, last_name: last },
    });
  const ada = (await add('Ada', `Approved${stamp}`)).pipeline;
  await add('Bert', `Declined${stamp}`);

  // The recruiter shares the shortlist from the role page.
  await page.goto(`/roles/${role.id}`);
  const panel = page.getByRole('region', { name: 'Shared with client' });
  await expect(panel.getByText('Not shared yet')).toBeVisible();
  await toastsGone(page);
  await panel.getByRole('button', { name: 'Share shortlist' }).click();
  const dialog = page.getByRole('dialog', { name: 'Share shortlist' });
  await expect(
    dialog.getByRole('checkbox', { name: `Hana Hiring${stamp} (hana.${stamp}@portal-co.test)` }),
  ).toBeChecked();
  await dialog.getByLabel(`Pitch for Ada Approved${stamp}`).fill('Ran the platform team at a unicorn.');
  const shared = page.waitForResponse(
    (response) => response.url().endsWith(`/api/roles/${role.id}/shares/`) && response.request().method() === 'POST',
  );
  await dialog.getByRole('button', { name: 'Share' }).click();
  const { links } = (await (await shared).json()) as { links: { url: string }[] };
  await expect(dialog).toBeHidden();
  await expect(panel.getByText(`Hana Hiring${stamp}`)).toBeVisible();
  await expect(panel).toContainText('Not opened yet');

  // The contact opens the link on a phone: no session, no cookies.
  const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  const portal = await phone.newPage();
  await portal.goto(new URL(links[0]!.url).pathname);
  await expect(portal.getByRole('heading', { level: 1 })).toHaveText(`Candidates for Platform Engineer ${stamp}`);
  const list = portal.getByRole('list', { name: 'Candidates' });
  await expect(list).toContainText('Ran the platform team at a unicorn.');

  await list.getByRole('link', { name: `Ada Approved${stamp}` }).click();
  await portal.getByRole('button', { name: 'Invite to interview' }).click();
  await expect(portal.getByRole('status')).toHaveText('Thank you. We will arrange an interview.');
  await expect(portal.getByText('Invited to interview')).toBeVisible();
  await expect(portal.getByText('Stage: Client interview')).toBeVisible();

  await portal.getByRole('link', { name: /All candidates/ }).click();
  await portal.getByRole('link', { name: `Bert Declined${stamp}` }).click();
  await portal.getByLabel('Reason').selectOption({ label: 'Salary expectation too high' });
  await portal.getByLabel(/In your words/).fill('Above our band for now');
  await portal.getByRole('button', { name: 'Decline candidate' }).click();
  await expect(portal.getByRole('status')).toHaveText('Thank you. The candidate will not go further for this role.');
  await expect(portal.getByText('Declined', { exact: true })).toBeVisible();
  await phone.close();

  // The recruiter sees what the contact did, and the pipeline moved by that contact.
  await page.reload();
  const shares = page.getByRole('list', { name: `Candidates shared with Hana Hiring${stamp}` });
  await expect(shares).toContainText('Invited to interview');
  await expect(shares).toContainText('Declined: Salary expectation too high — Above our band for now');
  await expect(page.getByRole('region', { name: 'Shared with client' })).toContainText('Opened');

  // The bell tells of it; its line opens the pipeline.
  await toastsGone(page);
  await page.getByRole('button', { name: /^Notifications/ }).click();
  await page
    .getByRole('button', { name: `Hana Hiring${stamp} wants to interview Ada Approved${stamp} (unread)` })
    .click();
  await expect(page).toHaveURL(new RegExp(`/roles/${role.id}/pipelines/${ada.id}$`));
  const history = page.getByRole('list', { name: 'History' });
  await expect(history).toContainText('Client interview requested');
  await expect(history).toContainText(`Hana Hiring${stamp} (client contact)`);
  await expect(page.getByRole('region', { name: 'Stage' })).toContainText('Client interview');
});
