import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { jsonResponse } from '@/test/factories';
import { installFetchStub } from '@/test/fetch-stub';
import { renderWithProviders } from '@/test/render';
import { IndeedPostingPage } from './components/indeed-posting-page';

// Issue 29 item 7: a posted role the feed would send without a country is flagged before it is fed.

const fetchStub = installFetchStub();

const row = (id: number, name: string, country: string) => ({
  role_id: id,
  role_name: name,
  role_state: 'open',
  client_id: 1,
  client_name: 'Acme',
  indeed_posting: true,
  feed_country: country,
  posting: null,
});

describe('the posting page flags roles without a country', () => {
  it('says how many, links to Settings, and marks the row with a link to the role', async () => {
    fetchStub.mock.mockImplementation(async (input) =>
      String(input).includes('/overview/')
        ? jsonResponse(200, {
            success: true,
            week_start: '2026-11-23',
            week_end: '2026-11-29',
            current_week: '2026-11-23',
            currency: 'USD',
            rows: [row(5, 'Welder', ''), row(6, 'Analyst', 'US')],
            totals: {
              spend_minor: 0,
              daily_budget_minor: 0,
              impressions: 0,
              clicks: 0,
              apply_starts: 0,
              applies: 0,
              ctr: null,
              cost_per_click_minor: null,
              cost_per_apply_minor: null,
            },
          })
        : jsonResponse(404, { success: false, error: 'Not found' }),
    );
    renderWithProviders(<IndeedPostingPage canEdit />, { path: '/jobs/indeed' });
    const status = await screen.findByText('1 role has no country');
    const box = status.closest('[role="status"]') as HTMLElement;
    expect(within(box).getByRole('link', { name: 'Settings' })).toHaveAttribute('href', '/settings');
    const flags = screen.getAllByRole('link', { name: /No country: Indeed refuses it/ });
    expect(flags).toHaveLength(1);
    expect(flags[0]).toHaveAttribute('href', '/roles/5/edit');
  });
});
