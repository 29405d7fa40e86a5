import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '@/test/render';
import { FilterBar } from './components/filter-bar';
import { useAnalyticsFilters } from './use-analytics-filters';

function Harness() {
  const { filters, setFilters, today } = useAnalyticsFilters();
  return (
    <>
      <FilterBar
        filters={filters}
        today={today}
        onChange={setFilters}
        choices={{
          clients: [
            { value: '7', label: 'Acme' },
            { value: '9', label: 'Globex' },
          ],
          recruiters: [{ value: '3', label: 'Rita Recruiter' }],
          roleFamilies: [{ value: 'software engineer', label: 'Software engineer' }],
        }}
      />
      <output data-testid="range">{`${filters.from}..${filters.to}`}</output>
    </>
  );
}

const today = () => new Date().toISOString().slice(0, 10);
const where = () => screen.getByTestId('where').textContent;

describe('analytics filters in the URL', () => {
  it('shows the URL filters and writes each change to the URL as a history entry', async () => {
    const user = userEvent.setup();
    const { router } = renderWithProviders(<Harness />, {
      path: '/analytics',
      initialEntry: '/analytics?client=7',
      timeZone: 'UTC',
    });
    expect(screen.getByLabelText('Client')).toHaveValue('7');
    expect(screen.getByLabelText('Date range')).toHaveValue('12m');

    await user.selectOptions(screen.getByLabelText('Date range'), '90d');
    await waitFor(() => expect(where()).toBe('/analytics?client=7&range=90d'));
    await user.selectOptions(screen.getByLabelText('Client type'), 'retainer');
    await waitFor(() => expect(where()).toBe('/analytics?client=7&range=90d&client_type=retainer'));

    // Back undoes one change at a time.
    await router.navigate(-1);
    await waitFor(() => expect(where()).toBe('/analytics?client=7&range=90d'));
    expect(screen.getByLabelText('Client type')).toHaveValue('');
    await router.navigate(-1);
    await waitFor(() => expect(where()).toBe('/analytics?client=7'));
    expect(screen.getByLabelText('Date range')).toHaveValue('12m');
  });

  it('turns typed dates into a custom range and clears the other filters at once', async () => {
    const user = userEvent.setup();
    renderWithProviders(<Harness />, {
      path: '/analytics',
      initialEntry: '/analytics?client=9&recruiter=3',
      timeZone: 'UTC',
    });
    // A date input reports only whole dates (jsdom cannot type into one key by key).
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-01-15' } });
    await waitFor(() =>
      expect(where()).toBe(
        '/analytics?client=9&recruiter=3&from=2026-01-15&to=2026-11-26'.replace('2026-11-26', today()),
      ),
    );
    expect(screen.getByLabelText('Date range')).toHaveValue('custom');

    await user.click(screen.getByRole('button', { name: 'Clear 2 filters' }));
    await waitFor(() => expect(where()).not.toContain('client='));
    expect(where()).not.toContain('recruiter=');
    expect(where()).toContain('from=2026-01-15');
  });
});
