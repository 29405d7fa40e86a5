import { describe, expect, it } from 'vitest';
import {
  clampPage,
  lastPageOf,
  pageFrom,
  pageFromInput,
  pageParam,
  pageSizeFrom,
  pageSizeParam,
  rowRange,
} from './pagination';

const params = (query: string) => new URLSearchParams(query);

describe('pagination logic', () => {
  it('counts pages: an empty list still has page 1, a partial last page counts', () => {
    expect(lastPageOf(0, 10)).toBe(1);
    expect(lastPageOf(10, 10)).toBe(1);
    expect(lastPageOf(11, 10)).toBe(2);
    expect(lastPageOf(2500, 10)).toBe(250);
    expect(lastPageOf(2500, 0)).toBe(1);
  });

  it('clamps out-of-range pages to the last page and below 1 to 1', () => {
    expect(clampPage(999, 2500, 10)).toBe(250);
    expect(clampPage(250, 2500, 10)).toBe(250);
    expect(clampPage(0, 2500, 10)).toBe(1);
    expect(clampPage(5, 0, 10)).toBe(1);
    expect(clampPage(3, 23, 10)).toBe(3);
  });

  it('says which rows a page shows', () => {
    expect(rowRange(1, 10, 248)).toEqual({ from: 1, to: 10 });
    expect(rowRange(25, 10, 248)).toEqual({ from: 241, to: 248 });
    expect(rowRange(1, 10, 0)).toEqual({ from: 0, to: 0 });
  });

  it('reads page and size from the URL, falling back on anything odd', () => {
    expect(pageFrom(params('page=4'))).toBe(4);
    for (const odd of ['page=0', 'page=-2', 'page=2.5', 'page=abc', 'page=99999999', ''])
      expect(pageFrom(params(odd))).toBe(1);
    expect(pageSizeFrom(params('page_size=50'), 10)).toBe(50);
    for (const odd of ['page_size=37', 'page_size=1000', 'page_size=x', ''])
      expect(pageSizeFrom(params(odd), 25)).toBe(25);
  });

  it('turns the jump box text into a page within 1..last, or null for non-numbers', () => {
    expect(pageFromInput('7', 10)).toBe(7);
    expect(pageFromInput(' 999 ', 10)).toBe(10);
    expect(pageFromInput('0', 10)).toBe(1);
    for (const bad of ['', 'abc', '-3', '2.5', '1e3']) expect(pageFromInput(bad, 10)).toBeNull();
  });

  it('writes page 1 and the default size as the bare address, and a size change starts at page 1', () => {
    expect(pageParam(1)).toEqual({ page: null });
    expect(pageParam(3)).toEqual({ page: '3' });
    expect(pageSizeParam(10, 10)).toEqual({ page_size: null, page: null });
    expect(pageSizeParam(50, 10)).toEqual({ page_size: '50', page: null });
  });
});
