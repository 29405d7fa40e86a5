import ExcelJS from 'exceljs';
import type { Page } from '@playwright/test';
import { apiCall, apiPost, expect, login, test, toastsGone } from '../fixtures';

// A recruiter's day (issue 16): the screens a recruiter meets in the first hour, in a browser whose zone
// is not the profile's, on a desktop screen.
const PROFILE_ZONE = 'Asia/Tokyo'; // UTC+9, no daylight saving; 17 hours ahead of the browser
test.use({ timezoneId: 'America/Los_Angeles', viewport: { width: 1440, height: 900 } });

test('times read and are entered in the profile time zone, not the browser zone', async ({ page }) => {
  test.setTimeout(90_000);
  const stamp = Date.now();
  await login(page, 'recruiter');
  const before = await apiCall<{ user: { time_zone: string } }>(page, 'GET', '/api/auth/profile/');
  try {
    // The recruiter sets their zone on the profile screen.
    await page.goto('/profile');
    const zone = page.getByRole('combobox', { name: 'Time zone' });
    await zone.fill('Asia/Tok');
    await page.getByRole('option', { name: PROFILE_ZONE }).click();
    await page.getByRole('button', { name: 'Save preferences' }).click();
    await expect(page.getByText('Your preferences have been saved.')).toBeVisible();

    const client = await apiPost<{ client: { id: number } }>(page, '/api/clients/', {
      name: `Zone Client ${stamp}`,
      client_type: 'finders_fee',
      state: 'Open',
    });
    const role = await apiPost<{ role: { id: number } }>(page, '/api/roles/', {
      client_id: client.client.id,
      name: `Zone Role ${stamp}`,
    });
    const name = `Priya Zone${stamp}`;
    const added = await apiPost<{ pipeline: { id: number } }>(page, `/api/roles/${role.role.id}/pipelines/`, {
      candidate: { first_name: 'Priya', last_name: `Zone${stamp}` },
    });

    // Book an internal interview for 9:00 on the recruiter's clock.
    await page.goto(`/roles/${role.role.id}/pipelines/${added.pipeline.id}`);
    await page.getByRole('button', { name: 'Book interview' }).click();
    const dialog = page.getByRole('dialog', { name: 'Book an interview' });
    await expect(dialog.getByText(`Your time zone: ${PROFILE_ZONE}`)).toBeVisible();
    await dialog.getByLabel('Date and time').fill('2030-12-02T09:00');
    await dialog.getByRole('button', { name: 'Book interview' }).click();
    await expect(dialog).toBeHidden();

    // Stored as 00:00 UTC; shown as 9:00 AM, though the browser is in Los Angeles (4 PM the day before).
    const detail = await apiCall<{ data: { interviews: { scheduled_at: string }[] } }>(
      page,
      'GET',
      `/api/pipelines/${added.pipeline.id}/`,
    );
    expect(new Date(detail.data.interviews[0]!.scheduled_at).toISOString()).toBe('2030-12-02T00:00:00.000Z');
    const shown = /Dec 2, 2030,? 9:00\sAM/;
    await expect(page.getByRole('list', { name: 'Interviews' })).toContainText(shown);
    const history = page.getByRole('list', { name: 'History' });
    await expect(history).toContainText(shown);
    await expect(history).not.toContainText('UTC');

    // The board card, the candidate's page and the dashboard's activity say the same.
    await page.goto(`/roles/${role.role.id}/pipelines`);
    await expect(page.getByRole('region', { name: /^Internal interview, / })).toContainText(shown);
    await page.goto('/dashboard');
    const activity = page.getByRole('region', { name: 'Recent activity' });
    await expect(activity.getByText(`Booked an internal interview with ${name}`)).toContainText(shown);
    await expect(activity).not.toContainText('UTC');
    await page.screenshot({ path: '/tmp/e-shots/profile-zone-dashboard.png', fullPage: true });
  } finally {
    await apiCall(page, 'PATCH', '/api/profile/', { time_zone: before.user.time_zone });
  }
});

