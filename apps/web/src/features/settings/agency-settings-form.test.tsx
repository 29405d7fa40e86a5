import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { AgencySettings } from '@recruitdesk/contracts/settings';
import { installFetchStub } from '@/test/fetch-stub';
import { jsonResponse } from '@/test/factories';
import { renderWithProviders } from '@/test/render';
import { AgencySettingsSection } from './components/agency-settings-form';

const fetchStub = installFetchStub();

const settings = (phone: string): AgencySettings => ({
  agency_name: 'Northwind Talent',
  currency: 'USD',
  default_finders_fee_percent: 20,
  default_payment_terms_days: 30,
  invoice_issuer: { legal_name: 'Northwind Talent LLC', address: '', tax_id: '', bank_details: '', email: '', phone },
  privacy_text: '',
  country: 'US',
  postal_code: '98101',
  money_visibility: 'all_but_viewers',
});

const answer = (phone: string) => jsonResponse(200, { success: true, money_visible: true, settings: settings(phone) });

describe('agency settings: a save in flight', () => {
  it('locks the fields while saving, and the refetch after it does not replace what the owner types next', async () => {
    let finishSave: (response: Response) => void = () => {};
    let finishRefetch: (response: Response) => void = () => {};
    fetchStub.mock
      .mockResolvedValueOnce(answer('+1 206 555 0100'))
      .mockReturnValueOnce(new Promise<Response>((resolve) => (finishSave = resolve)))
      .mockReturnValueOnce(new Promise<Response>((resolve) => (finishRefetch = resolve)));
    renderWithProviders(<AgencySettingsSection canEdit />);
    const user = userEvent.setup();
    const phone = await screen.findByLabelText('Phone');
    await user.clear(phone);
    await user.type(phone, '+1 206 555 0148');
    await user.click(screen.getByRole('button', { name: 'Save agency settings' }));

    await waitFor(() => expect(phone).toBeDisabled());
    finishSave(answer('+1 206 555 0148'));
    await waitFor(() => expect(phone).toBeEnabled());
    expect(phone).toHaveValue('+1 206 555 0148');

    // The owner edits again before the refetch that the save started has answered.
    await user.clear(phone);
    await user.type(phone, '+1 206 555 0147');
    finishRefetch(answer('+1 206 555 0148'));
    await waitFor(() => expect(fetchStub.mock).toHaveBeenCalledTimes(3));
    // The button unlocks once the refetch's answer is in (a fixed 50 ms wait was too short on a loaded CI machine).
    await waitFor(() => expect(screen.getByRole('button', { name: 'Save agency settings' })).toBeEnabled());
    expect(phone).toHaveValue('+1 206 555 0147');
  });
});
