import { apiCall, apiPost, expect, login, test } from '../fixtures';

test('a recruiter opens a new role’s Matches tab and adds three matched candidates to the pipeline', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const stamp = Date.now();
  // A skill only this journey's candidates and role name, so they lead the ranking over the demo agency.
  const rare = `Gleamflux${stamp}`;
  await login(page, 'recruiter');
  const client = await apiPost<{ client: { id: number } }>(page, '/api/clients/', {
    name: `Matching Co ${stamp}`,
    client_type: 'finders_fee',
    state: 'Open',
  });
  const role = await apiPost<{ role: { id: number } }>(page, '/api/roles/', {
    client_id: client.client.id,
    name: `Senior Elixir Engineer ${stamp}`,
    location: 'Berlin, Germany',
    remote_type: 'hybrid',
  });
  for (const [index, name] of [rare, 'Elixir', 'PostgreSQL'].entries()) {
    await apiPost(page, '/api/job-qualifications/', {
      role_id: role.role.id,
      name,
      kind: index < 2 ? 'must_have' : 'nice_to_have',
    });
  }
  const names = ['Ana', 'Bea', 'Cal'].map((first) => `${first} Matchtest${stamp}`);
  for (const name of names) {
    const [first_name, last_name] = name.split(' ');
    await apiPost(page, '/api/candidates/', {
      first_name,
      last_name,
      current_title: 'Senior Elixir Engineer',
      location: 'Berlin, Germany',
      years_experience: 7,
      skills: [rare, 'Elixir', 'PostgreSQL'],
    });
  }

  await page.goto(`/roles/${role.role.id}`);
  await page.getByRole('navigation', { name: 'Role sections' }).getByRole('link', { name: 'Matches' }).click();
  await expect(page).toHaveURL(new RegExp(`/roles/${role.role.id}/matches$`));
  const list = page.getByRole('list', { name: 'Matching candidates' });
  for (const name of names) {
    const row = list.getByRole('listitem', { name: new RegExp(`^\\d+\\. ${name}, score`) });
    await expect(row).toBeVisible();
    await expect(row.getByRole('img', { name: /^Score \d+\.\d of 100: Required skills/ })).toBeVisible();
    await row.getByRole('checkbox', { name: `Select ${name}` }).check();
  }
  // The three lead the list: they have every required skill, the title, the city and the seniority.
  await expect(list.getByRole('listitem').first()).toHaveAccessibleName(new RegExp(`Matchtest${stamp}`));

  await page.getByRole('button', { name: 'Add 3 to pipeline' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Added 3 candidates to the pipeline.' })).toBeVisible();
  for (const name of names) {
    const row = list.getByRole('listitem', { name: new RegExp(`^\\d+\\. ${name}, score`) });
    await expect(row.getByText('In pipeline')).toBeVisible();
  }
  const pipelines = await apiCall<{ results?: Array<{ candidate: { name: string } }> }>(
    page,
    'GET',
    `/api/roles/${role.role.id}/pipelines/`,
  );
  expect(JSON.stringify(pipelines)).toContain(names[0]);
  expect(JSON.stringify(pipelines)).toContain(names[2]);
});

test('a new candidate with skills gets suggested roles, and is added to one of their pipelines', async ({ page }) => {
  test.setTimeout(90_000);
  const stamp = Date.now();
  const rare = `Quarkspan${stamp}`;
  await login(page, 'recruiter');
  const client = await apiPost<{ client: { id: number } }>(page, '/api/clients/', {
    name: `Suggesting Co ${stamp}`,
    client_type: 'finders_fee',
    state: 'Open',
  });
  const roleNames = [`Quarkspan Lead ${stamp}`, `Quarkspan Analyst ${stamp}`];
  for (const [index, name] of roleNames.entries()) {
    const role = await apiPost<{ role: { id: number } }>(page, '/api/roles/', {
      client_id: client.client.id,
      name,
      remote_type: 'remote',
    });
    const qualifications = index === 0 ? [rare, 'Elixir'] : [rare, 'Haskell'];
    for (const qualification of qualifications) {
      await apiPost(page, '/api/job-qualifications/', {
        role_id: role.role.id,
        name: qualification,
        kind: 'must_have',
      });
    }
  }

  await page.goto('/candidates');
  await page.getByRole('button', { name: 'Add candidate' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add candidate' });
  await dialog.getByLabel('First name').fill('Sol');
  await dialog.getByLabel('Last name').fill(`Suggested${stamp}`);
  const skills = dialog.getByRole('textbox', { name: 'Skills' });
  await skills.pressSequentially(`${rare},Elixir,`);
  await dialog.getByRole('button', { name: 'Add candidate' }).click();
  await expect(page.getByRole('dialog')).toBeHidden({ timeout: 15_000 });

  // Right after the form: the open roles that fit, the one with both skills first.
  const suggested = page.getByRole('region', { name: 'Suggested roles' });
  const list = suggested.getByRole('list', { name: 'Suggested roles' });
  await expect(list.getByRole('listitem').first().getByRole('link', { name: roleNames[0] })).toBeVisible();
  await expect(list.getByRole('link', { name: roleNames[1] })).toBeVisible();
  const addTo = (name: string) => suggested.getByRole('button', { name: new RegExp(`^Add to pipeline\\s*: ${name}$`) });
  await addTo(roleNames[0]!).click();
  await expect(page.getByRole('status').filter({ hasText: `Added to ${roleNames[0]}.` })).toBeVisible();
  await expect(list.getByRole('listitem').first().getByText('In pipeline')).toBeVisible();
  await expect(addTo(roleNames[1]!)).toBeVisible();
});
