import type {
  CreateClientInvoiceInputSchema,
  CreateRoleInvoiceInputSchema,
  Invoice,
  InvoiceDraft,
} from '@recruitdesk/contracts/invoices';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import type { InvoiceRow } from './invoices.table';
import { inTransaction } from '../../db/transaction';
import type { Deps } from '../../lib/deps';
import { assertCan } from '../../lib/permissions';
import { requireClientRow } from '../clients/clients.service';
import type { PipelineMilestone, PlacementMilestone } from '../pipelines/pipelines.service';
import { requireRoleRow } from '../roles/roles.service';
import type { UserRow } from '../users/users.service';
import {
  clientDraft,
  finderFeeOf,
  insertInvoice,
  instalmentLines,
  instalmentsOf,
  roleDraft,
  type LineValues,
  type NewInvoice,
} from './invoice-drafts';
import { agencyDay, agencyToday, invoiceError, presentInvoice } from './invoice-presenters';
import { percentToBp, quantityToHundredths, toMinor } from '@recruitdesk/money';
import {
  countClientSubmittals,
  findPlacementFacts,
  listLiveInstalmentInvoices,
  listLiveInvoicesByPlacement,
} from './invoice-sources.repository';
import { addDays } from '@recruitdesk/money/dates';

// Creating invoices: the create screens' prefill, the owner's create calls and the automatic drafts a
// placement or a retainer milestone makes (run inside the milestone's transaction, decision 008).

/** Lines as the contract parsed them (decimal strings) → integer units. */
export const linesFromInput = (lines: { description: string; quantity: string; unit_amount: string }[]): LineValues[] =>
  lines.map((line) => ({
    description: line.description,
    quantityHundredths: quantityToHundredths(line.quantity),
    unitMinor: toMinor(line.unit_amount),
  }));

export async function getRoleInvoiceDraft(
  deps: Deps,
  actor: UserRow,
  roleId: number,
  pipelineId: number | undefined,
): Promise<InvoiceDraft> {
  assertCan(actor, 'invoices.manage');
  return (await roleDraft(deps.db, roleId, pipelineId, agencyToday(deps))).draft;
}

export async function getClientInvoiceDraft(
  deps: Deps,
  actor: UserRow,
  clientId: number,
  instalment: number | undefined,
): Promise<InvoiceDraft> {
  assertCan(actor, 'invoices.manage');
  return (await clientDraft(deps.db, clientId, instalment, agencyToday(deps))).draft;
}

/**
 * Inserts an invoice to a client on the client's payment terms: due that many days after its issue date
 * unless a due date is given.
 */
function insertOnClientTerms(
  tx: Db,
  actor: UserRow | null,
  now: Date,
  invoice: Omit<NewInvoice, 'creditForId' | 'dueDate' | 'paymentTermsDays'> & { dueDate?: string },
): Promise<InvoiceRow> {
  const { client, issueDate } = invoice;
  return insertInvoice(tx, actor, now, {
    ...invoice,
    creditForId: null,
    dueDate: invoice.dueDate ?? addDays(issueDate, client.paymentTermsDays),
    paymentTermsDays: client.paymentTermsDays,
  });
}

/** What the owner's create call sets on any invoice: its dates, tax rate and notes. */
const ownerChoices = (
  input: Pick<z.output<typeof CreateRoleInvoiceInputSchema>, 'issue_date' | 'due_date' | 'tax_rate' | 'notes'>,
  today: string,
) => ({
  issueDate: input.issue_date ?? today,
  dueDate: input.due_date,
  taxRateBp: percentToBp(input.tax_rate ?? '0'),
  notes: input.notes,
});

/** An owner's create call: the write in one transaction, then the invoice as it is now (dated in the agency's zone). */
async function createInvoice(
  deps: Deps,
  actor: UserRow,
  write: (tx: Db, now: Date, today: string) => Promise<number>,
): Promise<Invoice> {
  assertCan(actor, 'invoices.manage');
  const now = deps.config.now();
  const today = agencyDay(now, deps.config.agencyTimeZone);
  const id = await inTransaction(deps.db, (tx) => write(tx, now, today));
  return presentInvoice(deps.db, id, today);
}

/** POST /api/roles/{id}/invoices/: a finder's fee, prefilled from the placement when lines are omitted. */
export async function createRoleInvoice(
  deps: Deps,
  actor: UserRow,
  roleId: number,
  input: z.output<typeof CreateRoleInvoiceInputSchema>,
): Promise<Invoice> {
  return createInvoice(deps, actor, async (tx, now, today) => {
    const { draft, role, client, fee } = await roleDraft(tx, roleId, input.pipeline_id, today);
    // The placement is billed when named, or when its prefilled lines are used.
    const billsPlacement = input.pipeline_id !== undefined || input.lines === undefined;
    if (billsPlacement && draft.placement_id !== null) {
      const existing = await listLiveInvoicesByPlacement(tx, [draft.placement_id]);
      if (existing.length) throw invoiceError('PLACEMENT_INVOICED', 409);
    }
    if (input.lines === undefined && !fee) throw invoiceError('NO_PLACEMENT', 400, 'lines');
    const row = await insertOnClientTerms(tx, actor, now, {
      ...ownerChoices(input, today),
      kind: 'finders_fee',
      client,
      roleId: role.id,
      placementId: billsPlacement ? draft.placement_id : null,
      instalment: null,
      lines: input.lines ? linesFromInput(input.lines) : fee!.lines,
      detail:
        billsPlacement && fee ? `Created from the placement of ${fee.placement.candidateName}` : 'Created by hand',
      scope: { clientId: client.id, roleId: role.id },
    });
    return row.id;
  });
}

