import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { PIPELINE_ERRORS, type PipelineDetail } from '@recruitdesk/contracts/pipelines';
import { jsonResponse } from '@/test/factories';
import { renderWithProviders } from '@/test/render';
import { PipelineDetailPage } from './components/pipeline-page';
import { PlacementCard } from './components/pipeline-records';
import { StageProgress } from './components/stage-progress';
import { buildDetail, buildPipeline, installRoutes } from './test-support/test-data';

const api = installRoutes();

function serveDetail(detail: PipelineDetail) {
  api.on('GET /api/pipelines/1/', () => jsonResponse(200, { success: true, data: detail }));
  api.on('GET /api/pipelines/form-data/', {
    success: true,
    stages: [],
    close_reasons: [],
    interview_outcomes: [],
    interviewers: [{ id: 7, name: 'Olivia Martin' }],
  });
}

function renderDetail() {
  return renderWithProviders(<PipelineDetailPage pipelineId={1} roleId={10} canEdit currency="GBP" />, {
    path: '/roles/:roleId/pipelines/:pipelineId',
    initialEntry: '/roles/10/pipelines/1',
  });
}

/** A pending client interview of the pipeline at `scheduledAt`. */
const clientInterview = (id: number, scheduledAt: string) => ({
  id,
  pipeline_id: 1,
  role: { id: 10, name: 'Staff Engineer' },
  candidate: { id: 100, name: 'Ada Lovelace' },
  kind: 'client' as const,
  scheduled_at: scheduledAt,
  duration_minutes: 45,
  location: 'Acme HQ',
  meeting_url: '',
  interviewer: null,
  interviewer_name: 'Dana at Acme',
  outcome: 'pending' as const,
  feedback: '',
  created_at: '2026-03-01T09:00:00Z',
});

const bodyOf = (call: string) => api.bodies.find((b) => b.call === call)?.body;

describe('stage progress', () => {
  it('marks the current stage and the ones done', () => {
    renderWithProviders(<StageProgress pipeline={buildPipeline({ stageName: 'submitted' })} />);
    const steps = within(screen.getByRole('list', { name: 'Stage progress' })).getAllByRole('listitem');
    expect(steps).toHaveLength(7);
    expect(steps[3]).toHaveAttribute('aria-current', 'step');
    expect(steps[3]).toHaveTextContent('Submitted: current stage');
    expect(steps[2]).toHaveTextContent('Submit pending: done');
    expect(steps[4]).toHaveTextContent('Client interview: not yet');
  });

  it('shows where a closed pipeline stopped and why', () => {
    renderWithProviders(
      <StageProgress
        pipeline={buildPipeline({
          stageName: 'offer',
          state: 'closed',
          close_reason: 'offer_declined',
          close_note: 'Counter-offer',
        })}
      />,
    );
    const steps = within(screen.getByRole('list', { name: 'Stage progress' })).getAllByRole('listitem');
    expect(steps[5]).toHaveTextContent('Offer: closed here');
    expect(screen.getByText(/Closed in Offer · Offer declined/)).toBeInTheDocument();
    expect(screen.getByText('Counter-offer')).toBeInTheDocument();
  });
});

