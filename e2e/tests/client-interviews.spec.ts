import { apiPost, expect, login, test } from '../fixtures';

// Issue 16 item 2: an offer recorded before a booked client interview has happened says so, and the
// interview is cancelled (never "passed"), with a history line; a booked one reads "Upcoming" until then.
test('an offer before the booked client interview says so and cancels the interview', async ({ page }) => {
  test.setTimeout(90_000);
  const stamp = Date.now();
  await login(page, 'recruiter');
  const client = await apiPost<{ client: { id: number } }>(page, '/api/clients/', {
    name: `Early Offer Co ${stamp}`,
    client_type: 'finders_fee',
    state: 'Open',
  });
  const role = await apiPost<{ role: { id: number } }>(page, '/api/roles/', {
    client_id: client.client.id,
    name: `Early Offer Role ${stamp}`,
  });
  const added = await apiPost<{ pipeline: { id: number; version: number } }>(
    page,
    `/api/roles/${role.role.id}/pipelines/`,
    {
      candidate: { first_name: 'Omar', last_name: `Early${stamp}` },
    },
  );
  const id = added.pipeline.id;
  const submitted = await apiPost<{ data: { pipeline: { version: number } } }>(
    page,
    `/api/pipelines/${id}/actions/submittal/`,
    {
      version: added.pipeline.version,
      submitted_on: new Date().toISOString().slice(0, 10),
    },
  );
  const inAWeek = new Date(Date.now() + 7 * 86_400_000).toISOString();
  await apiPost(page, `/api/pipelines/${id}/actions/submittal-outcome/`, {
    version: submitted.data.pipeline.version,
    outcome: 'client_interview',
    scheduled_at: inAWeek,
    interviewer_name: 'Dana at Early Offer Co',
  });

  await page.goto(`/roles/${role.role.id}/pipelines/${id}`);
  const interviews = page.getByRole('list', { name: 'Interviews' });
  await expect(interviews).toContainText('Upcoming');

  await page.getByRole('button', { name: 'Record client outcome' }).click();
  const outcome = page.getByRole('dialog', { name: "Record the client's outcome" });
  await outcome.getByRole('radio', { name: 'Offer made' }).check();
  await outcome.getByRole('button', { name: 'Save outcome' }).click();
  const question = page.getByRole('dialog', { name: 'The client interview has not taken place yet' });
  await expect(question).toContainText('To record the offer before it, confirm that the interview is cancelled.');
  await expect(question.getByText('Not held yet: will be cancelled')).toBeVisible();
  await expect(question.getByRole('button', { name: 'It went well' })).toHaveCount(0);
  await question.getByRole('button', { name: 'Cancel the interview and go on' }).click();
  await expect(question).toBeHidden();
  await expect(outcome).toBeHidden();

  await expect(page.getByRole('list', { name: 'History' })).toContainText(
    'Cancelled (offer recorded before it took place)',
  );
  await expect(interviews).toContainText('Cancelled');
  await expect(interviews).not.toContainText('Upcoming');
  await expect(page.getByRole('region', { name: 'Stage' })).toContainText('In Offer since');
});
