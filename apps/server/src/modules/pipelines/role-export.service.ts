import {
  PIPELINE_CLOSE_REASON_LABELS,
  PIPELINE_STAGE_LABELS,
  ROLE_EXPORT_COLUMNS,
  ROLE_EXPORT_MONEY_COLUMNS,
  type PipelineCloseReason,
  type PipelineStageName,
} from '@recruitdesk/contracts/pipelines';
import { fromNumeric } from '../../db/sql-helpers';
import type { Deps } from '../../lib/deps';
import { assertCan } from '../../lib/permissions';
import { calendarDateIn, wallClockDate } from '../../lib/time-zone';
import { requireRoleRow } from '../roles/roles.service';
import { moneyVisibleTo } from '../settings/settings.service';
import { displayName, type UserRow } from '../users/users.service';
import { listRoleExportRows } from './role-export.repository';

export const XLSX_CONTENT_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/**
 * Security requirement 17 (formula injection): text goes into shared-string cells (`t="s"`), which a
 * spreadsheet never evaluates, formatted as Text (`@`), so editing such a cell keeps it text too. No
 * apostrophe is prefixed: the value read back is exactly what was typed (a phone `+1 614 555 0199`).
 */
export const TEXT_FORMAT = '@';

/** An ASCII file name part: accents dropped, anything else but letters and digits becomes a dash. */
export function asciiSlug(value: string): string {
  const slug = value
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
    .replace(/-+$/g, '');
  return slug || 'role';
}

const unicodeSlug = (value: string): string =>
  value
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60) || 'role';

/** `attachment; filename="<ascii>"; filename*=UTF-8''<percent-encoded>` (RFC 6266 / 5987). */
export function attachmentDisposition(roleName: string, date: string): string {
  const ascii = `${asciiSlug(roleName)}-candidates-${date}.xlsx`;
  const utf8 = `${unicodeSlug(roleName)}-candidates-${date}.xlsx`;
  const encoded = encodeURIComponent(utf8).replace(
    /['()*!]/g,
    (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}

const dateOnly = (iso: string | null): Date | null => (iso ? new Date(`${iso}T00:00:00Z`) : null);

const MONEY = '#,##0.00';
const DATE = 'yyyy-mm-dd';
/** Column widths and number formats, in ROLE_EXPORT_COLUMNS order. */
const FORMATS: { width: number; numFmt?: string }[] = [
  { width: 28, numFmt: TEXT_FORMAT },
  { width: 32, numFmt: TEXT_FORMAT },
  { width: 18, numFmt: TEXT_FORMAT },
  { width: 28, numFmt: TEXT_FORMAT },
  { width: 24, numFmt: TEXT_FORMAT },
  { width: 18, numFmt: TEXT_FORMAT },
  { width: 9, numFmt: TEXT_FORMAT },
  { width: 22, numFmt: TEXT_FORMAT },
  { width: 12, numFmt: DATE },
  { width: 14, numFmt: DATE },
  { width: 13, numFmt: DATE },
  { width: 15, numFmt: MONEY },
  { width: 16, numFmt: MONEY },
  { width: 12, numFmt: DATE },
  { width: 13, numFmt: MONEY },
  { width: 22, numFmt: TEXT_FORMAT },
];

/** GET /api/roles/{id}/candidates/export/: one row per pipeline, typed cells, a bold frozen header. */
export async function exportRoleCandidates(
  deps: Deps,
  actor: UserRow,
  roleId: number,
): Promise<{ body: Buffer; contentDisposition: string }> {
  assertCan(actor, 'records.read');
  const role = await requireRoleRow(deps.db, roleId);
  const rows = await listRoleExportRows(deps.db, roleId);
  // The fee column only for whoever sees fees (decision 071): the others get the sheet without it.
  const money = await moneyVisibleTo(deps.db, actor);
  const kept = ROLE_EXPORT_COLUMNS.map((_header, index) => index).filter(
    (index) => money || !ROLE_EXPORT_MONEY_COLUMNS.includes(ROLE_EXPORT_COLUMNS[index]!),
  );

  // Loaded on first use: about 25 MB a server holds for nothing until someone exports (decision 048).
  const { default: ExcelJS } = await import('exceljs');
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'RecruitDesk';
  workbook.created = deps.config.now();
  const sheet = workbook.addWorksheet('Candidates', { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = kept.map((index) => ({
    header: ROLE_EXPORT_COLUMNS[index],
    key: `c${index}`,
    width: FORMATS[index]?.width ?? 16,
  }));
  sheet.getRow(1).font = { bold: true };

  for (const row of rows) {
    const { pipeline, candidate, placement } = row;
    // Strings only, never `{formula}` objects: exceljs writes a string as a shared string, not a formula.
    const values: (string | number | Date | null)[] = [
      `${candidate.firstName} ${candidate.lastName}`.trim(),
      candidate.email,
      candidate.phone,
      candidate.currentTitle,
      candidate.currentCompany,
      PIPELINE_STAGE_LABELS[pipeline.stage as PipelineStageName] ?? pipeline.stage,
      pipeline.state === 'open' ? 'Open' : 'Closed',
      pipeline.closeReason
        ? (PIPELINE_CLOSE_REASON_LABELS[pipeline.closeReason as PipelineCloseReason] ?? pipeline.closeReason)
        : null,
      // Instants as the exporting user's wall-clock dates (a spreadsheet date has no zone).
      wallClockDate(pipeline.createdAt, actor.timeZone),
      wallClockDate(pipeline.stageChangedAt, actor.timeZone),
      dateOnly(row.submittedOn),
      fromNumeric(row.proposedSalary),
      fromNumeric(placement?.salary),
      dateOnly(placement?.startDate ?? null),
      fromNumeric(placement?.fee),
      row.recruiter ? displayName(row.recruiter) : null,
    ];
    const added = sheet.addRow(kept.map((index) => values[index] ?? null));
    kept.forEach((index, position) => {
      const numFmt = FORMATS[index]?.numFmt;
      if (numFmt) added.getCell(position + 1).numFmt = numFmt;
    });
  }

  const body = Buffer.from(await workbook.xlsx.writeBuffer());
  const today = calendarDateIn(deps.config.now(), actor.timeZone);
  return { body, contentDisposition: attachmentDisposition(role.name, today) };
}
