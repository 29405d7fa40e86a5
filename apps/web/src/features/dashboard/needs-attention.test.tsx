import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { AttentionItem, AttentionResponse } from '@recruitdesk/contracts/analytics';
import { jsonResponse } from '@/test/factories';
import { installFetchStub } from '@/test/fetch-stub';
import { renderWithProviders } from '@/test/render';
import { NeedsAttention } from './components/needs-attention';

const fetchStub = installFetchStub();

const item = (n: number, overrides: Partial<AttentionItem> = {}): AttentionItem => ({
  key: `stale_pipeline:${n}`,
  kind: 'stale_pipeline',
  title: `Candidate ${n} — Engineer (Acme)`,
  detail: 'No stage change since 2026-11-18 (8 days)',
  date: '2026-11-18',
  link: `/roles/1/pipelines/${n}`,
  user_id: 3,
  user_name: 'Rita Recruiter',
  ...overrides,
});

function serve(body: AttentionResponse) {
  fetchStub.mock.mockImplementation(async () => jsonResponse(200, body));
}

describe('the dashboard\'s "Needs attention" card', () => {
  it('lists the items, each linking to its record, and shows the rest on request', async () => {
    const items = [
      item(1, {
        key: 'interview_tomorrow:5',
        kind: 'interview_tomorrow',
        title: 'Ada Lovelace — Engineer (Acme)',
        detail: 'Client interview 2026-11-27 15:00 UTC',
        link: '/roles/1/candidates/5',
      }),
      item(2, {
        key: 'overdue_invoice:4',
        kind: 'overdue_invoice',
        title: 'Invoice INV-2026-0004 (Acme)',
        link: '/role/1/invoice/4',
      }),
      ...Array.from({ length: 8 }, (_, i) => item(10 + i)),
    ];
    serve({ success: true, everyone: true, items, count: 10, page: 1, page_size: 100 });
    const user = userEvent.setup();
    renderWithProviders(<NeedsAttention />, { timeZone: 'Asia/Tokyo' });
    const card = await screen.findByRole('region', { name: 'Needs attention' });
    const links = await within(card).findAllByRole('link');
    expect(links).toHaveLength(8);
    expect(links[0]).toHaveAttribute('href', '/roles/1/candidates/5');
    expect(links[0]).toHaveTextContent('Interview tomorrow');
    expect(links[1]).toHaveAttribute('href', '/role/1/invoice/4');
    // Stored dates and times read in the profile zone (decision 025).
    expect(links[2]).toHaveTextContent(
      'No stage change in 5 days · No stage change since Nov 18, 2026 (8 days) · Rita Recruiter',
    );
    // 15:00 UTC is midnight the next day in Tokyo.
    expect(links[0]).toHaveTextContent('Client interview Nov 28, 2026, 12:00 AM');
    expect(card).toHaveTextContent("Everyone's items");
    await user.click(within(card).getByRole('button', { name: 'Show all 10' }));
    expect(within(card).getAllByRole('link')).toHaveLength(10);
  });

  it('pages through all 137 items instead of leaving 37 "not listed" (issue 29 item i)', async () => {
    const all = Array.from({ length: 137 }, (_, i) => item(i + 1));
    fetchStub.mock.mockImplementation(async (input) => {
      const page = Number(new URL(String(input), 'http://localhost').searchParams.get('page') ?? '1');
      const items = all.slice((page - 1) * 100, page * 100);
      return jsonResponse(200, { success: true, everyone: true, items, count: 137, page, page_size: 100 });
    });
    const user = userEvent.setup();
    renderWithProviders(<NeedsAttention />);
    const card = await screen.findByRole('region', { name: 'Needs attention' });
    await user.click(await within(card).findByRole('button', { name: 'Show all 137' }));
    expect(within(card).getAllByRole('link')).toHaveLength(100);
    const pages = within(card).getByRole('navigation', { name: 'Needs attention pages' });
    expect(pages).toHaveTextContent('1–100 of 137');
    expect(card).not.toHaveTextContent(/not listed/);
    expect(within(pages).getByRole('button', { name: 'Previous' })).toBeDisabled();
    await user.click(within(pages).getByRole('button', { name: 'Next' }));
    expect(await within(card).findByText('Candidate 137 — Engineer (Acme)')).toBeInTheDocument();
    expect(within(card).getAllByRole('link')).toHaveLength(37);
    expect(within(card).getByRole('navigation', { name: 'Needs attention pages' })).toHaveTextContent('101–137 of 137');
    expect(within(card).getByRole('button', { name: 'Next' })).toBeDisabled();
  });

  it('says when nothing needs attention', async () => {
    serve({ success: true, everyone: false, items: [], count: 0, page: 1, page_size: 100 });
    renderWithProviders(<NeedsAttention />);
    expect(await screen.findByText('Nothing needs attention')).toBeInTheDocument();
  });
});
