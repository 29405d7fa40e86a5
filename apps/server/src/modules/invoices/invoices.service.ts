import type { Invoice, InvoiceListQuerySchema, InvoiceSummary } from '@recruitdesk/contracts/invoices';
import type { z } from 'zod';
import type { Deps } from '../../lib/deps';
import { assertCan } from '../../lib/permissions';
import { requireClientRow } from '../clients/clients.service';
import { requireRoleRow } from '../roles/roles.service';
import type { UserRow } from '../users/users.service';
import { filtersOf, listInvoiceRows } from './invoice-list.repository';
import { renderPdfOf } from './invoice-pdf';
import { agencyToday, presentInvoice, toSummary } from './invoice-presenters';

// The invoices module's public face (other modules import only this file) and its reads: the list, an
// invoice and its PDF. Owners only (design §3): the permission check opens every call. The other jobs live
// beside it, one file each: invoice-statistics, invoice-create (prefill, create, automatic drafts),
// invoice-changes (edit, delete, void), invoice-send, invoice-payouts and invoice-credit-notes (.service.ts),
// on the shared change core of invoice-change.ts.

export { invoicePath, loadInvoiceCalendarEvents, type InvoiceCalendarEvent } from './invoices.calendar';
/** The money rules, for demo data and benches that build invoices in bulk. */
export { instalmentsOf } from './invoice-drafts';
export { formatInvoiceNumber } from './invoice-numbers.repository';
export { invoiceStatistics } from './invoice-statistics.service';
export {
  createClientInvoice,
  createRoleInvoice,
  draftForPlacement,
  draftForSubmittal,
  getClientInvoiceDraft,
  getRoleInvoiceDraft,
} from './invoice-create.service';
export { deleteInvoice, updateInvoice, voidInvoice } from './invoice-changes.service';
export { sendInvoice } from './invoice-send.service';
export { recordPayout } from './invoice-payouts.service';
export { createCreditNote } from './invoice-credit-notes.service';

const guard = (actor: UserRow) => assertCan(actor, 'invoices.manage');

export async function listInvoices(
  deps: Deps,
  actor: UserRow,
  query: z.output<typeof InvoiceListQuerySchema>,
  scope: { role?: number; client?: number } = {},
): Promise<{ results: InvoiceSummary[]; count: number }> {
  guard(actor);
  const today = agencyToday(deps);
  const { rows, count } = await listInvoiceRows(
    deps.db,
    {
      ...filtersOf(query),
      role: scope.role ?? query.role,
      ...(scope.client !== undefined ? { client: scope.client } : {}),
      status: query.status,
      kind: query.kind,
      overdue: query.overdue,
      search: query.search,
    },
    { today, ordering: query.ordering, limit: query.page_size, offset: (query.page - 1) * query.page_size },
  );
  // An unknown role or client is a 404, not an empty list (checked only when nothing matched).
  if (count === 0 && scope.role !== undefined) await requireRoleRow(deps.db, scope.role);
  if (count === 0 && scope.client !== undefined) await requireClientRow(deps.db, scope.client);
  return { results: rows.map((row) => toSummary(row, today)), count };
}

export async function getInvoice(deps: Deps, actor: UserRow, id: number): Promise<Invoice> {
  guard(actor);
  return presentInvoice(deps.db, id, agencyToday(deps));
}

/** The PDF and its file name. */
export async function invoicePdf(deps: Deps, actor: UserRow, id: number): Promise<{ pdf: Buffer; filename: string }> {
  guard(actor);
  const invoice = await presentInvoice(deps.db, id, agencyToday(deps));
  return { pdf: await renderPdfOf(deps, invoice), filename: `${invoice.number}.pdf` };
}
