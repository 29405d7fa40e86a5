import { startImapServer } from '../../apps/server/src/test/imap-server';
import type { Page } from '@playwright/test';
import { apiCall, apiPost, expect, login, test, toastsGone } from '../fixtures';

// Issue 33: the email features a recruiter drives by hand — templates with merge fields and their preview,
// a bulk email from a selection on the candidates list, sequences (enrol, stop), connecting and
// disconnecting an IMAP mailbox (a real IMAP server on 127.0.0.1), and an assistant draft in the compose
// window that is only sent on "Send". The API is used only to set up records.

interface Candidate {
  id: number;
  name: string;
}

async function newCandidate(page: Page, fields: Record<string, unknown>): Promise<Candidate> {
  const { candidate } = await apiPost<{ candidate: Candidate }>(page, '/api/candidates/', fields);
  return candidate;
}

/** A template whose fields a candidate alone fills (the candidates list has no role to fill role fields). */
async function newCandidateTemplate(page: Page, name: string, subject: string): Promise<void> {
  await apiPost(page, '/api/email-templates/', {
    name,
    scope: 'personal',
    purpose: 'general',
    subject,
    body_html: '<p>Hi {{candidate.first_name}}, are you open to a chat this week?</p>',
  });
}

/** The candidates list, narrowed by the search box to the test's candidates. */
async function searchCandidates(page: Page, text: string, expected: number) {
  await page.goto('/candidates');
  await page.getByLabel('Search candidates').fill(text);
  const list = page.getByRole('region', { name: 'Candidate list' });
  await expect(list.getByRole('checkbox', { name: /^Select (?!all)/ })).toHaveCount(expected);
  return list;
}

