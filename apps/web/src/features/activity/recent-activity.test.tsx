import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Activity } from '@recruitdesk/contracts/activity';
import { jsonResponse } from '@/test/factories';
import { installFetchStub } from '@/test/fetch-stub';
import { callsOf, renderWithProviders } from '@/test/render';
import { activityHref, RecentActivity } from './components/recent-activity';

const fetchStub = installFetchStub();

let nextId = 100;
const row = (overrides: Partial<Activity>): Activity => ({
  id: nextId--,
  actor: { id: 2, name: 'Rita Recruiter' },
  verb: 'updated',
  model_type: 'role',
  object_id: 7,
  summary: 'Updated role Controller',
  created_at: new Date(Date.now() - 60_000).toISOString(),
  client_id: 3,
  role_id: null,
  candidate_id: null,
  ...overrides,
});

describe("a record's recent activity (issue 16 item 8)", () => {
  it("shows the role's own rows and its children's, each child saying what it is and linking to it", async () => {
    const results = [
      row({
        verb: 'placed',
        model_type: 'pipeline',
        object_id: 11,
        role_id: 7,
        candidate_id: 5,
        summary: 'Placed Sam Lee in Controller at Harbor Bank',
      }),
      row({
        verb: 'created',
        model_type: 'note',
        object_id: 40,
        role_id: 7,
        candidate_id: 5,
        summary: 'Added a note to pipeline Sam Lee — Controller',
      }),
      row({
        verb: 'created',
        model_type: 'job_qualification',
        object_id: 9,
        role_id: 7,
        summary: 'Added qualification CPA to role Controller',
      }),
      row({
        verb: 'deleted',
        model_type: 'pipeline',
        object_id: 12,
        role_id: 7,
        candidate_id: 6,
        summary: 'Removed Dora Noel from Controller at Harbor Bank',
      }),
      row({ verb: 'updated', model_type: 'role', object_id: 7, summary: 'Updated role Controller' }),
    ];
    fetchStub.mock.mockImplementation(async () => jsonResponse(200, { success: true, results, has_more: false }));
    renderWithProviders(<RecentActivity subject={{ modelType: 'role', objectId: 7 }} />);
    const list = within(await screen.findByRole('list', { name: 'Recent activity' }));
    const items = list.getAllByRole('listitem');
    expect(items).toHaveLength(5);
    expect(within(items[0]!).getByRole('link', { name: /Placed Sam Lee/ })).toHaveAttribute(
      'href',
      '/roles/7/pipelines/11',
    );
    expect(items[0]).toHaveTextContent('Placement · Rita Recruiter');
    expect(within(items[1]!).getByRole('link')).toHaveAttribute('href', '/roles/7/candidates/5');
    expect(items[1]).toHaveTextContent('Note · Rita Recruiter');
    expect(items[2]).toHaveTextContent('Qualification · Rita Recruiter');
    expect(within(items[3]!).getByRole('link')).toHaveAttribute('href', '/roles/7');
    expect(items[3]).toHaveTextContent('Pipeline · Rita Recruiter');
    // The role's own row: no kind, no link to the page the reader is on.
    expect(within(items[4]!).queryByRole('link')).not.toBeInTheDocument();
    expect(items[4]).not.toHaveTextContent('Role ·');
    expect(callsOf(fetchStub.mock)[0]).toBe('GET /api/activity/?limit=10&model_type=role&object_id=7');
  });

  it('"Show more" asks for a longer list while the rows stay, and goes when there is no more', async () => {
    const user = userEvent.setup();
    const first = Array.from({ length: 8 }, (_, i) => row({ summary: `Change ${i + 1}` }));
    const more = [...first, ...Array.from({ length: 3 }, (_, i) => row({ summary: `Older change ${i + 1}` }))];
    fetchStub.mock.mockImplementation(async (input) => {
      const limit = new URL(String(input), 'http://x').searchParams.get('limit');
      return jsonResponse(
        200,
        limit === '8'
          ? { success: true, results: first, has_more: true }
          : { success: true, results: more, has_more: false },
      );
    });
    renderWithProviders(<RecentActivity subject={{ modelType: 'client', objectId: 3 }} limit={8} />);
    expect(await screen.findByText('Change 8')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Show more' }));
    expect(await screen.findByText('Older change 3')).toBeInTheDocument();
    expect(callsOf(fetchStub.mock).at(-1)).toContain('limit=28');
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Show more' })).not.toBeInTheDocument());
  });

  it('links each kind of row to its page', () => {
    const base = { verb: 'created', client_id: 3, role_id: null, candidate_id: null } as const;
    expect(activityHref({ ...base, model_type: 'candidate', object_id: 5 })).toBe('/candidates/5');
    expect(activityHref({ ...base, model_type: 'candidate', object_id: 5, verb: 'deleted' })).toBeNull();
    expect(activityHref({ ...base, model_type: 'pipeline', object_id: 11, role_id: 7, candidate_id: 5 })).toBe(
      '/roles/7/pipelines/11',
    );
    expect(activityHref({ ...base, model_type: 'note', object_id: 40, candidate_id: 5 })).toBe('/candidates/5');
    expect(activityHref({ ...base, model_type: 'note', object_id: 41 })).toBe('/clients/3');
    expect(activityHref({ ...base, model_type: 'invoice', object_id: 1 })).toBeNull();
  });
});
