import { useEffect, useId, useState } from 'react';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { PAGE_SIZES } from '@recruitdesk/contracts/common-constants';
import { lastPageOf, pageFromInput, rowRange } from '@/lib/pagination';
import { Button } from './button';
import { cn } from './cn';

/** The pager's compact select and page box (the form inputs' look at the buttons' height). */
const SMALL_FIELD =
  'block h-8 rounded-lg border-0 bg-white text-sm text-gray-900 shadow-xs ring-1 ring-gray-300 ring-inset focus:ring-2 focus:ring-brand-600 focus:outline-none dark:bg-white/5 dark:text-white dark:ring-white/10 dark:focus:ring-brand-400';

export interface PaginationProps {
  /** 1-based. */
  page: number;
  pageSize: number;
  total: number;
  /** The total is the server's estimate of a large list (decision 023): 'Showing 1–10 of about 100,000'. */
  totalIsEstimate?: boolean;
  onPageChange: (page: number) => void;
  /** Offer the page-size choice (PAGE_SIZES) when given. */
  onPageSizeChange?: (size: number) => void;
  pageSizes?: readonly number[];
  /** While a page loads the buttons wait. */
  busy?: boolean;
  /** What is listed, already singular or plural: 'Showing 1–10 of 248 candidates'. */
  noun?: string;
  className?: string;
}

/**
 * The one pager of every list (decision 028): 'Showing 11–20 of 248', rows per page, Previous, a
 * 'Page [n] of N' box to jump (Enter or leaving the box; beyond the end goes to the last page) and Next.
 */
export function Pagination({
  page,
  pageSize,
  total,
  totalIsEstimate = false,
  onPageChange,
  onPageSizeChange,
  pageSizes = PAGE_SIZES,
  busy = false,
  noun,
  className,
}: PaginationProps) {
  const last = lastPageOf(total, pageSize);
  const shown = Math.min(page, last);
  const { from, to } = rowRange(shown, pageSize, total);
  const sizeId = useId();
  const pageId = useId();
  const [text, setText] = useState(String(shown));
  useEffect(() => setText(String(shown)), [shown]);

  const jump = () => {
    const target = pageFromInput(text, last);
    if (target === null || target === shown) {
      setText(String(shown));
      return;
    }
    setText(String(target));
    onPageChange(target);
  };

  const canChooseSize = Boolean(onPageSizeChange) && total > Math.min(...pageSizes);

  return (
    <nav
      aria-label="Pagination"
      className={cn(
        'flex flex-wrap items-center justify-between gap-x-4 gap-y-3 border-t border-gray-200 px-4 py-3 dark:border-white/10',
        className,
      )}
    >
      <p className="text-sm text-gray-600 dark:text-gray-400" aria-live="polite">
        {total === 0 ? (
          'No results'
        ) : (
          <>
            Showing{' '}
            <span className="font-medium text-gray-900 tabular-nums dark:text-white">
              {from.toLocaleString('en-US')}–{to.toLocaleString('en-US')}
            </span>{' '}
            of {totalIsEstimate ? 'about ' : null}
            <span className="font-medium text-gray-900 tabular-nums dark:text-white">
              {total.toLocaleString('en-US')}
            </span>
            {noun ? ` ${noun}` : null}
          </>
        )}
      </p>
      <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
        {canChooseSize ? (
          <div className="flex items-center gap-2">
            <label htmlFor={sizeId} className="text-sm whitespace-nowrap text-gray-600 dark:text-gray-400">
              Rows per page
            </label>
            <select
              id={sizeId}
              value={pageSize}
              onChange={(event) => onPageSizeChange?.(Number(event.target.value))}
              className={cn(SMALL_FIELD, 'w-auto px-2 dark:[color-scheme:dark]')}
            >
              {(pageSizes.includes(pageSize) ? pageSizes : [...pageSizes, pageSize].sort((a, b) => a - b)).map(
                (size) => (
                  <option key={size} value={size}>
                    {size}
                  </option>
                ),
              )}
            </select>
          </div>
        ) : null}
        {last > 1 ? (
          <div className="flex items-center gap-2">
            <Button variant="secondary" size="sm" disabled={shown <= 1 || busy} onClick={() => onPageChange(shown - 1)}>
              <ChevronLeft aria-hidden="true" className="-ml-1 size-4" />
              Previous
            </Button>
            <form
              className="flex items-center gap-1.5 text-sm text-gray-600 dark:text-gray-400"
              onSubmit={(event) => {
                event.preventDefault();
                jump();
              }}
            >
              <label htmlFor={pageId}>Page</label>
              <input
                id={pageId}
                inputMode="numeric"
                autoComplete="off"
                aria-description={`Type a page from 1 to ${last} and press Enter`}
                value={text}
                onChange={(event) => setText(event.target.value)}
                onBlur={jump}
                onFocus={(event) => event.target.select()}
                className={cn(SMALL_FIELD, 'w-14 px-2 text-center tabular-nums')}
              />
              <span className="whitespace-nowrap">
                of {totalIsEstimate ? 'about ' : null}
                <span className="font-medium text-gray-900 tabular-nums dark:text-white">
                  {last.toLocaleString('en-US')}
                </span>
              </span>
            </form>
            <Button
              variant="secondary"
              size="sm"
              disabled={shown >= last || busy}
              onClick={() => onPageChange(shown + 1)}
            >
              Next
              <ChevronRight aria-hidden="true" className="-mr-1 size-4" />
            </Button>
          </div>
        ) : null}
      </div>
    </nav>
  );
}