test.describe('email journeys', () => {
  test('a template with merge fields written on the templates screen, previewed with a real candidate', async ({
    page,
  }) => {
    test.setTimeout(90_000);
    const stamp = Date.now();
    const last = `Preview${stamp}`;
    await login(page, 'recruiter');
    await newCandidate(page, { first_name: 'Ada', last_name: last, email: `ada.${stamp}@example.test` });

    // Merge fields typed in the text and picked from the editor's toolbar.
    await page.goto('/settings/email-templates');
    await expect(page.getByRole('heading', { name: 'Email templates' })).toBeVisible({ timeout: 15_000 });
    await page.getByRole('button', { name: 'New template' }).first().click();
    const form = page.getByRole('dialog', { name: 'New template' });
    const templateName = `Intro ${stamp}`;
    await form.getByLabel('Name', { exact: true }).fill(templateName);
    await form.getByLabel('Subject').fill(`Your next move, {{candidate.first_name}} (${stamp})`);
    const editor = form.getByRole('textbox', { name: 'Template body' });
    await editor.click();
    await editor.pressSequentially('Hi {{candidate.first_name}}, a role for you: ');
    await form.getByLabel('Insert merge field').selectOption('role.title');
    await expect(editor).toContainText('Hi {{candidate.first_name}}, a role for you: {{role.title}}');
    await form.getByRole('button', { name: 'Create template' }).click();
    await expect(form).toBeHidden();
    const row = page.getByRole('list', { name: 'Email templates' }).getByRole('listitem').filter({
      hasText: templateName,
    });
    await expect(row).toContainText('Personal');

    // Previewed with a real candidate: the first name is filled in, the role (none chosen) is flagged missing.
    await row.getByRole('button', { name: `Preview ${templateName}` }).click();
    const preview = page.getByRole('dialog', { name: `Preview ${templateName}` });
    await preview.getByLabel('Candidate', { exact: true }).fill(`Ada ${last}`);
    await preview
      .getByRole('list', { name: 'Matching candidates' })
      .getByRole('button', { name: new RegExp(`^Ada ${last}`) })
      .click();
    await expect(preview.getByRole('alert').filter({ hasText: 'Missing values' })).toContainText('{{role.title}}');
    await expect(preview.getByText(`Your next move, Ada (${stamp})`)).toBeVisible();
    const body = preview.frameLocator(`iframe[title="${templateName} for Ada ${last}"]`);
    await expect(body.getByText('Hi Ada, a role for you:')).toBeVisible();
    await expect(body.getByText('[missing: role.title]')).toBeVisible();
    await preview.getByRole('button', { name: 'Close' }).last().click();
    await expect(preview).toBeHidden();
  });

  test('one template emailed to three candidates ticked on the list; the do-not-contact one is left out', async ({
    page,
  }) => {
    test.setTimeout(90_000);
    const stamp = Date.now();
    const last = `Bulk${stamp}`;
    await login(page, 'recruiter');
    const ada = await newCandidate(page, { first_name: 'Ada', last_name: last, email: `ada.${stamp}@example.test` });
    const ben = await newCandidate(page, { first_name: 'Ben', last_name: last, email: `ben.${stamp}@example.test` });
    const cleo = await newCandidate(page, {
      first_name: 'Cleo',
      last_name: last,
      email: `cleo.${stamp}@example.test`,
      status: 'do_not_contact',
    });
    const withRole = `Role intro ${stamp}`;
    await apiPost(page, '/api/email-templates/', {
      name: withRole,
      scope: 'personal',
      purpose: 'general',
      subject: `{{candidate.first_name}}, about {{role.title}}`,
      body_html: '<p>Hi {{candidate.first_name}}, a role for you: {{role.title}}</p>',
    });
    const quick = `Quick question ${stamp}`;
    await newCandidateTemplate(page, quick, `A quick question for {{candidate.first_name}} (${stamp})`);

    const list = await searchCandidates(page, last, 3);
    for (const candidate of [ada, ben, cleo])
      await list.getByRole('checkbox', { name: `Select ${candidate.name}` }).check();
    const selected = page.getByRole('toolbar', { name: 'Selected candidates' });
    await expect(selected).toContainText('3 selected');
    await selected.getByRole('button', { name: 'Email selected' }).click();
    const bulk = page.getByRole('dialog', { name: 'Email 3 candidates' });
    // A template with a role field cannot be filled from a list selection (no role): flagged, never sent blank.
    await bulk.getByLabel('Template', { exact: true }).selectOption({ label: `${withRole} · personal` });
    await expect(bulk.getByRole('alert').filter({ hasText: 'Missing values: not ready to send' })).toContainText(
      '{{role.title}}',
    );
    await bulk.getByLabel('Template', { exact: true }).selectOption({ label: `${quick} · personal` });
    await expect(bulk.getByText(`A quick question for Ada (${stamp})`)).toBeVisible();
    await expect(bulk.getByRole('alert')).toHaveCount(0);
    await bulk.getByRole('button', { name: 'Send to 3' }).click();
    await expect(bulk.getByRole('status').filter({ hasText: '2 emails queued' })).toBeVisible();
    const leftOut = bulk.getByRole('list', { name: 'Left out' }).getByRole('listitem');
    await expect(leftOut).toHaveCount(1);
    await expect(leftOut).toContainText(cleo.name);
    await expect(leftOut).toContainText('Do not contact');
    await bulk.getByRole('button', { name: 'Done' }).click();
    await expect(bulk).toBeHidden();

    // Each one sent is on their own timeline, personalised with their name.
    await list.getByRole('link', { name: ben.name }).click();
    await expect(page).toHaveURL(new RegExp(`/candidates/${ben.id}$`));
    await expect(
      page
        .getByRole('region', { name: 'Emails' })
        .getByRole('listitem')
        .filter({ hasText: `A quick question for Ben (${stamp})` }),
    ).toBeVisible({ timeout: 15_000 });
  });

  test('a two-step sequence built from a template, a candidate enrolled from the list, then stopped by hand', async ({
    page,
  }) => {
    test.setTimeout(90_000);
    const stamp = Date.now();
    await login(page, 'recruiter');
    const template = `Check-in ${stamp}`;
    await newCandidateTemplate(page, template, `Checking in, {{candidate.first_name}} (${stamp})`);
    const dana = await newCandidate(page, {
      first_name: 'Dana',
      last_name: `Seq${stamp}`,
      email: `dana.${stamp}@example.test`,
    });

    await page.goto('/settings');
    await page.getByRole('link', { name: 'Sequences' }).click();
    await expect(page.getByRole('heading', { name: 'Sequences' })).toBeVisible();
    await page.getByRole('button', { name: 'New sequence' }).click();
    const form = page.getByRole('dialog', { name: 'New sequence' });
    const name = `Nurture ${stamp}`;
    await form.getByLabel('Name', { exact: true }).fill(name);
    await form.getByLabel('Step 1 template').selectOption({ label: template });
    await form.getByLabel('Days after enrolling').fill('1');
    await form.getByRole('button', { name: 'Add a step' }).click();
    await form.getByLabel('Step 2 template').selectOption({ label: template });
    await expect(form.getByLabel('Days after the previous')).toHaveValue('3');
    await form.getByRole('button', { name: 'Create sequence' }).click();
    await expect(form).toBeHidden();
    const sequence = page.getByRole('list', { name: 'Sequences' }).getByRole('listitem').filter({ hasText: name });
    await expect(sequence).toContainText('2 steps');
    await expect(sequence).toContainText(`${template} (+1 d) → ${template} (+3 d)`);

    // Enrolled where the sequences screen says: the candidates list, "Add to sequence".
    const list = await searchCandidates(page, `Seq${stamp}`, 1);
    await list.getByRole('checkbox', { name: `Select ${dana.name}` }).check();
    await page
      .getByRole('toolbar', { name: 'Selected candidates' })
      .getByRole('button', { name: 'Add to sequence' })
      .click();
    const enrol = page.getByRole('dialog', { name: 'Add 1 candidate to a sequence' });
    await enrol.getByLabel('Sequence', { exact: true }).selectOption({ label: `${name} (2 steps)` });
    await enrol.getByRole('button', { name: 'Enrol' }).click();
    await expect(enrol.getByRole('status').filter({ hasText: '1 enrolled' })).toBeVisible();
    await enrol.getByRole('button', { name: 'Done' }).click();
    await expect(enrol).toBeHidden();

    await page.goto('/settings/sequences');
    const row = page.getByRole('list', { name: 'Sequences' }).getByRole('listitem').filter({ hasText: name }).first();
    await row.getByRole('button', { name: 'Enrolled (1)' }).click();
    const enrolled = row.getByRole('list', { name: `Enrolled in ${name}` }).getByRole('listitem');
    await expect(enrolled).toContainText(dana.name);
    await expect(enrolled).toContainText('Step 1 of 2');
    await enrolled.getByRole('button', { name: `Stop the sequence for ${dana.name}` }).click();
    await expect(enrolled).toContainText('Stopped: stopped by hand');
    await expect(enrolled.getByRole('button', { name: /^Stop the sequence/ })).toHaveCount(0);
    await expect(row.getByRole('button', { name: 'Enrolled (0)' })).toBeVisible();
  });

  test('a mailbox connected against a real IMAP server shows "In sync", then is disconnected', async ({ page }) => {
    test.setTimeout(90_000);
    const stamp = Date.now();
    const imap = await startImapServer();
    const label = `Journeys inbox ${stamp}`;
    await login(page, 'recruiter');
    try {
      await page.goto('/settings');
      await page.getByRole('link', { name: 'Mailboxes' }).click();
      await expect(page.getByRole('heading', { name: 'Mailboxes' })).toBeVisible();
      await page.getByRole('button', { name: 'Connect a mailbox' }).first().click();
      const form = page.getByRole('dialog', { name: 'Connect a mailbox' });
      await form.getByLabel('Provider').selectOption({ label: 'Other (IMAP)' });
      await form.getByLabel('Email address').fill(imap.username);
      await form.getByLabel('Name on the list').fill(label);
      await form.getByLabel('IMAP server').fill(imap.host);
      await form.getByLabel('Port', { exact: true }).fill(String(imap.port));
      await form.getByLabel('Use TLS (recommended)').uncheck();
      await form.getByLabel('Password or app password').fill(imap.password);
      await form.getByRole('button', { name: 'Connect' }).click();
      await expect(form).toBeHidden();

      const mailbox = page.getByRole('listitem', { name: label });
      await expect(mailbox).toContainText(`${imap.username}@${imap.host}:${imap.port}`);
      // The list refreshes itself once a minute; a reload shows the state the sync reached (the page itself
      // takes seconds to load on a loaded machine, hence the long wait per reload).
      await expect(async () => {
        await page.reload();
        const row = page.getByRole('listitem', { name: label });
        await expect(row.getByText(/^(Connecting|Syncing|In sync|Sync stopped)$/)).toBeVisible({ timeout: 15_000 });
        await expect(row.getByText('In sync', { exact: true })).toBeVisible({ timeout: 1_000 });
      }).toPass({ timeout: 45_000 });
      await expect(page.getByRole('listitem', { name: label })).toContainText('new mail is pushed (IDLE)');

      await toastsGone(page);
      await page.getByRole('button', { name: `Disconnect ${label}` }).click();
      const confirm = page.getByRole('dialog', { name: `Disconnect ${imap.username}?` });
      await confirm.getByRole('button', { name: 'Disconnect' }).click();
      await expect(confirm).toBeHidden();
      await expect(page.getByRole('listitem', { name: label })).toHaveCount(0);
    } finally {
      // Never leave a mailbox behind: once this IMAP server closes, later specs would see "sync stopped".
      const { results } = await apiCall<{ results: { id: number; label: string }[] }>(page, 'GET', '/api/mailboxes/');
      for (const left of results.filter((m) => m.label === label))
        await apiCall(page, 'DELETE', `/api/mailboxes/${left.id}/`);
      await imap.close();
    }
  });

  test('the assistant drafts a submittal in the compose window; nothing is sent until Send', async ({ page }) => {
    test.setTimeout(90_000);
    const stamp = Date.now();
    await login(page, 'recruiter');
    const { client } = await apiPost<{ client: { id: number } }>(page, '/api/clients/', {
      name: `Draft Works ${stamp}`,
      client_type: 'finders_fee',
      state: 'Open',
    });
    const { contact } = await apiPost<{ contact: { id: number } }>(page, `/api/clients/${client.id}/contacts/`, {
      first_name: 'Hugo',
      last_name: `Manager${stamp}`,
      email: `hugo.${stamp}@draftworks.test`,
    });
    const roleName = `Platform Engineer ${stamp}`;
    const { role } = await apiPost<{ role: { id: number } }>(page, '/api/roles/', {
      client_id: client.id,
      name: roleName,
      hiring_manager_contact_id: contact.id,
    });
    const candidateName = `Iris Draft${stamp}`;
    const { pipeline } = await apiPost<{ pipeline: { id: number } }>(page, `/api/roles/${role.id}/pipelines/`, {
      candidate: { first_name: 'Iris', last_name: `Draft${stamp}`, email: `iris.${stamp}@talent.test` },
    });

    await page.goto(`/roles/${role.id}/pipelines/${pipeline.id}`);
    const emails = page.getByRole('region', { name: 'Emails' });
    // The pipeline page is the heaviest screen here: on a loaded machine its first load takes a while.
    await expect(emails.getByText('No emails yet')).toBeVisible({ timeout: 20_000 });
    await toastsGone(page);
    await emails.getByRole('button', { name: 'Email', exact: true }).click();
    const compose = page.getByRole('dialog', { name: 'New email' });
    await compose.getByRole('button', { name: 'Draft with the assistant' }).click();
    await compose.getByLabel('What should the assistant draft?').fill('Draft a submittal to the hiring manager');
    await compose.getByRole('button', { name: 'Draft', exact: true }).click();

    // The draft fills the form: the hiring manager in To (in place of the candidate the pipeline's window was
    // addressed to), the subject and the text from the records.
    const subject = `Submittal: ${candidateName} for ${roleName}`;
    await expect(compose.getByLabel('Subject')).toHaveValue(subject);
    await expect(compose.getByText('The draft is in the message below')).toBeVisible();
    const to = compose.getByRole('list', { name: 'To recipients' });
    await expect(to).toContainText(`hugo.${stamp}@draftworks.test`);
    await expect(to).not.toContainText(`iris.${stamp}@talent.test`);
    await expect(compose.getByRole('textbox', { name: 'Message' })).toContainText(
      `I'd like to put forward ${candidateName} for the ${roleName} role.`,
    );
    // Nothing has gone out yet.
    const before = await apiCall<{ results: unknown[] }>(page, 'GET', `/api/pipelines/${pipeline.id}/timeline/`);
    expect(before.results).toHaveLength(0);

    await compose.getByRole('button', { name: 'Send' }).click();
    await expect(compose).toBeHidden();
    await expect(emails.getByRole('listitem').filter({ hasText: subject })).toBeVisible();
  });
});
