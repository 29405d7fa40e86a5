import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetApiStateForTests } from '@/test/api-state';
import { jsonResponse } from '@/test/factories';
import { renderWithProviders } from '@/test/render';
import { PipelineEmailsCard } from './components/pipeline-emails-card';

let fetchMock: ReturnType<typeof vi.fn<typeof fetch>>;
const contact = (id: number, name: string, email: string) => ({
  id,
  client: { id: 7, name: 'Cascade Cloud' },
  first_name: name.split(' ')[0],
  last_name: name.split(' ')[1],
  name,
  job_title: '',
  email,
  phone: '',
  notes: '',
  left_company: false,
  created_at: '2026-11-01T00:00:00Z',
  updated_at: '2026-11-01T00:00:00Z',
});

beforeEach(() => {
  resetApiStateForTests();
  document.cookie = 'csrftoken=test-token';
  fetchMock = vi.fn<typeof fetch>(async (input, init) => {
    const url = String(input);
    const method = init?.method ?? 'GET';
    if (url.includes('/timeline/')) return jsonResponse(200, { results: [], next: null });
    if (url.includes('/api/clients/7/contacts/'))
      return jsonResponse(200, {
        success: true,
        contacts: [contact(30, 'Ada Byron', 'ada@cascade.test'), contact(31, 'Hana Kim', 'hana@cascade.test')],
        count: 2,
      });
    if (method === 'GET' && url.includes('/api/email-templates/'))
      return jsonResponse(200, {
        results: [
          {
            id: 8,
            name: 'Submittal',
            scope: 'shared',
            purpose: 'submittal',
            subject: '{{candidate.full_name}} for {{role.title}}',
            body_html: '<p>…</p>',
            owner: null,
            updated_at: '2026-11-01T00:00:00Z',
            can_edit: true,
          },
        ],
      });
    if (method === 'POST' && url.includes('/api/email-templates/8/preview/'))
      return jsonResponse(200, {
        subject: 'Jane Doe for Data Engineer',
        body_html: '<p>Meet Jane.</p>',
        missing: [],
        unknown: [],
      });
    if (method === 'POST' && url.includes('/api/pipelines/12/submittal-email/')) return jsonResponse(201, { id: 90 });
    return jsonResponse(404, { success: false, error: 'Not found.' });
  });
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

const props = {
  pipelineId: 12,
  open: true,
  canSend: true,
  candidate: { id: 3, name: 'Jane Doe', email: 'jane@example.test', hasResume: true },
  role: { id: 5, name: 'Data Engineer', clientId: 7, clientName: 'Cascade Cloud', hiringManagerId: 31 },
};

describe('PipelineEmailsCard', () => {
  it('offers "Email submittal" only at the submittal step', async () => {
    const { unmount } = renderWithProviders(<PipelineEmailsCard {...props} stage="sourced" />);
    expect(await screen.findByText('No emails yet')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Email submittal' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Email' })).toBeInTheDocument();
    unmount();
    renderWithProviders(<PipelineEmailsCard {...props} stage="submit_pending" />);
    expect(await screen.findByRole('button', { name: 'Email submittal' })).toBeInTheDocument();
  });

  it('sends the submittal to the hiring manager from a submittal template, with the resume without contact details', async () => {
    renderWithProviders(<PipelineEmailsCard {...props} stage="submit_pending" />);
    await userEvent.click(await screen.findByRole('button', { name: 'Email submittal' }));
    const dialog = await screen.findByRole('dialog', { name: 'Email submittal' });
    const to = within(dialog).getByRole('combobox', { name: 'To' });
    await waitFor(() => expect(to).toHaveValue('31'));
    expect(
      within(to)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Ada Byron (ada@cascade.test)', 'Hana Kim (hana@cascade.test) · hiring manager']);
    const picker = within(dialog).getByRole('combobox', { name: 'Template' });
    await waitFor(() => expect(within(picker).getByRole('option', { name: /Submittal/ })).toBeInTheDocument());
    await userEvent.selectOptions(picker, '8');
    await waitFor(() => expect(within(dialog).getByLabelText('Subject')).toHaveValue('Jane Doe for Data Engineer'));
    expect(within(dialog).getByRole('switch', { name: 'Attach resume' })).toBeChecked();
    await userEvent.click(within(dialog).getByRole('switch', { name: 'Remove contact details from the resume' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send submittal' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Email submittal' })).not.toBeInTheDocument());
    const sent = fetchMock.mock.calls.find(([input]) => String(input).includes('/submittal-email/'));
    expect(JSON.parse(String(sent?.[1]?.body))).toEqual({
      to_contact_id: 31,
      subject: 'Jane Doe for Data Engineer',
      body_html: '<p>Meet Jane.</p>',
      attach_resume: true,
      redact_contact_details: true,
      template_id: 8,
    });
    expect((sent?.[1]?.headers as Record<string, string>)['Idempotency-Key']).toBeTruthy();
  });
});