test('the board shows all seven stages at a glance and reaches each one by mouse or keyboard', async ({ page }) => {
  await login(page, 'recruiter');
  const roles = await apiCall<{ roles: { id: number }[] }>(page, 'GET', '/api/roles/dashboard/?page_size=1');
  await page.goto(`/roles/${roles.roles[0]!.id}/pipelines`);

  const bar = page.getByRole('navigation', { name: 'Stages' });
  const stages = bar.getByRole('button');
  await expect(stages).toHaveCount(7);
  for (const button of await stages.all()) await expect(button).toBeInViewport();
  const placed = page.getByRole('region', { name: /^Placed, / });
  await expect(placed).not.toBeInViewport({ ratio: 0.9 });

  // Keyboard: Tab to a stage, Enter jumps there and hands the column the focus.
  await bar.getByRole('button', { name: /^Go to Placed/ }).focus();
  await page.keyboard.press('Enter');
  await expect(placed).toBeFocused();
  await expect(placed).toBeInViewport({ ratio: 0.9 });
  const right = page.getByRole('button', { name: 'Scroll the board right' });
  const left = page.getByRole('button', { name: 'Scroll the board left' });
  await expect(right).toBeDisabled();
  await left.click();
  await expect(right).toBeEnabled();
  await bar.getByRole('button', { name: /^Go to Sourced/ }).click();
  await expect(page.getByRole('region', { name: /^Sourced, / })).toBeInViewport({ ratio: 0.9 });
  await expect(left).toBeDisabled();
  await page.screenshot({ path: '/tmp/e-shots/board-1440.png' });

  // On a phone the bar scrolls sideways and still reaches Placed.
  await page.setViewportSize({ width: 390, height: 844 });
  await bar.getByRole('button', { name: /^Go to Placed/ }).click();
  await expect(placed).toBeInViewport({ ratio: 0.9 });
  await page.screenshot({ path: '/tmp/e-shots/board-phone-placed.png' });
});

/** Opens one of the pipeline page's next-step actions and returns its dialog. */
async function openAction(page: Page, action: string, dialogName: string) {
  await page.getByRole('button', { name: action, exact: true }).click();
  const dialog = page.getByRole('dialog', { name: dialogName });
  await expect(dialog).toBeVisible();
  return dialog;
}

