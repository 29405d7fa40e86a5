import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { CandidateDetail, Interview } from '@recruitdesk/contracts/pipelines';
import { jsonResponse } from '@/test/factories';
import { installFetchStub } from '@/test/fetch-stub';
import { callsOf } from '@/test/render';
import { useGetCandidateDetailQuery } from './api';
import { CandidateProfile, orderInterviews } from './components/candidate-profile';
import { buildCandidateDetail, PDF_TYPE, renderCandidates } from './test-support/test-utils';

const fetchStub = installFetchStub();

const client = { id: 4, name: 'Initech', client_type: 'finders_fee' as const };
const pipeline = (overrides: Partial<CandidateDetail['pipelines'][number]>): CandidateDetail['pipelines'][number] => ({
  id: 11,
  role_id: 21,
  candidate: {
    id: 1,
    name: 'Ada Lovelace',
    current_title: 'Engineer',
    current_company: 'Analytical Engines',
    email: 'ada@example.com',
    status: 'active',
  },
  stage: { name: 'client_interview', label: 'Client interview', position: 4 },
  state: 'open',
  close_reason: null,
  close_note: '',
  recruiter: null,
  stage_changed_at: '2026-02-10T09:00:00Z',
  closed_at: null,
  next_interview_at: null,
  version: 3,
  created_at: '2026-02-01T09:00:00Z',
  updated_at: '2026-02-10T09:00:00Z',
  role: { id: 21, name: 'Data Engineer', state: 'open', openings: 1, salary_currency: 'USD', client },
  ...overrides,
});
const interview = (overrides: Partial<Interview>): Interview => ({
  id: 31,
  pipeline_id: 11,
  role: { id: 21, name: 'Data Engineer' },
  candidate: { id: 1, name: 'Ada Lovelace' },
  kind: 'client',
  scheduled_at: '2099-05-01T14:00:00Z',
  duration_minutes: 60,
  location: 'Initech HQ',
  meeting_url: 'https://meet.example.com/abc',
  interviewer: null,
  interviewer_name: 'Bill Lumbergh',
  outcome: 'pending',
  feedback: '',
  created_at: '2026-02-01T09:00:00Z',
  ...overrides,
});

const resume = {
  filename: 'ada-cv.pdf',
  size: 245_000,
  content_type: PDF_TYPE,
  uploaded_at: '2026-02-03T10:00:00Z',
  has_text: true,
};

function detail(overrides: Partial<CandidateDetail> = {}) {
  return buildCandidateDetail({
    id: 1,
    resume,
    resume_text_preview: 'Ada Lovelace\nMathematician and the first programmer.\nNotes on the Analytical Engine.',
    pipelines: [
      pipeline({}),
      pipeline({
        id: 12,
        role_id: 22,
        role: {
          id: 22,
          name: 'Analyst',
          state: 'closed',
          openings: 1,
          salary_currency: 'USD',
          client: { ...client, id: 5, name: 'Globex' },
        },
        stage: { name: 'submitted', label: 'Submitted', position: 3 },
        state: 'closed',
        close_reason: 'rejected_by_client',
      }),
    ],
    interviews: [
      interview({
        id: 32,
        kind: 'internal',
        scheduled_at: '2026-01-20T10:00:00Z',
        outcome: 'passed',
        interviewer: { id: 2, name: 'Rachel Moreno' },
        interviewer_name: '',
        meeting_url: '',
        location: 'Office',
      }),
      interview({}),
    ],
    ...overrides,
  });
}

function renderProfile(candidate = detail(), canEdit = true) {
  const onDeleted = vi.fn();
  const utils = renderCandidates(
    <CandidateProfile
      candidate={candidate}
      canEdit={canEdit}
      onDeleted={onDeleted}
      pipelinesAction={<button type="button">Add to role</button>}
    />,
    { path: '/candidates/:id', initialEntry: `/candidates/${candidate.id}` },
  );
  return { ...utils, onDeleted };
}

