import type { InvoiceDraft, InvoiceKind, InvoiceStatus } from '@recruitdesk/contracts/invoices';
import type { Db } from '../../db/client';
import { isUniqueViolation } from '../../lib/errors';
import { recordActivity } from '../activity/activity.service';
import { requireClientRow, type ClientRow } from '../clients/clients.service';
import { requireRoleRow, type RoleRow } from '../roles/roles.service';
import { getAgencySettings } from '../settings/settings.service';
import { displayName, type UserRow } from '../users/users.service';
import { invoiceError } from './invoice-presenters';
import {
  bpToPercent,
  divideHalfUp,
  formatMoney,
  fromMinor,
  lineAmount,
  parseScaled,
  percentOf,
  percentToBp,
  toMinor,
  totalsOf,
} from '@recruitdesk/money';
import { takeInvoiceNumber } from './invoice-numbers.repository';
import {
  listLiveInstalmentInvoices,
  listLiveInvoicesByPlacement,
  listRolePlacements,
  type PlacementFacts,
} from './invoice-sources.repository';
import { insertInvoiceEvents, insertInvoiceRow, replaceInvoiceLines } from './invoices.repository';
import type { InvoiceRow } from './invoices.table';
import { addDays } from '@recruitdesk/money/dates';

// What an invoice starts from: a placement's finder's fee or a retainer instalment (the prefill the create
// screens show, the automatic drafts and the create calls all use these), and the one insert of an invoice.

export interface LineValues {
  description: string;
  quantityHundredths: number;
  unitMinor: number;
}

/** Largest total accepted: 10^12 minor units (10 billion), far inside exact JS integers. */
const MAX_TOTAL_MINOR = 1_000_000_000_000;

/** A finder's fee percent as text from the role override, the client, or the agency default (no floats). */
async function feePercentOf(db: Db, role: RoleRow, client: ClientRow): Promise<{ percent: string; source: string }> {
  if (role.feePercentOverride !== null) return { percent: role.feePercentOverride, source: "the role's fee override" };
  if (client.findersFeePercent !== null)
    return { percent: client.findersFeePercent, source: `${client.name}'s finder's fee` };
  return {
    percent: String((await getAgencySettings(db)).default_finders_fee_percent),
    source: "the agency's default finder's fee",
  };
}

/** "20.00" → "20", "17.50" → "17.5" (for sentences). */
const trimPercent = (percent: string) => (percent.includes('.') ? percent.replace(/\.?0+$/, '') : percent);

/** A share of an amount by a percent of any number of decimals ("33.333"), half-up to the cent. */
export function shareOf(minor: number, percent: string): number {
  const decimals = percent.includes('.') ? percent.split('.')[1]!.length : 0;
  const scaled = parseScaled(percent, decimals);
  return Number(divideHalfUp(BigInt(minor) * BigInt(scaled), 100n * 10n ** BigInt(decimals)));
}

export interface FeeFacts {
  placement: PlacementFacts;
  lines: LineValues[];
  explanation: string;
}

/** The finder's fee of one placement: salary × fee % (role override, else client, else agency), half-up. */
export async function finderFeeOf(
  db: Db,
  role: RoleRow,
  client: ClientRow,
  placement: PlacementFacts,
): Promise<FeeFacts> {
  const { percent, source } = await feePercentOf(db, role, client);
  const salary = toMinor(placement.salary);
  const fee = percentOf(salary, percentToBp(percent));
  const salaryText = formatMoney(salary, placement.currency);
  return {
    placement,
    lines: [
      {
        description: `Finder's fee: placement of ${placement.candidateName} as ${role.name}, starting ${placement.startDate} (${trimPercent(percent)} % of ${salaryText})`,
        quantityHundredths: 100,
        unitMinor: fee,
      },
    ],
    explanation: `${trimPercent(percent)} % (${source}) of the placed salary ${salaryText} is ${formatMoney(fee, placement.currency)}.`,
  };
}

export interface InstalmentFacts {
  index: number;
  label: string;
  milestone: string;
  percent: string;
  amountMinor: number;
}

/** The client's schedule with each instalment's amount; the last takes the remainder so they add up exactly. */
export function instalmentsOf(client: ClientRow): InstalmentFacts[] {
  if (client.retainerAmount === null) return [];
  const retainer = toMinor(client.retainerAmount);
  const schedule = client.retainerInstalments;
  let given = 0;
  return schedule.map((item, index) => {
    const percent = String(item.percent);
    const last = index === schedule.length - 1;
    const total = schedule.reduce((sum, entry) => sum + Number(entry.percent), 0);
    // The remainder only when the schedule adds up to 100 % (as the client form requires).
    const amountMinor =
      last && Math.abs(total - 100) < 1e-9
        ? retainer - given
        : shareOf(retainer, /^\d+(\.\d+)?$/.test(percent) ? percent : '0');
    given += amountMinor;
    return { index, label: item.label, milestone: item.milestone, percent, amountMinor };
  });
}

