import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { EmailTemplate } from '@recruitdesk/contracts/messages';
import { resetApiStateForTests } from '@/test/api-state';
import { jsonResponse } from '@/test/factories';
import { callsOf, renderWithProviders } from '@/test/render';
import { EmailTemplatesPage } from './components/email-templates-page';

const template = (overrides: Partial<EmailTemplate> = {}): EmailTemplate => ({
  id: 4,
  name: 'First outreach',
  scope: 'shared',
  purpose: 'general',
  subject: 'Hello {{candidate.first_name}}',
  body_html: '<p>Hi {{candidate.first_name}}, {{candidate.current_company}}</p>',
  owner: { id: 1, name: 'Olivia Owner' },
  updated_at: '2026-11-01T00:00:00Z',
  can_edit: true,
  ...overrides,
});

let templates: EmailTemplate[];
let fetchMock: ReturnType<typeof vi.fn<typeof fetch>>;

beforeEach(() => {
  resetApiStateForTests();
  document.cookie = 'csrftoken=test-token';
  templates = [
    template(),
    template({ id: 5, name: 'Submittal', purpose: 'submittal', scope: 'personal', can_edit: false }),
  ];
  fetchMock = vi.fn<typeof fetch>(async (input, init) => {
    const url = new URL(String(input), 'http://localhost');
    const method = init?.method ?? 'GET';
    if (method === 'GET' && url.pathname === '/api/email-templates/') {
      const q = url.searchParams.get('q') ?? '';
      return jsonResponse(200, { results: templates.filter((t) => t.name.toLowerCase().includes(q.toLowerCase())) });
    }
    if (method === 'GET' && url.pathname === '/api/candidates/')
      return jsonResponse(200, { results: [{ id: 3, name: 'Jane Doe', email: 'jane@example.test' }], count: 1 });
    if (method === 'POST' && url.pathname === '/api/email-templates/4/preview/')
      return jsonResponse(200, {
        subject: 'Hello Jane',
        body_html: '<p>Hi Jane, </p>',
        missing: ['candidate.current_company'],
        unknown: [],
      });
    if (method === 'DELETE' && url.pathname === '/api/email-templates/4/') {
      templates = templates.filter((t) => t.id !== 4);
      return jsonResponse(200, { success: true });
    }
    return jsonResponse(404, { success: false, error: 'Not found.' });
  });
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

describe('EmailTemplatesPage', () => {
  it('lists shared and personal templates; only editable ones offer Edit and Delete', async () => {
    renderWithProviders(<EmailTemplatesPage canEdit />);
    const list = await screen.findByRole('list', { name: 'Email templates' });
    const first = within(list).getByText('First outreach').closest('li')!;
    expect(first).toHaveTextContent('Shared');
    expect(within(first).getByRole('button', { name: 'Edit First outreach' })).toBeInTheDocument();
    const other = within(list).getByText('Submittal', { selector: 'p' }).closest('li')!;
    expect(other).toHaveTextContent('Personal');
    expect(within(other).queryByRole('button', { name: /Edit/ })).not.toBeInTheDocument();
  });

  it('deletes a template after confirming', async () => {
    renderWithProviders(<EmailTemplatesPage canEdit />);
    await userEvent.click(await screen.findByRole('button', { name: 'Delete First outreach' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete First outreach?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete template' }));
    await waitFor(() => expect(screen.queryByText('First outreach')).not.toBeInTheDocument());
    expect(callsOf(fetchMock)).toContain('DELETE /api/email-templates/4/');
  });

  it('previews a template with a chosen candidate and flags fields without a value', async () => {
    renderWithProviders(<EmailTemplatesPage canEdit />);
    await userEvent.click(await screen.findByRole('button', { name: 'Preview First outreach' }));
    const dialog = await screen.findByRole('dialog', { name: 'Preview First outreach' });
    await userEvent.type(within(dialog).getByLabelText('Candidate'), 'Jane');
    await userEvent.click(await within(dialog).findByRole('button', { name: /Jane Doe/ }));
    expect(await within(dialog).findByTestId('preview-subject')).toHaveTextContent('Hello Jane');
    expect(within(dialog).getByRole('alert')).toHaveTextContent('{{candidate.current_company}}');
    const preview = fetchMock.mock.calls.find(([input]) => String(input).includes('/preview/'));
    expect(JSON.parse(String(preview?.[1]?.body))).toEqual({ candidate_id: 3 });
  });

  it('refuses a template without a name or subject', async () => {
    renderWithProviders(<EmailTemplatesPage canEdit />);
    await userEvent.click(await screen.findByRole('button', { name: 'New template' }));
    const dialog = await screen.findByRole('dialog', { name: 'New template' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create template' }));
    expect(within(dialog).getByText('Enter a name.')).toBeInTheDocument();
    expect(within(dialog).getByText('Enter a subject.')).toBeInTheDocument();
    expect(within(dialog).getByText('Write the message.')).toBeInTheDocument();
    expect(callsOf(fetchMock).filter((c) => c.startsWith('POST'))).toEqual([]);
  });
});
