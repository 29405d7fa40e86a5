import { act, fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PipelineSummary } from '@recruitdesk/contracts/pipelines';
import { jsonResponse } from '@/test/factories';
import { renderWithProviders } from '@/test/render';
import { PipelineBoardPage, type BoardRole } from './components/pipeline-board';
import { buildHeaders, buildPipeline, installRoutes } from './test-support/test-data';

// Issue 16 item 9: all seven stages at a glance, each a jump away; arrows page the board sideways.
const api = installRoutes();
const role: BoardRole = { id: 10, name: 'Staff Engineer', state: 'open', openings: 1, client: { id: 5, name: 'Acme' } };

function serve(pipelines: PipelineSummary[]) {
  api.on('GET /api/roles/10/pipeline-headers/', () => jsonResponse(200, buildHeaders(pipelines)));
  api.on('GET /api/roles/10/pipelines/', () =>
    jsonResponse(200, { success: true, pipelines, count: pipelines.length }),
  );
}

const renderBoard = () =>
  renderWithProviders(<PipelineBoardPage role={role} canEdit />, {
    path: '/roles/:roleId/pipelines',
    initialEntry: '/roles/10/pipelines',
  });

const jsdomScrollIntoView = Element.prototype.scrollIntoView; // jsdom has none
afterEach(() => {
  Element.prototype.scrollIntoView = jsdomScrollIntoView;
});

describe('the stages bar', () => {
  it('lists all seven stages with their counts, in board order', async () => {
    serve([
      buildPipeline({ id: 1, stageName: 'sourced' }),
      buildPipeline({ id: 2, stageName: 'sourced' }),
      buildPipeline({ id: 3, stageName: 'offer' }),
    ]);
    renderBoard();
    const bar = await screen.findByRole('navigation', { name: 'Stages' });
    expect(
      within(bar)
        .getAllByRole('button')
        .map((button) => button.getAttribute('aria-label')),
    ).toEqual([
      'Go to Sourced (2)',
      'Go to Internal interview (0)',
      'Go to Submit pending (0)',
      'Go to Submitted (0)',
      'Go to Client interview (0)',
      'Go to Offer (1)',
      'Go to Placed (0)',
    ]);
  });

  it('a stage button scrolls its column into view and hands it the keyboard focus', async () => {
    const user = userEvent.setup();
    serve([buildPipeline({ id: 3, stageName: 'offer' })]);
    const scrollIntoView = vi.fn();
    Element.prototype.scrollIntoView = scrollIntoView;
    renderBoard();
    await user.click(await screen.findByRole('button', { name: 'Go to Offer (1)' }));
    const offer = screen.getByRole('region', { name: 'Offer, 1 candidate' });
    expect(scrollIntoView).toHaveBeenCalledTimes(1);
    expect(scrollIntoView.mock.contexts[0]).toBe(offer);
    expect(offer).toHaveFocus();
  });

  it('the arrows are disabled at the ends and page the board when it overflows', async () => {
    const user = userEvent.setup();
    serve([buildPipeline({ id: 1, stageName: 'sourced' })]);
    renderBoard();
    const left = await screen.findByRole('button', { name: 'Scroll the board left' });
    const right = screen.getByRole('button', { name: 'Scroll the board right' });
    // jsdom has no layout: nothing overflows, so there is nowhere to scroll.
    expect(left).toBeDisabled();
    expect(right).toBeDisabled();

    const board = screen.getByRole('group', { name: 'Pipeline board' });
    Object.defineProperties(board, {
      clientWidth: { configurable: true, value: 1000 },
      scrollWidth: { configurable: true, value: 1800 },
      scrollLeft: { configurable: true, writable: true, value: 0 },
    });
    const scrollBy = vi.fn();
    board.scrollBy = scrollBy;
    act(() => void fireEvent.scroll(board));
    expect(left).toBeDisabled();
    expect(right).toBeEnabled();
    await user.click(right);
    expect(scrollBy).toHaveBeenCalledWith(expect.objectContaining({ left: 760 }));

    board.scrollLeft = 800;
    act(() => void fireEvent.scroll(board));
    expect(left).toBeEnabled();
    expect(right).toBeDisabled();
  });
});