const bodyOf = (method: string, path: string) => {
  const call = fetchStub.mock.mock.calls.find(
    ([url, init]) => (init?.method ?? 'GET') === method && String(url) === path,
  );
  return call ? JSON.parse(String(call[1]?.body)) : undefined;
};

describe('candidate page', () => {
  it('shows the header, contact, every pipeline and the interviews, upcoming first', () => {
    renderProfile();
    expect(screen.getByRole('heading', { level: 2, name: 'Ada Lovelace' })).toBeInTheDocument();
    expect(screen.getByText('Engineer @ Analytical Engines')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'ada@example.com' })).toHaveAttribute('href', 'mailto:ada@example.com');
    expect(screen.getByRole('link', { name: '+44 20 7946 0000' })).toHaveAttribute('href', 'tel:+442079460000');
    const linkedin = screen.getByRole('link', { name: /linkedin\.com\/in\/ada/ });
    expect(linkedin).toHaveAttribute('rel', 'noopener noreferrer');

    const pipelines = within(screen.getByRole('region', { name: 'Pipelines' }));
    expect(pipelines.getByRole('link', { name: 'Data Engineer' })).toHaveAttribute('href', '/roles/21/candidates/1');
    expect(pipelines.getByRole('link', { name: 'Analyst' })).toHaveAttribute('href', '/roles/22/candidates/1');
    expect(pipelines.getByText('Initech')).toBeInTheDocument();
    expect(pipelines.getByText('Client interview')).toBeInTheDocument();
    expect(pipelines.getByText('Closed · Rejected by the client')).toBeInTheDocument();
    expect(pipelines.getByText('In 2 roles: 1 open, 1 closed')).toBeInTheDocument();
    expect(pipelines.getByRole('button', { name: 'Add to role' })).toBeInTheDocument();

    const interviews = within(screen.getByRole('region', { name: 'Interviews' }));
    const groups = interviews.getAllByRole('list');
    expect(groups.map((g) => g.getAttribute('aria-label'))).toEqual(['Upcoming interviews', 'Past interviews']);
    expect(within(groups[0]!).getByText('With Bill Lumbergh')).toBeInTheDocument();
    expect(within(groups[0]!).getByRole('link', { name: /Meeting link/ })).toHaveAttribute(
      'href',
      'https://meet.example.com/abc',
    );
    expect(within(groups[1]!).getByText('Passed')).toBeInTheDocument();
  });

  it('a placed pipeline shows Placed only, never Placed and Open (issue 16 item 7)', () => {
    renderProfile(
      detail({
        pipelines: [
          pipeline({ stage: { name: 'placed', label: 'Placed', position: 6 } }),
          pipeline({
            id: 13,
            role_id: 23,
            role: { id: 23, name: 'Architect', state: 'open', openings: 1, salary_currency: 'USD', client },
            stage: { name: 'offer', label: 'Offer', position: 5 },
          }),
        ],
      }),
    );
    const card = within(screen.getByRole('region', { name: 'Pipelines' }));
    const [placedRow, offerRow] = card.getAllByRole('listitem');
    expect(within(placedRow!).getByText('Placed')).toBeInTheDocument();
    expect(within(placedRow!).queryByText('Open')).not.toBeInTheDocument();
    expect(within(offerRow!).getByText('Open')).toBeInTheDocument();
    expect(card.getByText('In 2 roles: 1 open, 1 placed')).toBeInTheDocument();
  });

  it('orders interviews: upcoming soonest first, then past latest first', () => {
    const now = new Date('2026-03-01T00:00:00Z');
    const list = [
      interview({ id: 1, scheduled_at: '2026-01-01T00:00:00Z', outcome: 'passed' }),
      interview({ id: 2, scheduled_at: '2026-04-01T00:00:00Z' }),
      interview({ id: 3, scheduled_at: '2026-02-01T00:00:00Z', outcome: 'no_show' }),
      interview({ id: 4, scheduled_at: '2026-03-15T00:00:00Z' }),
    ];
    const { upcoming, past } = orderInterviews(list, now);
    expect(upcoming.map((i) => i.id)).toEqual([4, 2]);
    expect(past.map((i) => i.id)).toEqual([3, 1]);
  });

  it('never lists a resolved interview as upcoming; a past one still pending awaits its outcome (issue 16 item 2)', () => {
    const now = new Date('2026-03-01T00:00:00Z');
    const list = [
      interview({ id: 1, scheduled_at: '2026-03-10T00:00:00Z', outcome: 'passed' }),
      interview({ id: 2, scheduled_at: '2026-03-20T00:00:00Z', outcome: 'cancelled' }),
      interview({ id: 3, scheduled_at: '2026-02-20T00:00:00Z' }),
      interview({ id: 4, scheduled_at: '2026-03-05T00:00:00Z' }),
    ];
    const { upcoming, awaiting, past, resolvedEarly } = orderInterviews(list, now);
    expect(upcoming.map((i) => i.id)).toEqual([4]);
    expect(awaiting.map((i) => i.id)).toEqual([3]);
    // Resolved but set for a later date: not "Past" either (issue 29 item l).
    expect(past).toEqual([]);
    expect(resolvedEarly.map((i) => i.id)).toEqual([1, 2]);
  });

  it('a placed candidate whose client interview was resolved shows no upcoming interview', () => {
    renderProfile(
      detail({
        pipelines: [pipeline({ stage: { name: 'placed', label: 'Placed', position: 6 } })],
        interviews: [interview({ scheduled_at: '2099-05-01T14:00:00Z', outcome: 'passed' })],
      }),
    );
    const card = within(screen.getByRole('region', { name: 'Interviews' }));
    expect(card.queryByRole('list', { name: 'Upcoming interviews' })).not.toBeInTheDocument();
    expect(card.queryByRole('list', { name: 'Past interviews' })).not.toBeInTheDocument();
    expect(
      within(card.getByRole('list', { name: 'Already resolved interviews' })).getByText('Passed'),
    ).toBeInTheDocument();
  });

  it('shows the resume with its text preview, collapsed until expanded, and downloads through a signed link', async () => {
    const user = userEvent.setup();
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    fetchStub.mock.mockImplementation(async () =>
      jsonResponse(200, { success: true, url: 'https://files.example/ada-cv.pdf?sig=1' }),
    );
    renderProfile();
    const card = within(screen.getByRole('region', { name: 'Resume' }));
    expect(card.getByText('ada-cv.pdf')).toBeInTheDocument();
    expect(card.getByText(/239 KB · uploaded/)).toBeInTheDocument();
    expect(card.getByText(/first programmer/)).toBeInTheDocument();
    const toggle = card.getByRole('button', { name: 'Show more' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await user.click(toggle);
    expect(card.getByRole('button', { name: 'Show less' })).toHaveAttribute('aria-expanded', 'true');
    expect(card.getByRole('region', { name: 'Resume text' })).toBeInTheDocument();

    await user.click(card.getByRole('button', { name: 'Download' }));
    await waitFor(() => expect(click).toHaveBeenCalled());
    expect(callsOf(fetchStub.mock)).toEqual(['GET /api/candidates/1/resume/download-url/']);
    const anchor = click.mock.contexts[0] as HTMLAnchorElement;
    expect(anchor.href).toBe('https://files.example/ada-cv.pdf?sig=1');
    expect(anchor.rel).toBe('noopener');
    click.mockRestore();
  });

  it('says when no text could be read from the file', () => {
    renderProfile(detail({ resume: { ...resume, has_text: false }, resume_text_preview: '' }));
    expect(screen.getByText(/No text could be read from this file/)).toBeInTheDocument();
  });

  it('renames the resume in place', async () => {
    const user = userEvent.setup();
    fetchStub.mock.mockImplementation(async () =>
      jsonResponse(200, {
        success: true,
        candidate: detail({ resume: { ...resume, filename: 'Ada Lovelace CV.pdf' } }),
      }),
    );
    renderProfile();
    await user.click(screen.getByRole('button', { name: 'Rename' }));
    const input = screen.getByLabelText('Resume file name');
    expect(input).toHaveValue('ada-cv.pdf');
    await user.clear(input);
    await user.type(input, 'Ada Lovelace CV.pdf{Enter}');
    await waitFor(() => expect(screen.queryByLabelText('Resume file name')).not.toBeInTheDocument());
    expect(callsOf(fetchStub.mock)).toEqual(['PATCH /api/candidates/1/resume/']);
    expect(bodyOf('PATCH', '/api/candidates/1/resume/')).toEqual({ filename: 'Ada Lovelace CV.pdf' });
  });

  it('removes the resume after a confirmation', async () => {
    const user = userEvent.setup();
    fetchStub.mock.mockImplementation(async () =>
      jsonResponse(200, { success: true, candidate: detail({ resume: null }) }),
    );
    renderProfile();
    await user.click(screen.getByRole('button', { name: 'Remove' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove the resume?' });
    await user.click(within(dialog).getByRole('button', { name: 'Remove resume' }));
    await waitFor(() => expect(callsOf(fetchStub.mock)).toEqual(['DELETE /api/candidates/1/resume/']));
  });

  it('uploads a resume where there is none (upload URL, PUT, PATCH), refusing a wrong file first', async () => {
    fetchStub.mock.mockImplementation(async (input, init) => {
      const key = `${init?.method ?? 'GET'} ${String(input)}`;
      if (key === 'POST /api/candidates/1/resume/upload-url/')
        return jsonResponse(200, {
          success: true,
          upload: {
            url: '/api/files/upload/t1/',
            method: 'PUT',
            headers: { 'Content-Type': PDF_TYPE },
            key: 'resumes/1/k.pdf',
            expires_at: '2026-03-01T10:05:00Z',
          },
        });
      if (key === 'PUT /api/files/upload/t1/') return new Response(null, { status: 204 });
      if (key === 'PATCH /api/candidates/1/resume/') return jsonResponse(200, { success: true, candidate: detail() });
      return jsonResponse(404, { success: false, error: 'Not found' });
    });
    renderProfile(detail({ resume: null, resume_text_preview: '' }));
    const input = screen.getByLabelText('Choose a file to upload as the resume');
    expect(input).toHaveAttribute('accept', expect.stringContaining('.docx'));

    fireEvent.change(input, { target: { files: [new File(['hello'], 'notes.txt', { type: 'text/plain' })] } });
    expect(await screen.findByRole('alert')).toHaveTextContent('Use a PDF or DOCX file.');
    expect(fetchStub.mock).not.toHaveBeenCalled();

    // A DOCX the browser reports without a type is recognised by its extension.
    fireEvent.change(input, { target: { files: [new File(['PK'], 'ada.docx', { type: '' })] } });
    await waitFor(() =>
      expect(callsOf(fetchStub.mock)).toEqual([
        'POST /api/candidates/1/resume/upload-url/',
        'PUT /api/files/upload/t1/',
        'PATCH /api/candidates/1/resume/',
      ]),
    );
    expect(bodyOf('POST', '/api/candidates/1/resume/upload-url/')).toEqual({
      filename: 'ada.docx',
      content_type: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
      size: 2,
    });
    expect(bodyOf('PATCH', '/api/candidates/1/resume/')).toEqual({ filename: 'ada.docx', key: 'resumes/1/k.pdf' });
    await waitFor(() => expect(screen.queryByRole('alert')).not.toBeInTheDocument());
  });

  it('shows the server’s refusal of an uploaded file', async () => {
    fetchStub.mock.mockImplementation(async (input, init) => {
      const key = `${init?.method ?? 'GET'} ${String(input)}`;
      if (key === 'POST /api/candidates/1/resume/upload-url/')
        return jsonResponse(200, {
          success: true,
          upload: { url: '/api/files/upload/t1/', method: 'PUT', headers: {}, key: 'k', expires_at: '' },
        });
      if (key === 'PUT /api/files/upload/t1/') return new Response(null, { status: 204 });
      return jsonResponse(400, { success: false, error: 'Use a PDF or DOCX file.', code: 'RESUME_TYPE' });
    });
    renderProfile(detail({ resume: null }));
    fireEvent.change(screen.getByLabelText('Choose a file to upload as the resume'), {
      target: { files: [new File(['not really'], 'fake.pdf', { type: PDF_TYPE })] },
    });
    expect(await screen.findByRole('alert')).toHaveTextContent('Use a PDF or DOCX file.');
  });

  it('deletes after a confirmation naming the candidate', async () => {
    const user = userEvent.setup();
    fetchStub.mock.mockImplementation(async () => new Response(null, { status: 204 }));
    const { onDeleted, store } = renderProfile();
    await user.click(screen.getByRole('button', { name: 'Delete candidate' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete Ada Lovelace?' });
    expect(dialog).toHaveTextContent('removed for good');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(fetchStub.mock).not.toHaveBeenCalled();

    await user.click(screen.getByRole('button', { name: 'Delete candidate' }));
    const again = await screen.findByRole('dialog', { name: 'Delete Ada Lovelace?' });
    await user.click(within(again).getByRole('button', { name: 'Delete candidate' }));
    await waitFor(() => expect(onDeleted).toHaveBeenCalled());
    expect(callsOf(fetchStub.mock)).toEqual(['DELETE /api/candidates/1/']);
    expect(store.getState().ui.notifications.at(-1)).toMatchObject({
      type: 'success',
      message: 'Ada Lovelace was deleted.',
    });
  });

  it('deleting from the page does not fetch the deleted candidate again (no 404)', async () => {
    const user = userEvent.setup();
    fetchStub.mock.mockImplementation(async (input, init) => {
      const key = `${init?.method ?? 'GET'} ${String(input)}`;
      if (key === 'DELETE /api/candidates/1/') return new Response(null, { status: 204 });
      if (key.startsWith('GET /api/candidates/1/detail/'))
        return jsonResponse(200, { success: true, candidate: detail() });
      return jsonResponse(404, { success: false, error: 'Not found.' });
    });
    // Like the candidate page: the detail query stays subscribed until the page navigates away.
    function Page() {
      const { data } = useGetCandidateDetailQuery({ id: 1 });
      return data ? <CandidateProfile candidate={data.candidate} canEdit onDeleted={onDeleted} /> : <p>Loading</p>;
    }
    const onDeleted = vi.fn();
    renderCandidates(<Page />, { path: '/candidates/:id', initialEntry: '/candidates/1' });
    await user.click(await screen.findByRole('button', { name: 'Delete candidate' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete Ada Lovelace?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete candidate' }));
    await waitFor(() => expect(onDeleted).toHaveBeenCalled());
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(callsOf(fetchStub.mock)).toEqual(['GET /api/candidates/1/detail/', 'DELETE /api/candidates/1/']);
  });

  it('shows the desired salary in its own currency', () => {
    renderProfile(detail({ desired_salary: 85000, desired_salary_currency: 'GBP' }));
    expect(screen.getByText('£85,000')).toBeInTheDocument();
  });

  it('shows viewers no way to change anything', () => {
    renderProfile(detail(), false);
    for (const name of ['Edit candidate', 'Delete candidate', 'Rename', 'Remove']) {
      expect(screen.queryByRole('button', { name })).not.toBeInTheDocument();
    }
    expect(screen.queryByLabelText('Replace resume')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Download' })).toBeInTheDocument();
  });

  it('opens the edit form with the candidate’s values', async () => {
    const user = userEvent.setup();
    fetchStub.mock.mockImplementation(async () => jsonResponse(200, { success: true, duplicates: [] }));
    renderProfile();
    await user.click(screen.getByRole('button', { name: 'Edit candidate' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Ada Lovelace' });
    expect(within(dialog).getByLabelText('Current company')).toHaveValue('Analytical Engines');
  });
});