export function instalmentLines(client: ClientRow, instalment: InstalmentFacts, count: number): LineValues[] {
  const retainer = toMinor(client.retainerAmount ?? '0');
  return [
    {
      description: `Retainer instalment ${instalment.index + 1} of ${count}: ${instalment.label} (${trimPercent(instalment.percent)} % of ${formatMoney(retainer, client.currency)})`,
      quantityHundredths: 100,
      unitMinor: instalment.amountMinor,
    },
  ];
}

export interface NewInvoice {
  kind: InvoiceKind;
  client: ClientRow;
  roleId: number | null;
  placementId: number | null;
  instalment: number | null;
  creditForId: number | null;
  issueDate: string;
  dueDate: string;
  paymentTermsDays: number;
  taxRateBp: number;
  notes: string;
  lines: LineValues[];
  /** The history's first line, e.g. "Drafted from the placement of Ada Lovelace". */
  detail: string;
  /** Scope of the activity row (decision 029). */
  scope: { clientId: number; roleId: number | null };
}

/**
 * Amount per line and the totals, refusing totals beyond the limit. Every path that prices lines (create,
 * edit, the prefills, the automatic drafts, credit notes) comes here, so a total a number cannot hold exactly
 * (the money kernel's RangeError, e.g. ten lines of 10,000 × the largest amount) is the same 400 as one over
 * the limit, never a 500.
 */
export function priceLines(lines: LineValues[], taxRateBp: number) {
  try {
    const priced = lines.map((line, index) => ({
      ...line,
      position: index + 1,
      amountMinor: lineAmount(line.quantityHundredths, line.unitMinor),
    }));
    const totals = totalsOf(
      priced.map((line) => line.amountMinor),
      taxRateBp,
    );
    if (Math.abs(totals.total) <= MAX_TOTAL_MINOR) return { priced, totals };
  } catch (error) {
    if (!(error instanceof RangeError)) throw error;
  }
  throw invoiceError('TOTAL_TOO_LARGE', 400, 'lines');
}

/**
 * Inserts an invoice with its number, lines, first history line and activity row, inside the caller's
 * transaction. A second live invoice for the same placement, instalment or credited invoice is a 409.
 */
export async function insertInvoice(tx: Db, actor: UserRow | null, now: Date, input: NewInvoice): Promise<InvoiceRow> {
  const { priced, totals } = priceLines(input.lines, input.taxRateBp);
  const number = await takeInvoiceNumber(tx, Number(input.issueDate.slice(0, 4)));
  let row: InvoiceRow;
  try {
    row = await insertInvoiceRow(tx, {
      number: number.number,
      numberYear: number.year,
      numberSeq: number.seq,
      kind: input.kind,
      status: 'draft',
      clientId: input.client.id,
      roleId: input.roleId,
      placementId: input.placementId,
      instalment: input.instalment,
      creditForId: input.creditForId,
      issueDate: input.issueDate,
      dueDate: input.dueDate,
      paymentTermsDays: input.paymentTermsDays,
      currency: input.client.currency,
      taxRateBp: input.taxRateBp,
      subtotalMinor: totals.subtotal,
      taxMinor: totals.tax,
      totalMinor: totals.total,
      balanceMinor: input.kind === 'credit_note' ? 0 : totals.total,
      notes: input.notes,
      createdById: actor?.id ?? null,
      createdAt: now,
      updatedAt: now,
    });
  } catch (error) {
    if (isUniqueViolation(error)) {
      throw invoiceError(
        input.kind === 'credit_note'
          ? 'CREDIT_NOTE_EXISTS'
          : input.kind === 'retainer'
            ? 'INSTALMENT_INVOICED'
            : 'PLACEMENT_INVOICED',
        409,
      );
    }
    throw error;
  }
  await replaceInvoiceLines(tx, row.id, priced);
  await insertInvoiceEvents(tx, [
    {
      invoiceId: row.id,
      kind: 'created',
      detail: input.detail,
      actorId: actor?.id ?? null,
      actorName: actor ? displayName(actor) : 'System',
      createdAt: now,
    },
  ]);
  const what = input.kind === 'credit_note' ? 'credit note' : 'invoice';
  await recordActivity(tx, {
    actor,
    verb: 'created',
    modelType: 'invoice',
    objectId: row.id,
    summary: `Drafted ${what} ${row.number} for ${input.client.name} (${formatMoney(totals.total, input.client.currency)})`,
    scope: input.scope,
    at: now,
  });
  return row;
}

type InvoiceRef = { id: number; number: string; status: InvoiceStatus } | null;

/**
 * What every prefill shows the same way: the client billed, the dates on its payment terms, no tax, and the
 * lines priced with their totals.
 */
function prefillOf(client: ClientRow, issueDate: string, lines: LineValues[]) {
  const { priced, totals } = priceLines(lines, 0);
  return {
    client: { id: client.id, name: client.name, contact_email: client.contactEmail },
    currency: client.currency,
    issue_date: issueDate,
    due_date: addDays(issueDate, client.paymentTermsDays),
    payment_terms_days: client.paymentTermsDays,
    tax_rate: bpToPercent(0),
    lines: priced.map((line) => ({
      description: line.description,
      quantity: fromMinor(line.quantityHundredths),
      unit_amount: fromMinor(line.unitMinor),
      amount: fromMinor(line.amountMinor),
    })),
    subtotal: fromMinor(totals.subtotal),
    tax: fromMinor(totals.tax),
    total: fromMinor(totals.total),
  };
}

