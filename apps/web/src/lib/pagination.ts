import { MAX_PAGE, PAGE_SIZES } from '@recruitdesk/contracts/common-constants';

/** The last page of `total` rows at `pageSize` a page; an empty list still has page 1. */
export function lastPageOf(total: number, pageSize: number): number {
  if (!(pageSize > 0) || !(total > 0)) return 1;
  return Math.max(1, Math.ceil(total / pageSize));
}

/** A page number kept within 1..last (out-of-range pages go to the last page, decision 028). */
export function clampPage(page: number, total: number, pageSize: number): number {
  return Math.min(Math.max(1, Math.floor(page) || 1), lastPageOf(total, pageSize));
}

/** The rows a page shows, 1-based: 'Showing 11–20 of 248'. */
export function rowRange(page: number, pageSize: number, total: number): { from: number; to: number } {
  if (total <= 0) return { from: 0, to: 0 };
  const from = (page - 1) * pageSize + 1;
  return { from: Math.min(from, total), to: Math.min(page * pageSize, total) };
}

/** `?page=` of the URL: a whole number from 1 (anything else is page 1). */
export function pageFrom(params: URLSearchParams): number {
  const page = Number(params.get('page') ?? '1');
  return Number.isInteger(page) && page > 0 && page <= MAX_PAGE ? page : 1;
}

/** `?page_size=` of the URL: one of the offered sizes, else the list's default. */
export function pageSizeFrom(
  params: URLSearchParams,
  defaultSize: number,
  sizes: readonly number[] = PAGE_SIZES,
): number {
  const size = Number(params.get('page_size'));
  return sizes.includes(size) ? size : defaultSize;
}

/**
 * What the user typed in the jump-to-page box: the page to go to, clamped to 1..last, or null when it is
 * not a number (the box then shows the current page again).
 */
export function pageFromInput(text: string, last: number): number | null {
  const trimmed = text.trim();
  if (!/^\d+$/.test(trimmed)) return null;
  return Math.min(Math.max(1, Number(trimmed)), Math.max(1, last));
}

/** The URL changes for a page (page 1 is the address without `page`). */
export const pageParam = (page: number) => ({ page: page <= 1 ? null : String(page) });

/** The URL changes for a page size: back to page 1, and the default size is the address without it. */
export const pageSizeParam = (size: number, defaultSize: number) => ({
  page_size: size === defaultSize ? null : String(size),
  page: null,
});