test("a recruiter's morning: find a client, add a role and candidates, interview, place and export, on the profile's clock", async ({
  page,
}) => {
  // One long journey through a dozen screens on a 2-core machine.
  test.setTimeout(180_000);
  const zone = 'Asia/Kolkata'; // UTC+5:30, 13½ hours ahead of the browser's Los Angeles
  const stamp = Date.now();
  await login(page, 'recruiter');
  const before = await apiCall<{ user: { time_zone: string } }>(page, 'GET', '/api/auth/profile/');
  await apiCall(page, 'PATCH', '/api/profile/', { time_zone: zone });
  try {
    const clientName = `Harbour Analytics ${stamp}`;
    await apiPost(page, '/api/clients/', {
      name: clientName,
      client_type: 'finders_fee',
      state: 'Open',
      finders_fee_percent: 20,
      guarantee_days: 90,
    });
    const flagged = { first: 'Dora', last: `Noel${stamp}` };
    await apiPost(page, '/api/candidates/', {
      first_name: flagged.first,
      last_name: flagged.last,
      email: `dora.${stamp}@example.test`,
      status: 'do_not_contact',
    });

    // Find the client from the top bar's search.
    await page.reload();
    await page.getByRole('banner').getByRole('combobox', { name: 'Search' }).fill(clientName);
    await page.getByRole('group', { name: 'Clients' }).getByRole('option', { name: clientName }).click();
    await expect(page.getByRole('heading', { name: clientName, exact: true })).toBeVisible();

    // Add a role for them.
    await page.getByRole('link', { name: 'New role' }).click();
    const roleName = `Data Engineer ${stamp}`;
    await page.getByLabel('Job title').fill(roleName);
    await page.getByLabel('Salary minimum').fill('110000');
    await page.getByLabel('Salary maximum').fill('120000');
    await page.getByRole('button', { name: 'Create role' }).click();
    await expect(page.getByRole('heading', { name: roleName })).toBeVisible();
    const roleId = Number(/\/roles\/(\d+)/.exec(page.url())?.[1]);
    expect(roleId).toBeGreaterThan(0);

    // A new candidate, straight into the role.
    await page.goto(`/roles/${roleId}/pipelines`);
    await page.getByRole('link', { name: 'Add candidate' }).click();
    await expect(page.getByRole('heading', { name: `Add candidate to ${roleName}` })).toBeVisible();
    await page.getByRole('tab', { name: 'New candidate' }).click();
    const name = `Ravi Menon${stamp}`;
    const form = page.getByRole('tabpanel', { name: 'New candidate' });
    await form.getByLabel('First name').fill('Ravi');
    await form.getByLabel('Last name').fill(`Menon${stamp}`);
    await form.getByLabel('Email').fill(`ravi.${stamp}@example.test`);
    await form.getByRole('button', { name: 'Add candidate' }).click();
    await expect(page.getByRole('region', { name: /^Sourced, / }).getByRole('link', { name })).toBeVisible();

    // An existing one who asked not to be contacted: the screen says so and asks why before adding.
    await toastsGone(page);
    await page.getByRole('link', { name: 'Add candidate' }).click();
    await page.getByLabel('Search candidates').fill(flagged.last);
    const flaggedName = `${flagged.first} ${flagged.last}`;
    await page.getByRole('radio', { name: new RegExp(flaggedName) }).check();
    await expect(page.getByText(`${flaggedName} is marked Do not contact.`, { exact: false })).toBeVisible();
    await page.getByRole('button', { name: 'Add to pipeline' }).click();
    const confirm = page.getByRole('dialog', { name: `Add ${flaggedName} anyway?` });
    await confirm.getByLabel('Reason').fill('She asked to hear about data roles again.');
    await confirm.getByRole('button', { name: 'Add anyway' }).click();
    await expect(
      page.getByRole('region', { name: /^Sourced, / }).getByRole('link', { name: flaggedName }),
    ).toBeVisible();

    // Ravi's pipeline: an internal interview at 9:00 on the recruiter's clock (03:30 UTC), already held, so
    // its outcome can be recorded (issue 29 item l).
    await page
      .getByRole('region', { name: /^Sourced, / })
      .getByRole('link', { name })
      .click();
    const book = await openAction(page, 'Book interview', 'Book an interview');
    await expect(book.getByText(`Your time zone: ${zone}`)).toBeVisible();
    await book.getByLabel('Date and time').fill('2025-12-02T09:00');
    await book.getByRole('button', { name: 'Book interview' }).click();
    await expect(book).toBeHidden();
    const pipelineId = Number(/\/pipelines\/(\d+)/.exec(page.url())?.[1]);
    const interviewsOf = async () =>
      (
        await apiCall<{ data: { interviews: { kind: string; scheduled_at: string }[] } }>(
          page,
          'GET',
          `/api/pipelines/${pipelineId}/`,
        )
      ).data.interviews;
    expect((await interviewsOf()).map((i) => new Date(i.scheduled_at).toISOString())).toEqual([
      '2025-12-02T03:30:00.000Z',
    ]);
    await expect(page.getByRole('list', { name: 'Interviews' })).toContainText(/Dec 2, 2025,? 9:00\sAM/);

    const internal = await openAction(page, 'Record interview outcome', 'Record the interview outcome');
    await internal.getByRole('radio', { name: 'Passed' }).check();
    await internal.getByLabel('Feedback').fill('Strong on streaming pipelines.');
    await internal.getByRole('button', { name: 'Save outcome' }).click();
    await expect(internal).toBeHidden();

    // Submitted to the client today (the recruiter's today), then the client books an interview at 14:30.
    const submit = await openAction(page, 'Submit to client', 'Submit to the client');
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: zone }).format(new Date());
    await expect(submit.getByLabel('Submitted on')).toHaveValue(today);
    await submit.getByLabel('Proposed salary').fill('115000');
    await submit.getByRole('button', { name: 'Submit to client' }).click();
    await expect(submit).toBeHidden();

    let outcome = await openAction(page, 'Record client outcome', "Record the client's outcome");
    await outcome.getByRole('radio', { name: 'Client interview booked' }).check();
    await outcome.getByLabel('Date and time').fill('2025-12-05T14:30');
    await outcome.getByRole('button', { name: 'Save outcome' }).click();
    await expect(outcome).toBeHidden();
    expect((await interviewsOf()).find((i) => i.kind === 'client')?.scheduled_at).toMatch(
      /^2025-12-05T09:00:00(\.000)?Z$/,
    );
    const clientInterviewShown = /Dec 5, 2025,? 2:30\sPM/;
    await expect(page.getByRole('list', { name: 'Interviews' })).toContainText(clientInterviewShown);

    // One action (issue 29 item l): the held client interview's outcome comes first.
    const clientInterview = await openAction(page, 'Record client outcome', 'Record the client interview outcome');
    await clientInterview.getByRole('radio', { name: 'Passed' }).check();
    await clientInterview.getByRole('button', { name: 'Save outcome' }).click();
    await expect(clientInterview).toBeHidden();

    outcome = await openAction(page, 'Record client outcome', "Record the client's outcome");
    await outcome.getByRole('radio', { name: 'Offer made' }).check();
    await outcome.getByLabel('Offered salary').fill('118000');
    await outcome.getByRole('button', { name: 'Save outcome' }).click();
    await expect(outcome).toBeHidden();

    // Placed: 20 % of 115,000 is the fee.
    outcome = await openAction(page, 'Record client outcome', "Record the client's outcome");
    await outcome.getByRole('radio', { name: 'Placed' }).check();
    await outcome.getByLabel('Salary').fill('115000');
    await outcome.getByLabel('Start date').fill('2031-01-06');
    await outcome.getByRole('button', { name: 'Save outcome' }).click();
    const placed = page.getByRole('dialog', { name: `${name} is placed` });
    await expect(placed.getByText('$23,000')).toBeVisible();
    await placed.getByRole('button', { name: 'Keep the role open' }).click();
    await expect(placed).toBeHidden();
    await expect(page.getByText('Placed. Nothing more to do in this pipeline.')).toBeVisible();

    // Every time on the page reads on the profile's clock, never in UTC or the browser's zone.
    for (const list of ['Interviews', 'History']) {
      await expect(page.getByRole('list', { name: list })).toContainText(clientInterviewShown);
      await expect(page.getByRole('list', { name: list })).not.toContainText('UTC');
    }
    await page.screenshot({ path: '/tmp/e-shots/morning-placed.png', fullPage: true });

    // Export the role's candidates: dates are the recruiter's dates, money is numbers.
    await page.goto(`/roles/${roleId}/pipelines`);
    const downloadStarted = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export to Excel' }).click();
    const download = await downloadStarted;
    expect(download.suggestedFilename()).toContain(today);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile(await download.path());
    const sheet = workbook.worksheets[0]!;
    const header = (sheet.getRow(1).values as unknown[]).slice(1);
    const cell = (row: number, column: string) => sheet.getRow(row).getCell(header.indexOf(column) + 1).value;
    const rowOf = (candidate: string) => [2, 3].find((row) => cell(row, 'Candidate') === candidate)!;
    const ravi = rowOf(name);
    expect(cell(ravi, 'Stage')).toBe('Placed');
    expect(cell(ravi, 'Placement salary')).toBe(115000);
    expect(cell(ravi, 'Fee')).toBe(23000);
    expect((cell(ravi, 'Submitted on') as Date).toISOString().slice(0, 10)).toBe(today);
    expect((cell(ravi, 'Start date') as Date).toISOString().slice(0, 10)).toBe('2031-01-06');
    expect(cell(rowOf(flaggedName), 'Stage')).toBe('Sourced');
  } finally {
    await apiCall(page, 'PATCH', '/api/profile/', { time_zone: before.user.time_zone });
  }
});

