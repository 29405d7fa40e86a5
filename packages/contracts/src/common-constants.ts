/** Zod-free: the web imports these at start-up without building the schemas (docs/performance.md); the schema module re-exports them. */

/** Ids are PostgreSQL `integer`s: anything above 2^31 - 1 cannot exist and is bad input (400), not a 500. */
export const MAX_ID = 2_147_483_647;

/** Fixed texts of the file endpoints (signed upload and download links). */
export const FILE_MESSAGES = {
  linkInvalid: 'This link is not valid.',
  linkExpired: 'This link has expired.',
  wrongType: 'The file type does not match the upload link.',
  tooLarge: 'The file is too large.',
  notFound: 'File not found.',
  uploadUsed: 'This upload link has already been used.',
  tooManyUploads: 'You have too many unfinished uploads. Finish one of them or try again later.',
} as const;

/** Page sizes a list offers (decision 028); every list endpoint accepts any size from 1 to MAX_PAGE_SIZE. */
export const PAGE_SIZES = [10, 25, 50, 100] as const;
/** The default page size (spec §9: candidates, 10 a page). */
export const DEFAULT_PAGE_SIZE = 10;
export const MAX_PAGE_SIZE = 100;
/** Beyond this a page number is bad input: the offset would not fit an SQL integer. */
export const MAX_PAGE = 1_000_000;
export const PAGE_MESSAGES = {
  // Grouped by hand: toLocaleString here would start Intl while a page's code loads (a long task in the browser).
  page: `Give a page number from 1 to ${String(MAX_PAGE).replace(/\B(?=(\d{3})+$)/g, ',')}.`,
  pageSize: `Give a page size from 1 to ${MAX_PAGE_SIZE}.`,
} as const;