describe('pipeline detail', () => {
  it('shows the candidate, the role, the history and the actions of the stage', async () => {
    serveDetail(buildDetail(buildPipeline({ stageName: 'sourced' })));
    renderDetail();
    expect(await screen.findByRole('heading', { name: 'Ada Lovelace' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Staff Engineer' })).toHaveAttribute('href', '/roles/10');
    expect(screen.getByRole('link', { name: 'Notes (2)' })).toHaveAttribute('href', '/notes/pipeline/1');
    const steps = screen.getByRole('region', { name: 'Stage' });
    for (const name of ['Book interview', 'Mark submit pending', 'Submit to client']) {
      expect(within(steps).getByRole('button', { name })).toBeInTheDocument();
    }
    expect(within(steps).queryByRole('button', { name: 'Record client outcome' })).not.toBeInTheDocument();
    const history = screen.getByRole('list', { name: 'History' });
    expect(history).toHaveTextContent('Added to the pipeline in Sourced');
    expect(history).toHaveTextContent('Olivia Martin');
  });

  it('says when the history shows only the latest events of a longer one', async () => {
    const detail = buildDetail(buildPipeline({ stageName: 'sourced' }));
    serveDetail({ ...detail, events_total: 240 });
    renderDetail();
    const history = await screen.findByRole('region', { name: 'History' });
    expect(history).toHaveTextContent('The latest 1 of 240 events');
  });

  it('says nothing more when the whole history is shown', async () => {
    serveDetail(buildDetail(buildPipeline({ stageName: 'sourced' })));
    renderDetail();
    const history = await screen.findByRole('region', { name: 'History' });
    expect(history).not.toHaveTextContent(/The latest/);
  });

  it('Book interview sends the time, duration, place, link and interviewer with the version', async () => {
    const user = userEvent.setup();
    const pipeline = buildPipeline({ stageName: 'sourced', version: 6 });
    serveDetail(buildDetail(pipeline));
    api.on('POST /api/pipelines/1/actions/book-interview/', () =>
      jsonResponse(200, {
        success: true,
        offer_close_role: false,
        data: buildDetail({
          ...pipeline,
          stageName: undefined,
          stage: { name: 'internal_interview', label: 'Internal interview', position: 1 },
          version: 7,
        } as never),
      }),
    );
    renderDetail();
    await user.click(await screen.findByRole('button', { name: 'Book interview' }));
    const dialog = await screen.findByRole('dialog', { name: 'Book an interview' });
    await user.type(within(dialog).getByLabelText('Date and time'), '2026-04-02T10:30');
    await user.clear(within(dialog).getByLabelText('Duration (minutes)'));
    await user.type(within(dialog).getByLabelText('Duration (minutes)'), '30');
    await user.type(within(dialog).getByLabelText('Location'), 'Office');
    await user.type(within(dialog).getByLabelText('Meeting link'), 'https://meet.example.com/abc');
    await waitFor(() => expect(within(dialog).getByRole('option', { name: 'Olivia Martin' })).toBeInTheDocument());
    await user.selectOptions(within(dialog).getByLabelText('Interviewer'), '7');
    await user.click(within(dialog).getByRole('button', { name: 'Book interview' }));
    await waitFor(() =>
      expect(bodyOf('POST /api/pipelines/1/actions/book-interview/')).toEqual({
        scheduled_at: new Date('2026-04-02T10:30').toISOString(),
        duration_minutes: 30,
        location: 'Office',
        meeting_url: 'https://meet.example.com/abc',
        interviewer_id: 7,
        version: 6,
      }),
    );
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Book an interview' })).not.toBeInTheDocument());
  });

  it('validates with the contract messages before sending', async () => {
    const user = userEvent.setup();
    serveDetail(buildDetail(buildPipeline({ stageName: 'sourced' })));
    renderDetail();
    await user.click(await screen.findByRole('button', { name: 'Book interview' }));
    const dialog = await screen.findByRole('dialog', { name: 'Book an interview' });
    await user.type(within(dialog).getByLabelText('Meeting link'), 'not a link');
    await user.click(within(dialog).getByRole('button', { name: 'Book interview' }));
    expect(await within(dialog).findByText('Enter a date and time.')).toBeInTheDocument();
    expect(within(dialog).getByText(/Enter a full address/)).toBeInTheDocument();
    expect(api.bodies).toEqual([]);
  });

  it('the interview outcome goes with the pending interview; a refusal stays in the dialog', async () => {
    const user = userEvent.setup();
    const pipeline = buildPipeline({ stageName: 'internal_interview', version: 2 });
    serveDetail(
      buildDetail(pipeline, {
        interviews: [
          {
            id: 31,
            pipeline_id: 1,
            role: { id: 10, name: 'Staff Engineer' },
            candidate: { id: 100, name: 'Ada Lovelace' },
            kind: 'internal',
            scheduled_at: '2026-03-02T10:00:00Z',
            duration_minutes: 45,
            location: '',
            meeting_url: '',
            interviewer: { id: 7, name: 'Olivia Martin' },
            interviewer_name: '',
            outcome: 'pending',
            feedback: '',
            created_at: '2026-03-01T10:00:00Z',
          },
        ],
      }),
    );
    api.on('POST /api/pipelines/1/actions/internal-interview-outcome/', () =>
      jsonResponse(409, {
        success: false,
        error: PIPELINE_ERRORS.CONFLICT,
        code: 'PIPELINE_CONFLICT',
        pipeline: { ...pipeline, version: 3 },
      }),
    );
    renderDetail();
    await user.click(await screen.findByRole('button', { name: 'Record interview outcome' }));
    const dialog = await screen.findByRole('dialog', { name: 'Record the interview outcome' });
    await user.click(within(dialog).getByRole('radio', { name: 'Passed' }));
    await user.type(within(dialog).getByLabelText('Feedback'), 'Strong');
    await user.click(within(dialog).getByRole('button', { name: 'Save outcome' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(PIPELINE_ERRORS.CONFLICT);
    expect(bodyOf('POST /api/pipelines/1/actions/internal-interview-outcome/')).toEqual({
      interview_id: 31,
      outcome: 'passed',
      feedback: 'Strong',
      version: 2,
    });
  });

  it('Submit to client sends the date, the proposed salary and the note', async () => {
    const user = userEvent.setup();
    const pipeline = buildPipeline({ stageName: 'submit_pending', version: 4 });
    serveDetail(buildDetail(pipeline));
    api.on('POST /api/pipelines/1/actions/submittal/', () =>
      jsonResponse(200, { success: true, offer_close_role: false, data: buildDetail(pipeline) }),
    );
    renderDetail();
    await user.click(await screen.findByRole('button', { name: 'Submit to client' }));
    const dialog = await screen.findByRole('dialog', { name: 'Submit to the client' });
    const date = within(dialog).getByLabelText('Submitted on');
    await user.clear(date);
    await user.type(date, '2026-03-03');
    await user.type(within(dialog).getByLabelText('Proposed salary'), '90000');
    await user.type(within(dialog).getByLabelText('Note'), 'Great fit');
    await user.click(within(dialog).getByRole('button', { name: 'Submit to client' }));
    await waitFor(() =>
      expect(bodyOf('POST /api/pipelines/1/actions/submittal/')).toEqual({
        submitted_on: '2026-03-03',
        proposed_salary: 90000,
        note: 'Great fit',
        version: 4,
      }),
    );
  });

  it('the client outcome sends only the fields of the chosen outcome', async () => {
    const user = userEvent.setup();
    const pipeline = buildPipeline({ stageName: 'submitted', version: 5 });
    serveDetail(buildDetail(pipeline));
    api.on('POST /api/pipelines/1/actions/submittal-outcome/', () =>
      jsonResponse(200, { success: true, offer_close_role: false, data: buildDetail(pipeline) }),
    );
    renderDetail();
    await user.click(await screen.findByRole('button', { name: 'Record client outcome' }));
    let dialog = await screen.findByRole('dialog', { name: "Record the client's outcome" });
    await user.click(within(dialog).getByRole('button', { name: 'Save outcome' }));
    expect(await within(dialog).findByText('Choose the outcome.')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('radio', { name: 'Rejected by the client' }));
    await user.type(within(dialog).getByLabelText("Client's feedback"), 'Not enough Go');
    await user.click(within(dialog).getByRole('button', { name: 'Save outcome' }));
    await waitFor(() =>
      expect(bodyOf('POST /api/pipelines/1/actions/submittal-outcome/')).toEqual({
        outcome: 'rejected',
        feedback: 'Not enough Go',
        version: 5,
      }),
    );

    await user.click(await screen.findByRole('button', { name: 'Record client outcome' }));
    dialog = await screen.findByRole('dialog', { name: "Record the client's outcome" });
    await user.click(within(dialog).getByRole('radio', { name: 'Client interview booked' }));
    await user.type(within(dialog).getByLabelText('Date and time'), '2026-04-10T14:00');
    await user.type(within(dialog).getByLabelText("Client's interviewer"), 'Jo Bloggs');
    await user.click(within(dialog).getByRole('button', { name: 'Save outcome' }));
    await waitFor(() =>
      expect(api.bodies.at(-1)?.body).toEqual({
        outcome: 'client_interview',
        scheduled_at: new Date('2026-04-10T14:00').toISOString(),
        duration_minutes: 60,
        location: '',
        meeting_url: '',
        interviewer_name: 'Jo Bloggs',
        version: 5,
      }),
    );
  });

  it('a booked client interview gets an outcome like an internal one; rescheduled books the new time (issue 16 item 2)', async () => {
    const user = userEvent.setup();
    const pipeline = buildPipeline({ stageName: 'client_interview', version: 4 });
    const booked = {
      id: 77,
      pipeline_id: 1,
      role: { id: 10, name: 'Staff Engineer' },
      candidate: { id: 100, name: 'Ada Lovelace' },
      kind: 'client' as const,
      scheduled_at: '2026-04-02T14:00:00Z',
      duration_minutes: 45,
      location: 'Acme HQ',
      meeting_url: '',
      interviewer: null,
      interviewer_name: 'Dana at Acme',
      outcome: 'pending' as const,
      feedback: '',
      created_at: '2026-03-01T09:00:00Z',
    };
    serveDetail(buildDetail(pipeline, { interviews: [booked] }));
    api.on('POST /api/pipelines/1/actions/client-interview-outcome/', () =>
      jsonResponse(200, { success: true, offer_close_role: false, data: buildDetail(pipeline) }),
    );
    renderDetail();
    // One action (issue 29 item l): with a held interview waiting, it records that interview's outcome first.
    const steps = within(await screen.findByRole('region', { name: 'Stage' }));
    expect(steps.getAllByRole('button').map((b) => b.textContent)).toEqual(['Record client outcome']);
    await user.click(steps.getByRole('button', { name: 'Record client outcome' }));
    const dialog = await screen.findByRole('dialog', { name: 'Record the client interview outcome' });
    expect(
      within(dialog)
        .getAllByRole('radio')
        .map((r) => r.closest('label')?.textContent),
    ).toEqual(['Passed', 'Rejected by the client', 'No show', 'Rescheduled']);
    await user.click(within(dialog).getByRole('radio', { name: 'Rescheduled' }));
    await user.type(within(dialog).getByLabelText('Date and time'), '2026-04-09T15:00');
    await user.type(within(dialog).getByLabelText('Feedback'), 'Their panel moved.');
    await user.click(within(dialog).getByRole('button', { name: 'Save outcome' }));
    await waitFor(() =>
      expect(bodyOf('POST /api/pipelines/1/actions/client-interview-outcome/')).toEqual({
        interview_id: 77,
        outcome: 'rescheduled',
        feedback: 'Their panel moved.',
        scheduled_at: new Date('2026-04-09T15:00').toISOString(),
        duration_minutes: 45,
        location: 'Acme HQ',
        meeting_url: '',
        interviewer_name: 'Dana at Acme',
        version: 4,
      }),
    );
  });

  it('an offer while a client interview is booked asks what happened before it is recorded', async () => {
    const user = userEvent.setup();
    const pipeline = buildPipeline({ stageName: 'client_interview', version: 4 });
    serveDetail(buildDetail(pipeline));
    api.on('POST /api/pipelines/1/actions/submittal-outcome/', ({ body }) =>
      (body as { pending_interviews?: string }).pending_interviews
        ? jsonResponse(200, { success: true, offer_close_role: false, data: buildDetail(pipeline) })
        : jsonResponse(409, {
            success: false,
            code: 'PENDING_CLIENT_INTERVIEWS',
            error: "Ada Lovelace's client interview has no outcome yet.",
            interviews: [],
          }),
    );
    renderDetail();
    await user.click(await screen.findByRole('button', { name: 'Record client outcome' }));
    const dialog = await screen.findByRole('dialog', { name: "Record the client's outcome" });
    await user.click(within(dialog).getByRole('radio', { name: 'Offer made' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save outcome' }));
    const question = await screen.findByRole('dialog', { name: 'What happened to the client interviews?' });
    expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument();
    await user.click(within(question).getByRole('button', { name: 'They did not happen' }));
    await waitFor(() =>
      expect(api.bodies.at(-1)?.body).toMatchObject({ outcome: 'offer', pending_interviews: 'cancelled', version: 4 }),
    );
  });

  it('an offer before a client interview still to come says so and can only cancel it (issue 16 item 2)', async () => {
    const user = userEvent.setup();
    const pipeline = buildPipeline({ stageName: 'client_interview', version: 4 });
    const booked = clientInterview(88, new Date(Date.now() + 3 * 86_400_000).toISOString());
    serveDetail(buildDetail(pipeline, { interviews: [booked] }));
    api.on('POST /api/pipelines/1/actions/submittal-outcome/', ({ body }) =>
      (body as { pending_interviews?: string }).pending_interviews
        ? jsonResponse(200, { success: true, offer_close_role: false, data: buildDetail(pipeline) })
        : jsonResponse(409, {
            success: false,
            code: 'PENDING_CLIENT_INTERVIEWS',
            error:
              "Ada Lovelace's client interview has not taken place yet. To record the offer before it, confirm that the interview is cancelled.",
            interviews: [booked],
            upcoming_ids: [88],
          }),
    );
    renderDetail();
    await user.click(await screen.findByRole('button', { name: 'Record client outcome' }));
    const dialog = await screen.findByRole('dialog', { name: "Record the client's outcome" });
    await user.click(within(dialog).getByRole('radio', { name: 'Offer made' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save outcome' }));
    const question = await screen.findByRole('dialog', {
      name: 'The client interview has not taken place yet',
    });
    expect(question).toHaveTextContent('To record the offer before it, confirm that the interview is cancelled.');
    expect(within(question).getByText('Not held yet: will be cancelled')).toBeInTheDocument();
    // "It went well" is no answer for an interview that has not happened.
    expect(within(question).queryByRole('button', { name: 'It went well' })).not.toBeInTheDocument();
    await user.click(within(question).getByRole('button', { name: 'Keep the interview' }));
    await waitFor(() =>
      expect(
        screen.queryByRole('dialog', { name: 'The client interview has not taken place yet' }),
      ).not.toBeInTheDocument(),
    );
    expect(api.bodies.filter((b) => b.call === 'POST /api/pipelines/1/actions/submittal-outcome/')).toHaveLength(1);
    await user.click(within(dialog).getByRole('button', { name: 'Save outcome' }));
    const again = await screen.findByRole('dialog', { name: 'The client interview has not taken place yet' });
    await user.click(within(again).getByRole('button', { name: 'Cancel the interview and go on' }));
    await waitFor(() =>
      expect(api.bodies.at(-1)?.body).toMatchObject({ outcome: 'offer', pending_interviews: 'cancelled', version: 4 }),
    );
  });

  it('a pending interview is Upcoming only while its time is ahead; a past one needs an outcome', async () => {
    const pipeline = buildPipeline({ stageName: 'client_interview', version: 4 });
    serveDetail(
      buildDetail(pipeline, {
        interviews: [
          clientInterview(1, new Date(Date.now() - 86_400_000).toISOString()),
          clientInterview(2, new Date(Date.now() + 86_400_000).toISOString()),
        ],
      }),
    );
    renderDetail();
    const list = await screen.findByRole('list', { name: 'Interviews' });
    const items = within(list).getAllByRole('listitem');
    // Newest first: tomorrow's, then yesterday's.
    expect(items[0]).toHaveTextContent('Upcoming');
    expect(items[1]).toHaveTextContent('Outcome needed');
    expect(items[1]).not.toHaveTextContent('Upcoming');
  });

  it('a closed pipeline offers Reopen with its version', async () => {
    const user = userEvent.setup();
    const pipeline = buildPipeline({
      stageName: 'submitted',
      state: 'closed',
      close_reason: 'rejected_by_client',
      version: 9,
    });
    serveDetail(buildDetail(pipeline));
    api.on('POST /api/pipelines/1/reopen/', () =>
      jsonResponse(200, {
        success: true,
        offer_close_role: false,
        data: buildDetail({ ...pipeline, state: 'open', version: 10 }),
      }),
    );
    renderDetail();
    const steps = await screen.findByRole('region', { name: 'Stage' });
    expect(within(steps).getByText('This pipeline is closed. Reopen it to continue.')).toBeInTheDocument();
    await user.click(within(steps).getByRole('button', { name: 'Reopen' }));
    await waitFor(() => expect(bodyOf('POST /api/pipelines/1/reopen/')).toEqual({ version: 9 }));
  });

  it('Delete asks first, then goes back to the board', async () => {
    const user = userEvent.setup();
    serveDetail(buildDetail(buildPipeline({ stageName: 'sourced' })));
    api.on('DELETE /api/pipelines/1/', () => jsonResponse(200, { success: true }));
    renderDetail();
    await user.click(await screen.findByRole('button', { name: 'Delete pipeline' }));
    const dialog = await screen.findByRole('dialog', {
      name: 'Delete Ada Lovelace from this pipeline?',
    });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('/roles/10/pipelines'));
    expect(api.bodies).toContainEqual({ call: 'DELETE /api/pipelines/1/', body: undefined });
  });
});

describe('the placement without its fee (decision 071)', () => {
  it('shows salary and dates but no fee block, no $0 and no NaN, when the server left the fee out', () => {
    renderWithProviders(
      <PlacementCard
        placement={{
          id: 1,
          pipeline_id: 2,
          salary: 100000,
          currency: 'USD',
          start_date: '2027-01-04',
          guarantee_end: '2027-04-04',
          created_by: null,
          created_at: '2026-11-29T09:00:00.000Z',
        }}
      />,
    );
    const card = screen.getByRole('region', { name: 'Placement' });
    expect(card).toHaveTextContent('$100,000');
    expect(within(card).queryByText('Fee')).not.toBeInTheDocument();
    expect(card).not.toHaveTextContent(/\$0\b|NaN/);
  });
});