test('search tells C++ from C#, says where it matched, suggests skills; an edited note says so', async ({ page }) => {
  test.setTimeout(120_000);
  const stamp = Date.now();
  const tag = `zq${stamp}`; // one word only these two candidates have
  await login(page, 'recruiter');
  const cpp = await apiPost<{ candidate: { id: number } }>(page, '/api/candidates/', {
    first_name: 'Cora',
    last_name: `Plus${stamp}`,
    current_title: `Senior C++ Engineer ${tag}`,
    skills: ['C++', `Cudaflux${stamp}`],
  });
  await apiPost(page, '/api/candidates/', {
    first_name: 'Shay',
    last_name: `Sharp${stamp}`,
    current_title: `C# Developer ${tag}`,
    skills: ['C#', '.NET'],
  });

  await page.goto('/candidates');
  const search = page.getByLabel('Search candidates');
  const results = page.getByRole('table', { name: 'Candidates' });
  await search.fill(`C++ ${tag}`);
  await expect(results.getByRole('link', { name: `Cora Plus${stamp}` })).toBeVisible();
  await expect(results.getByRole('link', { name: `Shay Sharp${stamp}` })).toBeHidden();
  const where = page.getByRole('definition').filter({ has: page.locator('mark', { hasText: 'C++' }) });
  await expect(where.first()).toBeVisible();

  await search.fill(`C# ${tag}`);
  await expect(results.getByRole('link', { name: `Shay Sharp${stamp}` })).toBeVisible();
  await expect(results.getByRole('link', { name: `Cora Plus${stamp}` })).toBeHidden();

  // Symbols alone search for nothing, and say so rather than listing everyone.
  await search.fill('%');
  await expect(page.getByText('Nothing to search for')).toBeVisible();
  await search.fill('');

  // The skills filter suggests a known skill from a few letters, typo-free or not.
  const skills = page.getByRole('combobox', { name: 'Skills' });
  await skills.fill(`cudaflux${stamp}`.slice(0, 8));
  await page
    .getByRole('listbox', { name: 'Skills suggestions' })
    .getByRole('option', { name: new RegExp(`Cudaflux${stamp}`) })
    .click();
  await expect(results.getByRole('link', { name: `Cora Plus${stamp}` })).toBeVisible();
  await expect(results.getByRole('row')).toHaveCount(2);

  // A note edited on the candidate's page says "edited"; the record-shaped notes address leads to the one page.
  await page.goto(`/candidates/${cpp.candidate.id}`);
  await page
    .getByRole('region', { name: 'Notes' })
    .getByRole('textbox', { name: 'New note' })
    .fill('Prefers remote work.');
  await page.getByRole('region', { name: 'Notes' }).getByRole('button', { name: 'Add note' }).click();
  // The candidate is new: this is their only note.
  const note = page.getByRole('region', { name: 'Notes' }).getByRole('listitem', { name: /^Note by / });
  await expect(note).toContainText('Prefers remote work.');
  await expect(note).not.toContainText('edited');
  await note.getByRole('button', { name: 'Edit' }).click();
  await note.getByLabel('Edit note').fill('Prefers remote work; open to one office day a week.');
  await note.getByRole('button', { name: 'Save' }).click();
  await expect(note).toContainText('one office day');
  await expect(note).toContainText('edited');
  await page.goto(`/candidates/${cpp.candidate.id}/notes`);
  // The record-shaped notes address stays where it is (issue 29 item 8, decision 083).
  await expect(page).toHaveURL(new RegExp(`/candidates/${cpp.candidate.id}/notes$`));
  await expect(page.getByText('Prefers remote work; open to one office day a week.')).toBeVisible();
});
