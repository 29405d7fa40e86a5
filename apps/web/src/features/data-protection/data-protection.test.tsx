import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { ConsentResponse, DataProtectionDashboard } from '@recruitdesk/contracts/data-protection';
import { installFetchStub } from '@/test/fetch-stub';
import { jsonResponse } from '@/test/factories';
import { renderWithProviders } from '@/test/render';
import { ConsentCard } from './components/consent-card';
import { DataProtectionPage } from './components/data-protection-page';
import { RetentionSettingsSection } from './components/retention-settings-form';
import { consentInputOf, daysUntil, expiryTone } from './consent-logic';

const fetchStub = installFetchStub();
const DAY = 86_400_000;

/** Answers by method and path; records the bodies sent. */
function serve(routes: Record<string, (body: unknown) => Response>) {
  const sent: { method: string; url: string; body: unknown }[] = [];
  fetchStub.mock.mockImplementation(async (input, init) => {
    const url = String(input);
    const method = init?.method ?? 'GET';
    const body = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
    sent.push({ method, url, body });
    const key = Object.keys(routes).find((route) => {
      const [m, path] = route.split(' ');
      return m === method && url.includes(path!);
    });
    return key ? routes[key]!(body) : jsonResponse(404, { success: false, error: 'Not found.' });
  });
  return sent;
}

describe('consent logic', () => {
  it('turns the form into the API body: days at midnight UTC, the consent text only with consent', () => {
    expect(
      consentInputOf({
        legal_basis: 'legitimate_interest',
        source: 'manual',
        given_on: '2026-03-01',
        consent_text: 'left over',
        expires_on: '',
      }),
    ).toEqual({
      legal_basis: 'legitimate_interest',
      source: 'manual',
      given_at: '2026-03-01T00:00:00.000Z',
      consent_text: '',
      expires_at: null,
    });
    expect(
      consentInputOf({
        legal_basis: 'consent',
        source: 'email',
        given_on: '',
        consent_text: ' Yes ',
        expires_on: '2027-01-01',
      }),
    ).toMatchObject({ consent_text: 'Yes', given_at: null, expires_at: '2027-01-01T00:00:00.000Z' });
  });

  it('tells expired, expiring soon and later apart', () => {
    const now = new Date('2026-06-01T00:00:00Z');
    expect(expiryTone('2026-05-31T00:00:00Z', now)).toBe('expired');
    expect(expiryTone('2026-06-20T00:00:00Z', now)).toBe('soon');
    expect(expiryTone('2026-09-01T00:00:00Z', now)).toBe('later');
    expect(daysUntil('2026-06-08T00:00:00Z', now)).toBe(7);
  });
});

const consent = (overrides: Partial<ConsentResponse['consent']> = {}): ConsentResponse => ({
  success: true,
  consent: {
    legal_basis: 'consent',
    source: 'careers_page',
    given_at: '2026-01-10T09:00:00.000Z',
    consent_text: 'I agree to the processing of my personal data to assess my application.',
    expires_at: new Date(Date.now() + 10 * DAY).toISOString(),
    withdrawn_at: null,
    ...overrides,
  },
  retention_due_at: new Date(Date.now() + 10 * DAY).toISOString(),
});

