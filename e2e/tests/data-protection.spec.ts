import { apiCall, apiPost, expect, login, test, toastsGone } from '../fixtures';

// Issue 34: the owner sets how long people's data is kept and reads the data protection page; a candidate opens
// the privacy link from an email, withdraws their consent and asks to be forgotten; both requests reach the page.

test.describe('data protection', () => {
  test('the owner sets retention; a candidate uses the privacy page; the requests appear on the dashboard', async ({
    page,
    browser,
  }) => {
    test.setTimeout(90_000);
    const stamp = Date.now();
    await login(page, 'owner');

    // Settings → Data protection: the retention period.
    await page.goto('/settings#data-protection');
    const section = page.getByRole('region', { name: 'Data protection' });
    const months = section.getByLabel('Keep people’s data for (months)');
    await expect(months).toHaveValue('24');
    await months.fill('36');
    await section.getByRole('button', { name: 'Save retention settings' }).click();
    await expect(page.getByText('Retention settings saved.')).toBeVisible();
    await toastsGone(page);

    // A candidate who applied with consent, and an email to them (its footer links to their privacy page).
    const { candidate } = await apiPost<{ candidate: { id: number } }>(page, '/api/candidates/', {
      first_name: 'Noor',
      last_name: `Private${stamp}`,
      email: `noor.${stamp}@example.test`,
    });
    await apiCall(page, 'PUT', `/api/candidates/${candidate.id}/consent/`, {
      legal_basis: 'consent',
      source: 'careers_page',
      consent_text: 'I agree to the processing of my personal data to assess my application.',
    });
    const sent = await apiPost<{ message: { body_html: string } }>(page, '/api/messages/', {
      to: [{ record: 'candidate', id: candidate.id }],
      subject: 'A role for you',
      body_html: '<p>Hello Noor</p>',
    });
    const link = /href="([^"]*\/privacy\/[^"]+)"/.exec(sent.message.body_html)?.[1];
    expect(link).toBeTruthy();
    const privacyPath = new URL(link!).pathname;

    // The candidate page shows the legal basis card.
    await page.goto(`/candidates/${candidate.id}`);
    const card = page.getByRole('region', { name: 'Legal basis' });
    await expect(card).toContainText('Careers page', { timeout: 20_000 });

    // The candidate, with no account and no JavaScript, opens the link from the email.
    const visitor = await browser.newContext({ javaScriptEnabled: false });
    const person = await visitor.newPage();
    await person.goto(privacyPath);
    await expect(person.getByRole('heading', { level: 1 })).toContainText('Your data with');
    await expect(person.getByText(`Private${stamp}`).first()).toBeVisible();
    await person.getByRole('button', { name: 'Withdraw my consent' }).click();
    await expect(person.getByRole('status')).toContainText('Your consent is withdrawn');
    await person.getByRole('button', { name: 'Forget me' }).click();
    await expect(person.getByRole('status')).toContainText('we will erase your data within 30 days');
    await visitor.close();

    // The owner's data protection page lists both requests with their deadline.
    await page.goto('/settings/data-protection');
    await expect(page.getByRole('heading', { name: 'Data protection', level: 2 })).toBeVisible({ timeout: 20_000 });
    const requests = page.getByRole('list', { name: 'Open requests' });
    const mine = requests.getByRole('listitem').filter({ hasText: `Private${stamp}` });
    await expect(mine).toHaveCount(2);
    await expect(mine.filter({ hasText: 'Erasure' })).toContainText('days left');
    await expect(mine.filter({ hasText: 'Consent withdrawn' })).toBeVisible();

    // The withdrawal is handled: the owner marks it done with a note.
    await mine.filter({ hasText: 'Consent withdrawn' }).getByRole('button', { name: 'Mark done' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Note').fill('Kept on contract: placement in progress');
    await dialog.getByRole('button', { name: 'Mark done' }).click();
    await expect(mine).toHaveCount(1);
  });
});
