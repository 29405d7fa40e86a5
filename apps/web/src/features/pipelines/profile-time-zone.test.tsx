import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { PipelineDetail } from '@recruitdesk/contracts/pipelines';
import { jsonResponse } from '@/test/factories';
import { renderWithProviders } from '@/test/render';
import { PipelineDetailPage } from './components/pipeline-page';
import { buildDetail, buildPipeline, installRoutes } from './test-support/test-data';

// Issue 16 item 3: the profile zone, not the browser's, decides what a time reads and means.
const api = installRoutes();
const ZONE = 'Asia/Kolkata'; // UTC+5:30 all year, unlike any zone a test machine runs in

function serve(detail: PipelineDetail) {
  api.on('GET /api/pipelines/1/', () => jsonResponse(200, { success: true, data: detail }));
  api.on('GET /api/pipelines/form-data/', {
    success: true,
    stages: [],
    close_reasons: [],
    interview_outcomes: [],
    interviewers: [],
  });
}

function render() {
  return renderWithProviders(<PipelineDetailPage pipelineId={1} roleId={10} canEdit currency="GBP" />, {
    path: '/roles/:roleId/pipelines/:pipelineId',
    initialEntry: '/roles/10/pipelines/1',
    timeZone: ZONE,
  });
}

describe('the profile time zone on the pipeline page', () => {
  it('shows interviews and history texts on the profile wall clock, with no raw UTC strings', async () => {
    const pipeline = buildPipeline({ stageName: 'internal_interview' });
    serve(
      buildDetail(pipeline, {
        events: [
          {
            id: 2,
            kind: 'interview_booked',
            from_stage: 'sourced',
            to_stage: 'internal_interview',
            detail: 'Internal interview on 2026-11-30 15:00 UTC',
            actor: { id: 1, name: 'Olivia Martin' },
            contact: null,
            created_at: '2026-11-20T09:00:00Z',
          },
        ],
        interviews: [
          {
            id: 31,
            pipeline_id: 1,
            role: { id: 10, name: 'Staff Engineer' },
            candidate: { id: 100, name: 'Ada Lovelace' },
            kind: 'internal',
            scheduled_at: '2026-11-30T15:00:00Z',
            duration_minutes: 45,
            location: '',
            meeting_url: '',
            interviewer: null,
            interviewer_name: '',
            outcome: 'pending',
            feedback: '',
            created_at: '2026-11-20T09:00:00Z',
          },
        ],
      }),
    );
    render();
    const history = await screen.findByRole('list', { name: 'History' });
    expect(history).toHaveTextContent(/Internal interview on Nov 30, 2026, 8:30\sPM/);
    expect(history).not.toHaveTextContent('UTC');
    expect(screen.getByRole('list', { name: 'Interviews' })).toHaveTextContent(/Nov 30, 2026, 8:30\sPM/);
  });

  it('books an interview at the wall time typed, read in the profile zone', async () => {
    const user = userEvent.setup();
    const pipeline = buildPipeline({ stageName: 'sourced', version: 4 });
    serve(buildDetail(pipeline));
    api.on('POST /api/pipelines/1/actions/book-interview/', () =>
      jsonResponse(200, { success: true, offer_close_role: false, data: buildDetail(pipeline) }),
    );
    render();
    await user.click(await screen.findByRole('button', { name: 'Book interview' }));
    const dialog = await screen.findByRole('dialog', { name: 'Book an interview' });
    expect(within(dialog).getByText('Your time zone: Asia/Kolkata')).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('Date and time'), '2026-12-01T09:00');
    await user.click(within(dialog).getByRole('button', { name: 'Book interview' }));
    await waitFor(() =>
      expect(api.bodies.find((b) => b.call === 'POST /api/pipelines/1/actions/book-interview/')?.body).toMatchObject({
        scheduled_at: '2026-12-01T03:30:00.000Z',
      }),
    );
  });
});
