import { rawMessage, startImapServer, type TestImapServer } from '../../apps/server/src/test/imap-server';
import { apiCall, apiPost, expect, login, test, toastsGone } from '../fixtures';

// Issue 33 "Done when": a recruiter sends a submittal from a pipeline, the hiring manager answers it, and the
// answer — fetched from a real IMAP server (hoodiecrow on 127.0.0.1) by the mailbox sync — lands on the
// pipeline's timeline, threaded by In-Reply-To, and the recruiter's bell says who replied.
let imap: TestImapServer;
test.beforeAll(async () => {
  imap = await startImapServer();
});
test.afterAll(async () => {
  await imap?.close();
});

test('a submittal email sent from a pipeline, and the reply on its timeline', async ({ page }) => {
  test.setTimeout(120_000);
  const stamp = Date.now();
  await login(page, 'recruiter');
  const { mailbox } = await apiPost<{ mailbox: { id: number } }>(page, '/api/mailboxes/', imap.account());
  try {
    const { client } = await apiPost<{ client: { id: number } }>(page, '/api/clients/', {
      name: `Reply Works ${stamp}`,
      client_type: 'finders_fee',
      state: 'Open',
    });
    const { contact } = await apiPost<{ contact: { id: number } }>(page, `/api/clients/${client.id}/contacts/`, {
      first_name: 'Hana',
      last_name: `Hiring${stamp}`,
      email: `hana.${stamp}@replyworks.test`,
    });
    const { role } = await apiPost<{ role: { id: number } }>(page, '/api/roles/', {
      client_id: client.id,
      name: `Data Engineer ${stamp}`,
      hiring_manager_contact_id: contact.id,
    });
    const { pipeline } = await apiPost<{ pipeline: { id: number } }>(page, `/api/roles/${role.id}/pipelines/`, {
      candidate: { first_name: 'Rhea', last_name: `Submit${stamp}`, email: `rhea.${stamp}@talent.test` },
    });

    await page.goto(`/roles/${role.id}/pipelines/${pipeline.id}`);
    // Ready to send: the pipeline moves to submit pending, where "Email submittal" is offered.
    await page.getByRole('button', { name: 'Mark submit pending' }).click();
    const pending = page.getByRole('dialog', { name: 'Mark as submit pending' });
    await pending.getByRole('button', { name: 'Mark submit pending' }).click();
    await expect(pending).toBeHidden();
    const emails = page.getByRole('region', { name: 'Emails' });
    await toastsGone(page);
    await emails.getByRole('button', { name: 'Email submittal' }).click();
    const dialog = page.getByRole('dialog', { name: 'Email submittal' });
    await expect(dialog.getByLabel('To')).toContainText(`hana.${stamp}@replyworks.test`);
    const subject = `Submittal: Rhea for Data Engineer ${stamp}`;
    await dialog.getByLabel('Subject').fill(subject);
    const body = dialog.getByRole('textbox', { name: 'Message' });
    await body.click();
    await body.pressSequentially('Hana, Rhea fits the role well.');
    await dialog.getByRole('button', { name: 'Send submittal' }).click();
    await expect(dialog).toBeHidden();
    await expect(emails.getByRole('listitem').filter({ hasText: subject })).toBeVisible();

    // The hiring manager answers the message the outbox sent (its Message-ID is the thread's key).
    const timeline = await apiCall<{ results: { subject: string; thread_key: string }[] }>(
      page,
      'GET',
      `/api/pipelines/${pipeline.id}/timeline/`,
    );
    const sent = timeline.results.find((message) => message.subject === subject)!;
    await imap.append(
      rawMessage({
        from: `Hana Hiring <hana.${stamp}@replyworks.test>`,
        to: imap.username,
        subject: `Re: ${subject}`,
        messageId: `reply-${stamp}@replyworks.test`,
        inReplyTo: sent.thread_key,
        body: 'Thanks, let us meet Rhea on Tuesday.',
      }),
    );

    // IDLE brings it in within seconds; the page shows it after a reload.
    await expect(async () => {
      await page.reload();
      const reply = page
        .getByRole('region', { name: 'Emails' })
        .getByRole('listitem')
        .filter({ hasText: `Re: ${subject}` });
      await expect(reply).toBeVisible({ timeout: 10_000 });
    }).toPass({ timeout: 60_000 });
    const reply = page
      .getByRole('region', { name: 'Emails' })
      .getByRole('listitem')
      .filter({ hasText: `Re: ${subject}` });
    await expect(reply).toContainText('Hana Hiring');

    // The recruiter who sent the submittal is told.
    const bell = page.getByRole('button', { name: /^Notifications, \d+ unread$/ });
    await bell.click();
    await page.getByRole('button', { name: 'Hana Hiring replied (unread)' }).first().click();
    await expect(page).toHaveURL(new RegExp(`/roles/${role.id}/pipelines/${pipeline.id}$`));
  } finally {
    await apiCall(page, 'DELETE', `/api/mailboxes/${mailbox.id}/`);
  }
});
