import { screen, within } from '@testing-library/react';
import type { PipelineEvent } from '@recruitdesk/contracts/pipelines';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '@/test/render';
import { HistoryTimeline } from './components/pipeline-history';

// Issue 35: what a client's contact did on the shortlist portal is theirs on the history, not a user's.
const event = (overrides: Partial<PipelineEvent>): PipelineEvent => ({
  id: 1,
  kind: 'submittal_outcome',
  from_stage: 'submitted',
  to_stage: 'client_interview',
  detail: 'Client interview requested',
  actor: null,
  contact: { id: 22, name: 'Hana Hiring' },
  created_at: '2026-11-20T09:00:00Z',
  ...overrides,
});

describe('the history names a client contact', () => {
  it('shows "(client contact)" for portal actions and labels comments', () => {
    renderWithProviders(
      <HistoryTimeline
        events={[
          event({}),
          event({
            id: 2,
            kind: 'client_comment',
            from_stage: 'client_interview',
            to_stage: 'client_interview',
            detail: 'Notice period?',
            created_at: '2026-11-20T10:00:00Z',
          }),
          event({
            id: 3,
            kind: 'created',
            from_stage: null,
            to_stage: 'sourced',
            detail: '',
            contact: null,
            actor: { id: 1, name: 'Rita Recruiter' },
            created_at: '2026-11-19T10:00:00Z',
          }),
        ]}
      />,
    );
    const [comment, approved, created] = within(screen.getByRole('list', { name: 'History' })).getAllByRole('listitem');
    expect(comment).toHaveTextContent('Client comment');
    expect(comment).toHaveTextContent('Notice period?');
    expect(comment).toHaveTextContent('Hana Hiring (client contact)');
    expect(approved).toHaveTextContent('Client interview requested');
    expect(approved).toHaveTextContent('Hana Hiring (client contact)');
    expect(created).toHaveTextContent('Rita Recruiter');
    expect(created).not.toHaveTextContent('client contact');
  });
});
