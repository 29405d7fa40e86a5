import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Mailbox } from '@recruitdesk/contracts/mailboxes';
import { resetApiStateForTests } from '@/test/api-state';
import { jsonResponse } from '@/test/factories';
import { callsOf, renderWithProviders } from '@/test/render';
import { MailboxesPage } from './components/mailboxes-page';
import { StoppedMailboxesBanner } from './components/stopped-banner';

const mailbox = (overrides: Partial<Mailbox> = {}): Mailbox => ({
  id: 1,
  kind: 'personal',
  owner: { id: 2, name: 'Riley Recruiter' },
  label: '',
  email: 'riley@agency.test',
  host: 'imap.gmail.com',
  port: 993,
  tls: true,
  username: 'riley@agency.test',
  sync_state: 'idle',
  stopped_since: null,
  stopped_reason: null,
  last_synced_at: '2026-11-29T10:00:00Z',
  messages_synced: 1200,
  uses_idle: true,
  ...overrides,
});

let mailboxes: Mailbox[];
let fetchMock: ReturnType<typeof vi.fn<typeof fetch>>;

beforeEach(() => {
  resetApiStateForTests();
  document.cookie = 'csrftoken=test-token';
  mailboxes = [
    mailbox(),
    mailbox({
      id: 2,
      email: 'jobs@agency.test',
      kind: 'shared',
      owner: null,
      label: 'Jobs inbox',
      sync_state: 'stopped',
      stopped_since: '2026-11-29T09:15:00Z',
      stopped_reason: 'the server refused the password (AUTHENTICATIONFAILED)',
    }),
  ];
  fetchMock = vi.fn<typeof fetch>(async (input, init) => {
    const url = String(input);
    const method = init?.method ?? 'GET';
    if (method === 'GET' && url.endsWith('/api/mailboxes/')) return jsonResponse(200, { results: mailboxes });
    if (method === 'PATCH' && url.endsWith('/api/mailboxes/2/')) {
      mailboxes = mailboxes.map((m) =>
        m.id === 2 ? { ...m, sync_state: 'syncing', stopped_since: null, stopped_reason: null } : m,
      );
      return jsonResponse(200, mailboxes[1]);
    }
    if (method === 'DELETE' && url.endsWith('/api/mailboxes/1/')) {
      mailboxes = mailboxes.filter((m) => m.id !== 1);
      return jsonResponse(200, { success: true });
    }
    return jsonResponse(404, { success: false, error: 'Not found.' });
  });
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

describe('MailboxesPage', () => {
  it('says prominently since when and why a mailbox stopped syncing, and resumes it with a new password', async () => {
    renderWithProviders(<MailboxesPage canShare />, { timeZone: 'UTC' });
    const list = await screen.findByRole('list', { name: 'Mailboxes' });
    const stopped = within(list).getByRole('listitem', { name: 'Jobs inbox' });
    expect(within(stopped).getByText('Sync stopped', { selector: 'span' })).toBeInTheDocument();
    const alert = within(stopped).getByRole('alert');
    expect(alert).toHaveTextContent(
      /Sync of jobs@agency\.test stopped since .*2026.* because the server refused the password \(AUTHENTICATIONFAILED\)\./,
    );
    const working = within(list).getByRole('listitem', { name: 'riley@agency.test' });
    expect(within(working).getByText('In sync')).toBeInTheDocument();
    expect(within(working).queryByRole('alert')).not.toBeInTheDocument();

    await userEvent.click(within(stopped).getByRole('button', { name: 'Update password of Jobs inbox' }));
    const dialog = await screen.findByRole('dialog', { name: 'New password for jobs@agency.test' });
    await userEvent.type(within(dialog).getByLabelText('Password or app password'), 'new-app-password');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save password' }));
    await waitFor(() => expect(screen.queryByRole('alert')).not.toBeInTheDocument());
    expect(within(list).getByRole('listitem', { name: 'Jobs inbox' })).toHaveTextContent('Syncing');
    const patch = fetchMock.mock.calls.find(([, init]) => init?.method === 'PATCH');
    expect(JSON.parse(String(patch?.[1]?.body))).toEqual({ password: 'new-app-password' });
  });

  it('disconnects a mailbox only after confirming', async () => {
    renderWithProviders(<MailboxesPage canShare />);
    await userEvent.click(await screen.findByRole('button', { name: 'Disconnect riley@agency.test' }));
    const confirm = await screen.findByRole('dialog', { name: 'Disconnect riley@agency.test?' });
    expect(callsOf(fetchMock)).not.toContain('DELETE /api/mailboxes/1/');
    await userEvent.click(within(confirm).getByRole('button', { name: 'Disconnect' }));
    await waitFor(() => expect(screen.queryByRole('listitem', { name: 'riley@agency.test' })).not.toBeInTheDocument());
    expect(callsOf(fetchMock)).toContain('DELETE /api/mailboxes/1/');
  });

  it('fills in the IMAP server for the chosen provider', async () => {
    mailboxes = [];
    renderWithProviders(<MailboxesPage canShare={false} />);
    await userEvent.click((await screen.findAllByRole('button', { name: 'Connect a mailbox' }))[0]!);
    const dialog = await screen.findByRole('dialog', { name: 'Connect a mailbox' });
    expect(within(dialog).getByLabelText('IMAP server')).toHaveValue('imap.gmail.com');
    await userEvent.selectOptions(within(dialog).getByLabelText('Provider'), 'microsoft');
    expect(within(dialog).getByLabelText('IMAP server')).toHaveValue('outlook.office365.com');
    expect(within(dialog).getByLabelText('Port')).toHaveValue(993);
    // A recruiter connects their own mailbox only.
    expect(within(dialog).queryByLabelText('Whose mailbox')).not.toBeInTheDocument();
  });
});

describe('StoppedMailboxesBanner', () => {
  it('tells an owner about the shared mailbox and a recruiter only about their own', async () => {
    const { unmount } = renderWithProviders(<StoppedMailboxesBanner userId={9} includeShared />);
    expect(await screen.findByRole('alert')).toHaveTextContent(/Sync of jobs@agency\.test stopped since/);
    unmount();
    renderWithProviders(<StoppedMailboxesBanner userId={2} includeShared={false} />);
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