/** The finder's fee prefill of a role: its client's terms and the chosen (or first uninvoiced) placement. */
export async function roleDraft(
  db: Db,
  roleId: number,
  pipelineId: number | undefined,
  today: string,
): Promise<{ draft: InvoiceDraft; role: RoleRow; client: ClientRow; fee: FeeFacts | null }> {
  const role = await requireRoleRow(db, roleId);
  const client = await requireClientRow(db, role.clientId);
  if (client.clientType !== 'finders_fee') throw invoiceError('ROLE_NOT_FINDERS_FEE', 409);
  const placements = await listRolePlacements(db, roleId);
  const invoiced = new Map(
    (
      await listLiveInvoicesByPlacement(
        db,
        placements.map((p) => p.placementId),
      )
    ).map((row) => [row.placementId, row]),
  );
  let chosen: PlacementFacts | undefined;
  if (pipelineId !== undefined) {
    chosen = placements.find((p) => p.pipelineId === pipelineId);
    if (!chosen) throw invoiceError('PLACEMENT_NOT_IN_ROLE', 400, 'pipeline_id');
  } else {
    chosen = placements.find((p) => !invoiced.has(p.placementId));
  }
  const fee = chosen ? await finderFeeOf(db, role, client, chosen) : null;
  // Dated today, not on the start date, which may be months ahead (decision 077).
  const issueDate = today;
  const draft: InvoiceDraft = {
    ...prefillOf(client, issueDate, fee?.lines ?? []),
    kind: 'finders_fee',
    role: { id: role.id, name: role.name },
    pipeline_id: chosen?.pipelineId ?? null,
    placement_id: chosen?.placementId ?? null,
    instalment: null,
    explanation: fee
      ? `${fee.explanation} Dated today; ${fee.placement.candidateName} starts on ${fee.placement.startDate}.`
      : 'This role has no placement to invoice yet; add lines by hand.',
    instalments: [],
    placements: placements.map((p) => {
      const invoice = invoiced.get(p.placementId);
      const ref: InvoiceRef = invoice
        ? { id: invoice.id, number: invoice.number, status: invoice.status as InvoiceStatus }
        : null;
      return {
        pipeline_id: p.pipelineId,
        placement_id: p.placementId,
        candidate_name: p.candidateName,
        salary: fromMinor(toMinor(p.salary)),
        start_date: p.startDate,
        invoice: ref,
      };
    }),
  };
  return { draft, role, client, fee };
}

/** The retainer prefill of a client: the chosen (or first uninvoiced) instalment of its schedule. */
export async function clientDraft(
  db: Db,
  clientId: number,
  instalment: number | undefined,
  today: string,
): Promise<{ draft: InvoiceDraft; client: ClientRow; chosen: InstalmentFacts | null; count: number }> {
  const client = await requireClientRow(db, clientId);
  if (client.clientType !== 'retainer') throw invoiceError('CLIENT_NOT_RETAINER', 409);
  const schedule = instalmentsOf(client);
  const invoiced = new Map((await listLiveInstalmentInvoices(db, clientId)).map((row) => [row.instalment, row]));
  let chosen: InstalmentFacts | undefined;
  if (instalment !== undefined) {
    if (client.retainerAmount === null) throw invoiceError('NO_RETAINER_AMOUNT', 400, 'instalment');
    chosen = schedule[instalment];
    if (!chosen) throw invoiceError('INSTALMENT_NOT_FOUND', 400, 'instalment');
  } else {
    chosen = schedule.find((item) => !invoiced.has(item.index));
  }
  const retainerText =
    client.retainerAmount !== null ? formatMoney(toMinor(client.retainerAmount), client.currency) : '';
  const draft: InvoiceDraft = {
    ...prefillOf(client, today, chosen ? instalmentLines(client, chosen, schedule.length) : []),
    kind: 'retainer',
    role: null,
    pipeline_id: null,
    placement_id: null,
    instalment: chosen?.index ?? null,
    explanation: chosen
      ? `Instalment ${chosen.index + 1} of ${schedule.length} (${chosen.label}): ${trimPercent(chosen.percent)} % of the retainer ${retainerText} is ${formatMoney(chosen.amountMinor, client.currency)}.`
      : client.retainerAmount === null
        ? 'This client has no retainer amount yet; add lines by hand.'
        : 'Every instalment of the schedule is invoiced; add lines by hand for anything else.',
    instalments: schedule.map((item) => {
      const invoice = invoiced.get(item.index);
      return {
        index: item.index,
        label: item.label,
        milestone: item.milestone,
        percent: item.percent,
        amount: fromMinor(item.amountMinor),
        invoice: invoice ? { id: invoice.id, number: invoice.number, status: invoice.status as InvoiceStatus } : null,
      };
    }),
    placements: [],
  };
  return { draft, client, chosen: chosen ?? null, count: schedule.length };
}
