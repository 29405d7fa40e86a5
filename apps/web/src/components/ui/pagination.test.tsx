import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Pagination } from './pagination';

function setup(props: Partial<Parameters<typeof Pagination>[0]> = {}) {
  const onPageChange = vi.fn();
  const onPageSizeChange = vi.fn();
  const utils = render(
    <Pagination
      page={1}
      pageSize={10}
      total={248}
      onPageChange={onPageChange}
      onPageSizeChange={onPageSizeChange}
      noun="clients"
      {...props}
    />,
  );
  return { ...utils, onPageChange, onPageSizeChange };
}

describe('Pagination', () => {
  it('shows the rows on screen, the page count, and disables Previous on the first page', () => {
    setup();
    expect(screen.getByText(/Showing/)).toHaveTextContent('Showing 1–10 of 248 clients');
    expect(screen.getByLabelText('Page', { exact: true })).toHaveValue('1');
    expect(screen.getByText(/^of/)).toHaveTextContent('of 25');
    expect(screen.getByRole('button', { name: 'Previous' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Next' })).toBeEnabled();
  });

  it('says "about" when the total is an estimate', () => {
    setup({ total: 104_870, totalIsEstimate: true, noun: 'candidates' });
    expect(screen.getByText(/Showing/)).toHaveTextContent('Showing 1–10 of about 104,870 candidates');
    expect(screen.getByText(/^of/)).toHaveTextContent('of about 10,487');
  });

  it('disables Next on the last page and shows a page past the end as the last page', () => {
    setup({ page: 999 });
    expect(screen.getByLabelText('Page', { exact: true })).toHaveValue('25');
    expect(screen.getByText(/Showing/)).toHaveTextContent('Showing 241–248 of 248 clients');
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Previous' })).toBeEnabled();
  });

  it('moves with Previous and Next, and waits while a page loads', async () => {
    const user = userEvent.setup();
    const { onPageChange, rerender } = setup({ page: 5 });
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(onPageChange).toHaveBeenLastCalledWith(6);
    await user.click(screen.getByRole('button', { name: 'Previous' }));
    expect(onPageChange).toHaveBeenLastCalledWith(4);
    rerender(<Pagination page={5} pageSize={10} total={248} onPageChange={onPageChange} busy />);
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Previous' })).toBeDisabled();
  });

  it('jumps to a typed page on Enter or when leaving the box, clamped to the last page; other text is undone', async () => {
    const user = userEvent.setup();
    const { onPageChange } = setup();
    const box = screen.getByLabelText('Page', { exact: true });
    await user.clear(box);
    await user.type(box, '12{Enter}');
    expect(onPageChange).toHaveBeenLastCalledWith(12);
    await user.clear(box);
    await user.type(box, '400');
    await user.tab();
    expect(onPageChange).toHaveBeenLastCalledWith(25);
    onPageChange.mockClear();
    await user.clear(box);
    await user.type(box, 'ten{Enter}');
    expect(onPageChange).not.toHaveBeenCalled();
    expect(box).toHaveValue('1');
  });

  it('offers the page sizes 10, 25, 50 and 100 and reports a choice', async () => {
    const user = userEvent.setup();
    const { onPageSizeChange } = setup();
    const select = screen.getByLabelText('Rows per page');
    expect([...(select as HTMLSelectElement).options].map((o) => o.value)).toEqual(['10', '25', '50', '100']);
    await user.selectOptions(select, '50');
    expect(onPageSizeChange).toHaveBeenCalledWith(50);
  });

  it('shows no page controls for one page, and "No results" for none', () => {
    const { rerender, onPageChange } = setup({ total: 7 });
    expect(screen.queryByRole('button', { name: 'Next' })).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Rows per page')).not.toBeInTheDocument();
    expect(screen.getByText(/Showing/)).toHaveTextContent('Showing 1–7 of 7 clients');
    rerender(<Pagination page={1} pageSize={10} total={0} onPageChange={onPageChange} />);
    expect(screen.getByText('No results')).toBeInTheDocument();
  });
});
