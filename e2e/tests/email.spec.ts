import { apiPost, expect, login, test, toastsGone } from '../fixtures';

// Issue 33: email from a record. The outbox sends through the development mail transport; the timeline
// shows each message's status from the outbox (queued → sending → sent, or failed with the relay's answer).
const STATUS = /^(Queued|Sending|Sent|Failed|Unconfirmed)$/;

test.describe('email', () => {
  test('a recruiter emails a candidate from their page and sees it on the timeline with its status', async ({
    page,
  }) => {
    test.setTimeout(90_000);
    const stamp = Date.now();
    const subject = `Data Engineer role ${stamp}`;
    await login(page, 'recruiter');
    const { candidate } = await apiPost<{ candidate: { id: number; name: string } }>(page, '/api/candidates/', {
      first_name: 'Mara',
      last_name: `Quill${stamp}`,
      email: `mara.${stamp}@example.test`,
    });

    await page.goto(`/candidates/${candidate.id}`);
    const emails = page.getByRole('region', { name: 'Emails' });
    await expect(emails.getByText('No emails yet')).toBeVisible();
    await toastsGone(page);
    await emails.getByRole('button', { name: 'Email', exact: true }).click();

    const compose = page.getByRole('dialog', { name: 'New email' });
    await expect(compose.getByRole('list', { name: 'To recipients' })).toContainText(`mara.${stamp}@example.test`);
    // Sending without a subject or text is refused on the spot.
    await compose.getByRole('button', { name: 'Send' }).click();
    await expect(compose.getByText('Enter a subject.')).toBeVisible();
    await compose.getByLabel('Subject').fill(subject);
    const body = compose.getByRole('textbox', { name: 'Message' });
    await body.click();
    await body.pressSequentially('Hello Mara, are you open to a new role?');
    await compose.getByRole('button', { name: 'Send' }).click();
    await expect(compose).toBeHidden();

    // The message is on the candidate's timeline, newest first, with a status from the outbox.
    const timeline = emails.getByRole('list', { name: 'Emails' });
    const item = timeline.getByRole('listitem').filter({ hasText: subject });
    await expect(item).toBeVisible();
    await expect(item).toContainText(`Mara Quill${stamp}`);
    await expect(item.locator('span', { hasText: STATUS }).first()).toBeVisible();
    // The outbox moves on without the page being reloaded by hand: a reload shows a settled status.
    await expect(async () => {
      await page.reload();
      const settled = page
        .getByRole('region', { name: 'Emails' })
        .getByRole('listitem')
        .filter({ hasText: subject })
        .getByText(/^(Sent|Failed|Unconfirmed)$/);
      await expect(settled).toBeVisible({ timeout: 15_000 });
    }).toPass({ timeout: 60_000 });

    // Expanding it shows the text as it was written.
    const row = page.getByRole('region', { name: 'Emails' }).getByRole('listitem').filter({ hasText: subject });
    await row.getByRole('button', { name: subject }).click();
    await expect(row.frameLocator('iframe').getByText('Hello Mara, are you open to a new role?')).toBeVisible();
  });
});
