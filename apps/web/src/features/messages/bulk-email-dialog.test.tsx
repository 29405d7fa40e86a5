import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetApiStateForTests } from '@/test/api-state';
import { jsonResponse } from '@/test/factories';
import { renderWithProviders } from '@/test/render';
import { BulkEmailDialog } from './components/bulk-email-dialog';

let fetchMock: ReturnType<typeof vi.fn<typeof fetch>>;
const candidates = [
  { id: 3, name: 'Jane Doe' },
  { id: 4, name: 'Omar Haddad' },
  { id: 5, name: 'Lin Wu' },
];

beforeEach(() => {
  resetApiStateForTests();
  document.cookie = 'csrftoken=test-token';
  fetchMock = vi.fn<typeof fetch>(async (input, init) => {
    const url = String(input);
    const method = init?.method ?? 'GET';
    if (method === 'GET' && url.includes('/api/email-templates/'))
      return jsonResponse(200, {
        results: [
          {
            id: 4,
            name: 'Outreach',
            scope: 'shared',
            purpose: 'general',
            subject: 'Hi {{candidate.first_name}}',
            body_html: '<p>Hi</p>',
            owner: null,
            updated_at: '2026-11-01T00:00:00Z',
            can_edit: true,
          },
        ],
      });
    if (method === 'POST' && url.includes('/api/email-templates/4/preview/'))
      return jsonResponse(200, { subject: 'Hi Jane', body_html: '<p>Hi Jane</p>', missing: [], unknown: [] });
    if (method === 'POST' && url.endsWith('/api/messages/bulk/'))
      return jsonResponse(200, {
        queued: 1,
        left_out: [
          { candidate_id: 4, name: 'Omar Haddad', reason: 'do_not_contact', detail: '' },
          { candidate_id: 5, name: 'Lin Wu', reason: 'unsubscribed', detail: 'lin@example.test' },
        ],
      });
    return jsonResponse(404, { success: false, error: 'Not found.' });
  });
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

describe('BulkEmailDialog', () => {
  it('previews the template for the first candidate, sends to all, and lists who was left out and why', async () => {
    renderWithProviders(<BulkEmailDialog candidates={candidates} onClose={vi.fn()} />);
    const send = screen.getByRole('button', { name: 'Send to 3' });
    expect(send).toBeDisabled();
    const picker = screen.getByRole('combobox', { name: 'Template' });
    await waitFor(() => expect(screen.getByRole('option', { name: /Outreach/ })).toBeInTheDocument());
    await userEvent.selectOptions(picker, '4');
    expect(await screen.findByText('Preview for Jane Doe:')).toBeInTheDocument();
    expect(screen.getByText('Hi Jane')).toBeInTheDocument();
    const previewCall = fetchMock.mock.calls.find(([input]) => String(input).includes('/preview/'));
    expect(JSON.parse(String(previewCall?.[1]?.body))).toEqual({ candidate_id: 3 });

    await userEvent.click(screen.getByRole('button', { name: 'Send to 3' }));
    expect(await screen.findByText('1 email queued')).toBeInTheDocument();
    const leftOut = screen.getByRole('list', { name: 'Left out' });
    expect(within(leftOut).getAllByRole('listitem')).toHaveLength(2);
    expect(within(leftOut).getByText('Omar Haddad').closest('li')).toHaveTextContent('Do not contact');
    expect(within(leftOut).getByText('Lin Wu').closest('li')).toHaveTextContent('Unsubscribed — lin@example.test');
    const bulk = fetchMock.mock.calls.find(([input]) => String(input).endsWith('/api/messages/bulk/'));
    expect(JSON.parse(String(bulk?.[1]?.body))).toEqual({ template_id: 4, candidate_ids: [3, 4, 5] });
    expect((bulk?.[1]?.headers as Record<string, string>)['Idempotency-Key']).toBeTruthy();
  });

  it('refuses more than 200 candidates at once', async () => {
    const many = Array.from({ length: 201 }, (_, i) => ({ id: i + 1, name: `Candidate ${i + 1}` }));
    renderWithProviders(<BulkEmailDialog candidates={many} onClose={vi.fn()} />);
    expect(screen.getByText(/Send to at most 200 candidates at once/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Send to 201' })).toBeDisabled();
    await waitFor(() => expect(screen.getByRole('option', { name: /Outreach/ })).toBeInTheDocument());
  });
});
