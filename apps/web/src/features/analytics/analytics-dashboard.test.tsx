import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { jsonResponse } from '@/test/factories';
import { installFetchStub } from '@/test/fetch-stub';
import { callsOf, renderWithProviders } from '@/test/render';
import { AnalyticsDashboard } from './components/analytics-dashboard';
import { KpiCard } from './components/kpi-card';
import { RetainerPanel } from './components/retainer-panel';
import { moneyFormat } from './money';
import { analyticsAnswer, retainerAnswer } from './test-support/fixtures';

const fetchStub = installFetchStub();

function serve(money: boolean) {
  fetchStub.mock.mockImplementation(async (input) => {
    const url = new URL(String(input), 'http://localhost');
    const body = analyticsAnswer(url.pathname, money);
    return body ? jsonResponse(200, body) : jsonResponse(404, { success: false, error: 'Not found' });
  });
}

const card = (name: string) => screen.getByRole('group', { name });

describe('the Analytics Dashboard', () => {
  it('shows an owner the key figures with money, each against the previous period', async () => {
    serve(true);
    renderWithProviders(<AnalyticsDashboard currency="USD" />, { path: '/analytics', timeZone: 'UTC' });
    expect(await screen.findByRole('group', { name: 'Revenue booked' })).toHaveTextContent('$240,000');
    // 240,000 against 200,000: up 20%; placements 10 against 8: up 25%; fill rate 80% against 75%: +5 points.
    expect(card('Revenue booked')).toHaveTextContent('Up 20% on the previous period');
    expect(card('Placements')).toHaveTextContent('+25%');
    expect(card('Fill rate')).toHaveTextContent('80%');
    expect(card('Fill rate')).toHaveTextContent('+5.0 pts');
    // Fewer days to fill is good news: shown as a fall.
    expect(card('Median time to fill')).toHaveTextContent('Down 20% on the previous period');
    expect(card('Open roles')).toHaveTextContent('No change');
    expect(screen.getByRole('region', { name: 'Revenue by month' })).toBeInTheDocument();
    const clients = within(screen.getByRole('table', { name: 'Top clients' }));
    expect(clients.getByRole('columnheader', { name: /Booked/ })).toBeInTheDocument();
    expect(clients.getByRole('link', { name: 'Acme Corp' })).toHaveAttribute('href', '/clients/7');
    expect(
      within(screen.getByRole('table', { name: 'Recruiters' })).getByRole('columnheader', { name: /Fees/ }),
    ).toBeInTheDocument();
  });

  it('renders cleanly without money when the server leaves it out (recruiters, viewers)', async () => {
    serve(false);
    renderWithProviders(<AnalyticsDashboard currency="USD" />, { path: '/analytics', timeZone: 'UTC' });
    expect(await screen.findByRole('link', { name: 'Acme Corp' })).toBeInTheDocument();
    await waitFor(() => expect(card('Placements')).toHaveTextContent('10'));
    for (const name of ['Revenue booked', 'Revenue collected', 'Average fee']) {
      expect(screen.queryByRole('group', { name })).not.toBeInTheDocument();
    }
    expect(screen.queryByRole('region', { name: 'Revenue by month' })).not.toBeInTheDocument();
    const clients = within(screen.getByRole('table', { name: 'Top clients' }));
    expect(clients.queryByRole('columnheader', { name: /Booked|Collected|Average fee/ })).not.toBeInTheDocument();
    expect(
      within(screen.getByRole('table', { name: 'Recruiters' })).queryByRole('columnheader', { name: /Fees/ }),
    ).not.toBeInTheDocument();
    expect(document.body.textContent).not.toMatch(/\$\d/);
  });

  it('shows where placements come from, with a share bar and fees for the owner, and the applications per channel', async () => {
    serve(true);
    renderWithProviders(<AnalyticsDashboard currency="USD" />, { path: '/analytics', timeZone: 'UTC' });
    const sources = within(await screen.findByRole('table', { name: 'Placements by source' }));
    const rows = await sources.findAllByRole('row');
    expect(rows.slice(1).map((row) => row.textContent)).toEqual([
      'Careers page360%$72,000',
      'Referral120%$24,000',
      'Not recorded120%$18,000',
    ]);
    const applications = within(screen.getByRole('table', { name: 'Applications by channel' }));
    // 10 of 40 careers-page applications were converted: 25%.
    expect(applications.getByRole('row', { name: /Careers page/ })).toHaveTextContent('4062410325%');
    expect(applications.getByRole('row', { name: /Indeed/ })).toHaveTextContent('8%');
    expect(screen.getByRole('button', { name: 'Export Placements by source to Excel' })).toBeEnabled();
  });

  it('leaves the fees column out when the sources come without money', async () => {
    serve(false);
    renderWithProviders(<AnalyticsDashboard currency="USD" />, { path: '/analytics', timeZone: 'UTC' });
    const sources = within(await screen.findByRole('table', { name: 'Placements by source' }));
    await sources.findByRole('row', { name: /Referral/ });
    expect(sources.queryByRole('columnheader', { name: /Fees/ })).not.toBeInTheDocument();
  });

  it('asks every set for the URL filters, and again when a filter changes', async () => {
    serve(true);
    const user = userEvent.setup();
    renderWithProviders(<AnalyticsDashboard currency="USD" />, {
      path: '/analytics',
      initialEntry: '/analytics?from=2026-01-01&to=2026-03-31&client_type=retainer',
      timeZone: 'UTC',
    });
    await screen.findByRole('group', { name: 'Placements' });
    const calls = callsOf(fetchStub.mock);
    expect(calls).toContain('GET /api/analytics/summary/?date_from=2026-01-01&date_to=2026-03-31&client_type=retainer');
    expect(calls).toContain('GET /api/analytics/stages/?date_from=2026-01-01&date_to=2026-03-31&client_type=retainer');
    await waitFor(() => expect(screen.getByRole('option', { name: 'Acme Corp' })).toBeInTheDocument());
    await user.selectOptions(screen.getByLabelText('Client'), '7');
    await waitFor(() =>
      expect(callsOf(fetchStub.mock)).toContain(
        'GET /api/analytics/clients/?date_from=2026-01-01&date_to=2026-03-31&client=7&client_type=retainer',
      ),
    );
    expect(screen.getByTestId('where')).toHaveTextContent(
      '/analytics?from=2026-01-01&to=2026-03-31&client_type=retainer&client=7',
    );
  });

  it('says there are too few offers instead of suggesting a band, in one collapsed list', async () => {
    serve(false);
    const user = userEvent.setup();
    renderWithProviders(<AnalyticsDashboard currency="USD" />, { path: '/analytics', timeZone: 'UTC' });
    const optimal = await screen.findByRole('region', { name: 'Optimal salary range' });
    const summary = await within(optimal).findByText('Too few offers to suggest a range: 1 role family');
    await waitFor(() =>
      expect(optimal).toHaveTextContent('No role family has enough answered offers in this period to suggest a band.'),
    );
    const disclosure = summary.closest('details');
    expect(disclosure).not.toBeNull();
    expect(disclosure).not.toHaveAttribute('open');
    await user.click(summary);
    expect(disclosure).toHaveAttribute('open');
    const list = within(optimal).getByRole('list', { name: 'Role families with too few offers' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(1);
    expect(list).toHaveTextContent('Software engineer');
    expect(list).toHaveTextContent('2 of 3 accepted · needs 5');
    expect(within(optimal).queryByRole('list', { name: 'Suggested salary bands' })).toBeNull();
  });

  it('gives each figure its definition on focus', async () => {
    serve(true);
    const user = userEvent.setup();
    renderWithProviders(<AnalyticsDashboard currency="USD" />, { path: '/analytics', timeZone: 'UTC' });
    await screen.findByRole('group', { name: 'Fill rate' });
    const help = await screen.findByRole('button', { name: 'About Fill rate' });
    await user.click(help);
    expect(help).toHaveAccessibleDescription(/Roles filled ÷ roles closed.*This period: 8 of 10\./);
    expect(screen.getAllByRole('tooltip').some((tip) => tip.className.includes('absolute'))).toBe(true);
  });
});

describe('issue 29 item h', () => {
  it('a figure against a previous period with none says "New", not "+100 pts"', () => {
    renderWithProviders(
      <KpiCard
        kpi={{
          id: 'fill_rate',
          label: 'Fill rate',
          value: 1,
          previous: 0,
          display: '100%',
          definition: '',
          kind: 'points',
        }}
      />,
    );
    expect(card('Fill rate')).toHaveTextContent('New');
    expect(card('Fill rate')).toHaveTextContent('none in the previous period');
    expect(card('Fill rate')).not.toHaveTextContent('pts');
  });

  it('the retainer timeline says which instalments each median is over, so paid before invoiced reads right', () => {
    const answer = retainerAnswer(false);
    answer.overall = { ...answer.overall, median_days_to_invoice: 94, median_days_to_paid: 93 };
    renderWithProviders(
      <RetainerPanel
        data={answer}
        money={moneyFormat('USD')}
        fileDate="2026-11-29"
        loading={false}
        error={undefined}
        onRetry={() => {}}
      />,
    );
    const panel = screen.getByRole('region', { name: 'Retainer payout timeline' });
    expect(panel).toHaveTextContent(
      /to invoiced 94 days \(instalments invoiced in the period\), to paid 93 days \(those of them paid\)/,
    );
  });
});