describe('the legal basis card', () => {
  it('shows the basis, its source, the consent text and that it expires soon; an editor changes it', async () => {
    const sent = serve({
      'GET /api/candidates/7/consent/': () => jsonResponse(200, consent()),
      'PUT /api/candidates/7/consent/': (body) =>
        jsonResponse(200, consent({ ...(body as object), consent_text: '' } as Partial<ConsentResponse['consent']>)),
    });
    renderWithProviders(<ConsentCard candidateId={7} canEdit canFileRequests={false} />);
    const card = await screen.findByRole('region', { name: 'Legal basis' });
    expect(await within(card).findByText('Careers page')).toBeInTheDocument();
    expect(within(card).getByText(/I agree to the processing/)).toBeInTheDocument();
    expect(within(card).getByText('Expiring soon')).toBeInTheDocument();
    expect(within(card).queryByRole('button', { name: 'Record a request' })).not.toBeInTheDocument();

    const user = userEvent.setup();
    await user.click(within(card).getByRole('button', { name: 'Edit legal basis' }));
    const dialog = await screen.findByRole('dialog', { name: 'Legal basis' });
    await user.selectOptions(within(dialog).getByLabelText('Legal basis'), 'contract');
    expect(within(dialog).queryByLabelText('Consent text')).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Save legal basis' }));
    await waitFor(() => expect(sent.some((request) => request.method === 'PUT')).toBe(true));
    const put = sent.find((request) => request.method === 'PUT')!;
    expect(put.body).toMatchObject({ legal_basis: 'contract', source: 'careers_page', consent_text: '' });
  });

  it('lets owners and superusers record a request the person made to them', async () => {
    const sent = serve({
      'GET /api/candidates/8/consent/': () => jsonResponse(200, consent({ legal_basis: 'legitimate_interest' })),
      'POST /api/candidates/8/data-requests/': () =>
        jsonResponse(201, {
          success: true,
          request: {
            id: 3,
            candidate_id: 8,
            candidate_name: 'Ann Lee',
            kind: 'erasure',
            status: 'open',
            channel: 'staff',
            note: 'By phone',
            received_at: new Date().toISOString(),
            deadline_at: new Date(Date.now() + 30 * DAY).toISOString(),
            decided_at: null,
          },
        }),
    });
    renderWithProviders(<ConsentCard candidateId={8} canEdit={false} canFileRequests />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Record a request' }));
    const dialog = await screen.findByRole('dialog', { name: 'Record a data protection request' });
    await user.selectOptions(within(dialog).getByLabelText('The person asked for'), 'erasure');
    await user.type(within(dialog).getByLabelText('Note'), 'By phone');
    await user.click(within(dialog).getByRole('button', { name: 'Record request' }));
    await waitFor(() => expect(sent.some((request) => request.method === 'POST')).toBe(true));
    expect(sent.find((request) => request.method === 'POST')!.body).toEqual({ kind: 'erasure', note: 'By phone' });
    expect(screen.queryByRole('button', { name: 'Edit legal basis' })).not.toBeInTheDocument();
  });
});

const dashboard = (): DataProtectionDashboard => ({
  success: true,
  settings: { retention_months: 24, renewal_notice_days: 30, expiry_action: 'anonymise' },
  expiring: [
    {
      candidate_id: 5,
      name: 'Eve Expiring',
      legal_basis: 'consent',
      due_at: new Date(Date.now() + 12 * DAY).toISOString(),
      notice_sent_at: null,
      waiting_reason: null,
    },
  ],
  due: [
    {
      candidate_id: 6,
      name: 'Pia Pipeline',
      legal_basis: 'legitimate_interest',
      due_at: new Date(Date.now() - 2 * DAY).toISOString(),
      notice_sent_at: new Date(Date.now() - 40 * DAY).toISOString(),
      waiting_reason: 'In an open pipeline',
    },
  ],
  requests: [
    {
      id: 11,
      candidate_id: 9,
      candidate_name: '<b>Rae</b> Requester',
      kind: 'access',
      status: 'open',
      channel: 'self_service',
      note: '',
      received_at: new Date(Date.now() - 25 * DAY).toISOString(),
      deadline_at: new Date(Date.now() + 5 * DAY).toISOString(),
      decided_at: null,
    },
  ],
  last_run: {
    id: 2,
    ran_at: new Date().toISOString(),
    notices_sent: 3,
    anonymised: 1,
    waiting: 1,
    owners_notified: 0,
    reminders_sent: 0,
    details: [],
  },
});

describe('the data protection page', () => {
  it('lists requests with their deadline, people due and expiring, the last run; an owner closes a request', async () => {
    const sent = serve({
      'GET /api/data-protection/': () => jsonResponse(200, dashboard()),
      'POST /api/data-protection/requests/11/decide/': () =>
        jsonResponse(200, { success: true, request: { ...dashboard().requests[0], status: 'done' } }),
    });
    renderWithProviders(<DataProtectionPage />);
    const requests = await screen.findByRole('list', { name: 'Open requests' });
    // Names are text, never markup.
    expect(within(requests).getByRole('link', { name: '<b>Rae</b> Requester' })).toBeInTheDocument();
    expect(within(requests).getByText('5 days left')).toBeInTheDocument();
    expect(within(requests).getByText(/Export their data from the candidate page/)).toBeInTheDocument();
    const due = screen.getByRole('list', { name: 'Due for anonymisation' });
    expect(within(due).getByText('In an open pipeline')).toBeInTheDocument();
    expect(
      within(screen.getByRole('list', { name: 'Expiring in the next 30 days' })).getByText('Eve Expiring'),
    ).toBeInTheDocument();
    expect(
      within(screen.getByRole('list', { name: 'What the last run did' })).getByText('1 anonymised'),
    ).toBeInTheDocument();

    const user = userEvent.setup();
    await user.click(within(requests).getByRole('button', { name: 'Mark done' }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText('Note'), 'Sent the ZIP');
    await user.click(within(dialog).getByRole('button', { name: 'Mark done' }));
    await waitFor(() => expect(sent.some((request) => request.method === 'POST')).toBe(true));
    expect(sent.find((request) => request.method === 'POST')!.body).toEqual({ status: 'done', note: 'Sent the ZIP' });
  });
});

describe('retention settings', () => {
  it('saves the period, the notice and the action at expiry; refuses a period of 0 before sending', async () => {
    const sent = serve({
      'GET /api/settings/retention/': () =>
        jsonResponse(200, {
          success: true,
          settings: { retention_months: 24, renewal_notice_days: 30, expiry_action: 'anonymise' },
        }),
      'PUT /api/settings/retention/': (body) => jsonResponse(200, { success: true, settings: body }),
    });
    renderWithProviders(<RetentionSettingsSection />);
    const months = await screen.findByLabelText('Keep people’s data for (months)');
    const user = userEvent.setup();
    await user.clear(months);
    await user.type(months, '0');
    await user.click(screen.getByRole('button', { name: 'Save retention settings' }));
    expect(await screen.findByText('Use 1 to 120 months.')).toBeInTheDocument();
    await user.clear(months);
    await user.type(months, '36');
    await user.click(screen.getByLabelText(/Only tell the owners/));
    await user.click(screen.getByRole('button', { name: 'Save retention settings' }));
    await waitFor(() => expect(sent.some((request) => request.method === 'PUT')).toBe(true));
    expect(sent.find((request) => request.method === 'PUT')!.body).toEqual({
      retention_months: 36,
      renewal_notice_days: 30,
      expiry_action: 'notify',
    });
  });

  it('shows the first ten people of a long list, and all of them on asking', async () => {
    const many = Array.from({ length: 13 }, (_, index) => ({
      ...dashboard().due[0]!,
      candidate_id: 100 + index,
      name: `Person ${index + 1}`,
      waiting_reason: null,
    }));
    serve({ 'GET /api/data-protection/': () => jsonResponse(200, { ...dashboard(), due: many }) });
    renderWithProviders(<DataProtectionPage />);
    const due = await screen.findByRole('list', { name: 'Due for anonymisation' });
    expect(within(due).getAllByRole('listitem')).toHaveLength(10);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Show all 13' }));
    expect(within(due).getAllByRole('listitem')).toHaveLength(13);
    expect(within(due).getByText('Person 13')).toBeInTheDocument();
  });
});
