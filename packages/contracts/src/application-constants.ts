/** Zod-free: the web imports these at start-up without building the schemas (docs/performance.md); the schema module re-exports them. */

export const APPLICATION_STATUSES = ['new', 'rejected', 'converted'] as const;
export type ApplicationStatus = (typeof APPLICATION_STATUSES)[number];
export const APPLICATION_STATUS_LABELS: Record<ApplicationStatus, string> = {
  new: 'New',
  rejected: 'Rejected',
  converted: 'Converted',
};

export const APPLICATION_SOURCES = ['careers_page', 'indeed', 'other'] as const;
export type ApplicationSource = (typeof APPLICATION_SOURCES)[number];
export const APPLICATION_SOURCE_LABELS: Record<ApplicationSource, string> = {
  careers_page: 'Careers page',
  indeed: 'Indeed',
  other: 'Other',
};
