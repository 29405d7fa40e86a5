import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '@/test/render';
import { rowsText } from './components/import-dialog';
import { figuresFromDraft, OverviewTable } from './components/overview-table';

// Issue 29 item m: the funnel checked before saving, "1 row", a budget not set, the reference shown.

const draft = {
  status: 'active' as const,
  daily_budget: '',
  spend: '10',
  impressions: '1000',
  clicks: '600',
  apply_starts: '',
  applies: '5000',
};

describe('the Indeed posting page', () => {
  it('refuses more applies than clicks before asking the server, and leaves an empty budget not set', () => {
    expect(figuresFromDraft(draft)).toEqual({
      invalid: ['applies'],
      messages: ['Applies cannot be more than clicks.'],
    });
    const ok = figuresFromDraft({ ...draft, applies: '60' });
    expect(ok).toMatchObject({ figures: { daily_budget_minor: null, applies: 60 } });
  });

  it('counts rows in the singular and the plural', () => {
    expect(rowsText(1)).toBe('1 row');
    expect(rowsText(2)).toBe('2 rows');
    expect(rowsText(1200)).toBe('1,200 rows');
  });

  it('shows a budget not set as "Not set" and each role’s reference number', () => {
    renderWithProviders(
      <OverviewTable
        canEdit={false}
        data={{
          success: true,
          week_start: '2026-11-23',
          week_end: '2026-11-29',
          current_week: '2026-11-23',
          currency: 'USD',
          rows: [
            {
              role_id: 12,
              role_name: 'Welder',
              role_state: 'open',
              client_id: 1,
              client_name: 'Acme',
              indeed_posting: true,
              feed_country: 'US',
              posting: {
                id: 3,
                role_id: 12,
                week_start: '2026-11-23',
                status: 'active',
                daily_budget_minor: null,
                spend_minor: 1250,
                impressions: 1000,
                clicks: 60,
                apply_starts: 0,
                applies: 6,
                currency: 'USD',
                updated_at: '2026-11-24T10:00:00Z',
              },
            },
          ],
          totals: {
            spend_minor: 1250,
            daily_budget_minor: 0,
            impressions: 1000,
            clicks: 60,
            apply_starts: 0,
            applies: 6,
            ctr: 0.06,
            cost_per_click_minor: 21,
            cost_per_apply_minor: 208,
          },
        }}
      />,
    );
    const row = screen.getByRole('rowheader', { name: /Welder/ }).closest('tr')!;
    expect(row).toHaveTextContent('Not set');
    expect(row).not.toHaveTextContent('$0.00');
    expect(row).toHaveTextContent('Ref. RD-12');
  });
});
