import { z } from 'zod';
import { pageQueryShape } from './common';

// The agency's data, whole, to take away (issue 31): `POST /api/exports/`, `GET /api/exports/{id}/`,
// `GET /api/exports/`; an archive comes back in with `POST /api/imports/` kind `agency`
// (docs/import-and-export.md "The agency export").

export const ARCHIVE_JOB_STATES = ['queued', 'running', 'succeeded', 'failed', 'cancelled'] as const;
export const ArchiveJobStateSchema = z.enum(ARCHIVE_JOB_STATES);
export type ArchiveJobState = z.infer<typeof ArchiveJobStateSchema>;

export const ArchiveProgressSchema = z.object({
  done: z.number().int(),
  total: z.number().int().nullable(),
  note: z.string().nullable(),
  eta_seconds: z.number().nullable(),
});
export type ArchiveProgress = z.infer<typeof ArchiveProgressSchema>;

export const AgencyExportSchema = z.object({
  id: z.number().int(),
  state: ArchiveJobStateSchema,
  progress: ArchiveProgressSchema,
  created_at: z.string(),
  created_by: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  finished_at: z.string().nullable(),
  error: z.string().nullable(),
  size_bytes: z.number().int().nullable(),
  summary: z
    .object({
      tables: z.number().int(),
      rows: z.number().int(),
      files: z.number().int(),
      missing_files: z.number().int(),
    })
    .nullable(),
  /** The one-time download (a same-origin path), while the ZIP waits for it; null before, after or when expired. */
  download_url: z.string().nullable(),
  expires_at: z.string().nullable(),
  downloaded_at: z.string().nullable(),
  /** The link's time ran out before anyone downloaded the ZIP. */
  expired: z.boolean(),
});
export type AgencyExport = z.infer<typeof AgencyExportSchema>;

export const AgencyExportResponseSchema = z.object({ success: z.literal(true), export: AgencyExportSchema });
export type AgencyExportResponse = z.infer<typeof AgencyExportResponseSchema>;

export const AgencyExportListQuerySchema = z.object(pageQueryShape(10));
export type AgencyExportListQuery = z.infer<typeof AgencyExportListQuerySchema>;

export const AgencyExportListResponseSchema = z.object({
  success: z.literal(true),
  exports: z.array(AgencyExportSchema),
  count: z.number().int(),
});
export type AgencyExportListResponse = z.infer<typeof AgencyExportListResponseSchema>;

export const ExportTokenParamSchema = z.object({ token: z.string().min(1).max(2048) });

export const AGENCY_ARCHIVE_MESSAGES = {
  exportRunning: 'An export is already being prepared: wait for it to finish.',
  notFound: 'No such export.',
  linkUsed: 'This download link has been used: each export downloads once. Start a new export to download again.',
  linkExpired: 'This download link has expired. Start a new export.',
  linkInvalid: 'This download link is not valid.',
} as const;
