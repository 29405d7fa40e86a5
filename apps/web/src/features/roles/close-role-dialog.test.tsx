import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Role } from '@recruitdesk/contracts/roles';
import { describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '@/test/factories';
import { installFetchStub } from '@/test/fetch-stub';
import { renderWithProviders } from '@/test/render';
import { CloseRoleDialog } from './components/role-details';

const fetchStub = installFetchStub();

// The role's close dialog shares its reason and note fields with the pipeline's (issue 30 item 3).
describe('Close this role?', () => {
  it('offers the role close reasons, asks for one, and sends the reason and the note', async () => {
    const user = userEvent.setup();
    const onClose = vi.fn();
    const role = { id: 7, name: 'Data Engineer' } as Role;
    renderWithProviders(<CloseRoleDialog role={role} open onClose={onClose} />);
    const dialog = await screen.findByRole('dialog', { name: 'Close this role?' });
    const reason = within(dialog).getByRole('combobox', { name: 'Reason' });
    expect(
      within(reason)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual([
      'Choose a reason…',
      'Filled by us',
      'Filled by the client',
      'Cancelled by the client',
      'Lost to another agency',
      'On hold indefinitely',
      'Other',
    ]);

    await user.click(within(dialog).getByRole('button', { name: 'Close role' }));
    await waitFor(() => expect(reason).toHaveAttribute('aria-invalid', 'true'));
    expect(reason).toHaveAccessibleDescription(/.+/);
    expect(fetchStub.mock).not.toHaveBeenCalled();

    fetchStub.mock.mockImplementation(async () =>
      jsonResponse(200, { success: true, role: { ...role, state: 'closed' } }),
    );
    await user.selectOptions(reason, 'Lost to another agency');
    await user.type(within(dialog).getByRole('textbox', { name: 'Note' }), 'Went with Hays.');
    await user.click(within(dialog).getByRole('button', { name: 'Close role' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const [url, init] = fetchStub.mock.mock.calls.at(-1)!;
    expect(String(url)).toContain('/api/roles/7/close/');
    expect(JSON.parse(String(init?.body))).toEqual({ reason: 'lost_to_competitor', note: 'Went with Hays.' });
  });
});