/** POST /api/clients/{id}/invoices/: a retainer invoice, prefilled from the instalment when lines are omitted. */
export async function createClientInvoice(
  deps: Deps,
  actor: UserRow,
  clientId: number,
  input: z.output<typeof CreateClientInvoiceInputSchema>,
): Promise<Invoice> {
  return createInvoice(deps, actor, async (tx, now, today) => {
    const { client, chosen, count } = await clientDraft(tx, clientId, input.instalment, today);
    if (input.instalment !== undefined && chosen) {
      const existing = await listLiveInstalmentInvoices(tx, clientId);
      if (existing.some((row) => row.instalment === chosen.index)) throw invoiceError('INSTALMENT_INVOICED', 409);
    }
    const row = await insertOnClientTerms(tx, actor, now, {
      ...ownerChoices(input, today),
      kind: 'retainer',
      client,
      roleId: null,
      placementId: null,
      instalment: input.instalment !== undefined && chosen ? chosen.index : null,
      lines: input.lines ? linesFromInput(input.lines) : instalmentLines(client, chosen!, count),
      detail:
        chosen && input.instalment !== undefined
          ? `Created for retainer instalment ${chosen.index + 1} (${chosen.label})`
          : 'Created by hand',
      scope: { clientId: client.id, roleId: null },
    });
    return row.id;
  });
}

// ---- automatic drafts (start-up hooks on the pipelines module) ----

/** An automatic draft is dated on the day of its milestone in the agency's zone, without tax or notes. */
const automaticChoices = (event: PipelineMilestone, zone: string) => ({
  issueDate: agencyDay(event.now, zone),
  taxRateBp: 0,
  notes: '',
});

/** Drafts the first uninvoiced instalment of a milestone, if the client is on a retainer with an amount. */
async function draftInstalment(
  tx: Db,
  event: PipelineMilestone,
  zone: string,
  milestone: 'on_shortlist' | 'on_placement',
  reason: string,
): Promise<void> {
  const client = await requireClientRow(tx, event.clientId);
  if (client.clientType !== 'retainer' || client.retainerAmount === null) return;
  const schedule = instalmentsOf(client);
  const invoiced = new Set((await listLiveInstalmentInvoices(tx, client.id)).map((row) => row.instalment));
  const due = schedule.find((item) => item.milestone === milestone && !invoiced.has(item.index));
  if (!due) return;
  await insertOnClientTerms(tx, event.actor, event.now, {
    ...automaticChoices(event, zone),
    kind: 'retainer',
    client,
    roleId: null,
    placementId: null,
    instalment: due.index,
    lines: instalmentLines(client, due, schedule.length),
    detail: `Drafted automatically: ${reason} reached instalment ${due.index + 1} (${due.label})`,
    scope: { clientId: client.id, roleId: event.roleId },
  });
}

/**
 * A placement: a finder's fee client gets the placement's invoice, dated on the day the placement is recorded
 * in the agency's zone (`zone`), not on the start date, which may be months ahead (decision 077); a retainer
 * client gets its on-placement instalment.
 */
export async function draftForPlacement(event: PlacementMilestone, zone: string): Promise<void> {
  const { tx } = event;
  const client = await requireClientRow(tx, event.clientId);
  if (client.clientType === 'retainer') return draftInstalment(tx, event, zone, 'on_placement', 'a placement');
  const role = await requireRoleRow(tx, event.roleId);
  const placement = await findPlacementFacts(tx, event.placementId);
  if (!placement) return;
  if ((await listLiveInvoicesByPlacement(tx, [placement.placementId])).length) return;
  const fee = await finderFeeOf(tx, role, client, placement);
  await insertOnClientTerms(tx, event.actor, event.now, {
    ...automaticChoices(event, zone),
    kind: 'finders_fee',
    client,
    roleId: role.id,
    placementId: placement.placementId,
    instalment: null,
    lines: fee.lines,
    detail: `Drafted automatically from the placement of ${placement.candidateName}, dated on the day it was recorded (the candidate starts on ${placement.startDate}).`,
    scope: { clientId: client.id, roleId: role.id },
  });
}

/** The client's first submittal is the shortlist milestone of a retainer. */
export async function draftForSubmittal(event: PipelineMilestone, zone: string): Promise<void> {
  if ((await countClientSubmittals(event.tx, event.clientId)) !== 1) return;
  await draftInstalment(event.tx, event, zone, 'on_shortlist', 'the first submittal (shortlist)');
}
