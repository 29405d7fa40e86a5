import { apiCall, expect, login, test } from '../fixtures';

interface RoleRow {
  id: number;
  name: string;
  client: { id: number; name: string };
}
interface PipelineRow {
  id: number;
  candidate: { id: number; name: string };
}

test("a role's, its client's and the candidate's history show a note on one of the role's pipelines (issue 16 item 8)", async ({
  page,
}) => {
  await login(page, 'recruiter');
  const { roles } = await apiCall<{ roles: RoleRow[] }>(page, 'GET', '/api/roles/dashboard/?page_size=1&ordering=name');
  const role = roles[0]!;
  const { pipelines } = await apiCall<{ pipelines: PipelineRow[] }>(page, 'GET', `/api/roles/${role.id}/pipelines/`);
  const pipeline = pipelines[0]!;
  await apiCall(page, 'POST', `/api/notes/pipeline/${pipeline.id}/`, { body: 'Asked for a second call on Friday.' });
  const summary = `Added a note to pipeline ${pipeline.candidate.name} — ${role.name}`;

  await page.goto(`/roles/${role.id}`);
  const activity = page.getByRole('region', { name: 'Recent activity' });
  await expect(activity).toContainText('Changes to this role, its pipelines, placements, notes and qualifications.');
  const entry = activity.getByRole('listitem').filter({ hasText: summary });
  await expect(entry).toBeVisible();
  await expect(entry).toContainText(/Note · /);
  await page.screenshot({ path: '/tmp/e-shots/role-history.png', fullPage: true });

  await page.goto(`/clients/${role.client.id}`);
  await expect(
    page.getByRole('region', { name: 'Recent activity' }).getByRole('listitem').filter({ hasText: summary }),
  ).toBeVisible();

  await page.goto(`/candidates/${pipeline.candidate.id}`);
  const candidateEntry = page.getByRole('region', { name: 'Recent activity' }).getByRole('link', { name: summary });
  await expect(candidateEntry).toBeVisible();
  await candidateEntry.click();
  await expect(page).toHaveURL(new RegExp(`/roles/${role.id}/candidates/${pipeline.candidate.id}$`));
});
