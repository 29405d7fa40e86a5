import { resumePdf } from '../files';
import { apiPost, expect, login, test } from '../fixtures';

// Issue 14, applications: a visitor applies through the public careers page (no sign-in), the recruiter
// finds the application in the role's inbox, converts it, and lands on the new candidate's pipeline.
test('a visitor applies on the careers page; the recruiter converts the application into a candidate in the role', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const stamp = Date.now();
  await login(page, 'recruiter');
  const client = await apiPost<{ client: { id: number } }>(page, '/api/clients/', {
    name: `Careers Co ${stamp}`,
    client_type: 'finders_fee',
    state: 'Open',
  });
  const role = await apiPost<{ role: { id: number } }>(page, '/api/roles/', {
    client_id: client.client.id,
    name: `Site Reliability Engineer ${stamp}`,
    description_text: 'Keep the platform up and the pagers quiet.',
    indeed_posting: true,
  });

  // The visitor: no session, the public page and its form.
  const visitor = await browser.newContext();
  const careers = await visitor.newPage();
  await careers.goto('/careers');
  await careers.getByRole('link', { name: `Site Reliability Engineer ${stamp}` }).click();
  await expect(careers.getByRole('heading', { level: 1, name: `Site Reliability Engineer ${stamp}` })).toBeVisible();
  await expect(careers.getByText('Keep the platform up and the pagers quiet.')).toBeVisible();
  await careers.getByLabel('First name').fill('Grace');
  await careers.getByLabel('Last name').fill(`Hopper${stamp}`);
  await careers.getByLabel('Email').fill(`grace.${stamp}@applicant.test`);
  await careers.getByLabel('Phone').fill('+1 555 0100');
  await careers.getByLabel(/^Resume/).setInputFiles({
    name: 'grace-hopper.pdf',
    mimeType: 'application/pdf',
    buffer: resumePdf(['Grace Hopper', 'Compilers, COBOL, reliability']),
  });
  await careers.getByLabel(/processing of my personal data/).check();
  await careers.getByRole('button', { name: 'Send application' }).click();
  await expect(careers.getByRole('status').filter({ hasText: 'Your application has been received' })).toBeVisible();
  await visitor.close();

  // The recruiter: the role's inbox shows it as new; the application screen converts it.
  await page.goto(`/roles/${role.role.id}`);
  const inbox = page.getByRole('region', { name: /^Applications/ });
  const applicant = inbox.getByRole('link', { name: `Grace Hopper${stamp}` });
  await expect(applicant).toBeVisible({ timeout: 20_000 });
  await applicant.click();
  await expect(page.getByRole('heading', { name: `Grace Hopper${stamp}`, exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Convert to candidate' }).click();
  const dialog = page.getByRole('dialog', { name: 'Convert to a candidate' });
  await dialog.getByRole('button', { name: 'Convert' }).click();
  await expect(page).toHaveURL(new RegExp(`/roles/${role.role.id}/pipelines/\\d+$`));
  await expect(page.getByText(`Grace Hopper${stamp}`).first()).toBeVisible();

  // The candidate exists, sourced from the careers page.
  const found = await page.request.get(`/api/candidates/?search=Hopper${stamp}`);
  const body = (await found.json()) as { count: number; results: { source: string }[] };
  expect(body.count).toBe(1);
  expect(body.results[0]?.source).toBe('Careers page');
});

// Decision 054: the same form works without JavaScript (a plain multipart post with the page's signed
// token); a refusal comes back as the page with the errors and the values entered. The jobs list then
// shows the role's new application as a badge.
test('a visitor without JavaScript applies with a plain form post; the jobs list counts the new application', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const stamp = Date.now();
  await login(page, 'recruiter');
  const client = await apiPost<{ client: { id: number } }>(page, '/api/clients/', {
    name: `No Script Co ${stamp}`,
    client_type: 'finders_fee',
    state: 'Open',
  });
  const title = `Plain Form Engineer ${stamp}`;
  const role = await apiPost<{ role: { id: number } }>(page, '/api/roles/', {
    client_id: client.client.id,
    name: title,
    description_text: 'Works in any browser.',
    indeed_posting: true,
  });

  const visitor = await browser.newContext({ javaScriptEnabled: false });
  const careers = await visitor.newPage();
  await careers.goto(`/careers/${role.role.id}`);
  await careers.getByLabel('First name').fill('Alan');
  await careers.getByLabel('Last name').fill(`Turing${stamp}`);
  await careers.getByLabel('Email').fill('not-an-email');
  await careers.getByLabel(/^Resume/).setInputFiles({
    name: 'alan.pdf',
    mimeType: 'application/pdf',
    buffer: resumePdf(['Alan Turing', 'Computing machinery']),
  });
  await careers.getByLabel(/processing of my personal data/).check();
  await careers.getByRole('button', { name: 'Send application' }).click();
  // The server's page: the error beside the field, the values kept, the file to choose again.
  await expect(careers.getByRole('alert')).toContainText('Please correct the highlighted fields.');
  await expect(careers.getByLabel('Email')).toHaveAttribute('aria-invalid', 'true');
  await expect(careers.getByLabel('First name')).toHaveValue('Alan');
  await expect(careers.getByLabel('Email')).toHaveValue('not-an-email');
  await careers.getByLabel('Email').fill(`alan.${stamp}@applicant.test`);
  await careers.getByLabel(/^Resume/).setInputFiles({
    name: 'alan.pdf',
    mimeType: 'application/pdf',
    buffer: resumePdf(['Alan Turing', 'Computing machinery']),
  });
  await careers.getByRole('button', { name: 'Send application' }).click();
  await expect(careers).toHaveURL(new RegExp(`/careers/${role.role.id}/applied$`));
  await expect(careers.getByRole('heading', { name: 'Thank you for applying' })).toBeVisible();
  await visitor.close();

  await page.goto(`/jobs/active?search=${encodeURIComponent(title)}`);
  const badge = page.getByRole('link', { name: `1 new application to ${title}` });
  await expect(badge).toBeVisible({ timeout: 20_000 });
  await badge.click();
  await expect(page).toHaveURL(new RegExp(`/roles/${role.role.id}#applications$`));
  await expect(
    page.getByRole('region', { name: /^Applications/ }).getByRole('link', { name: `Alan Turing${stamp}` }),
  ).toBeVisible();
  // The role's pipeline board counts it too.
  await page.goto(`/roles/${role.role.id}/pipelines`);
  await expect(page.getByRole('link', { name: `1 new application to ${title}` })).toBeVisible();
});
