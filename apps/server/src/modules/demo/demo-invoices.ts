import { formatMoney, percentOf, percentToBp, toMinor, totalsOf } from '@recruitdesk/money';
import { asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { insertInvoiceRows } from '../../factories/invoices.factory';
import { candidatesTable } from '../candidates/candidates.table';
import { clientsTable, type ClientRow } from '../clients/clients.table';
import { formatInvoiceNumber, instalmentsOf } from '../invoices/invoices.service';
import {
  invoicesTable,
  type NewInvoiceEventRow,
  type NewInvoiceLineRow,
  type NewInvoiceRow,
  type NewPayoutRow,
} from '../invoices/invoices.table';
import { joinPipelineRoleClient, pipelinesTable, placementsTable } from '../pipelines/pipelines.table';
import { rolesTable } from '../roles/roles.table';
import { displayName, type UserRow } from '../users/users.service';
import { seededRandom } from '../../lib/seeded-random';
import { addDays } from '@recruitdesk/money/dates';

// The demo agency's invoices (issue 11): a finder's fee for every placement, retainer instalments of the
// retainer clients, over the last 12 months, in every state (draft, sent, overdue, partly paid, paid,
// void, a credit note), with their payouts and history. Deterministic: seeded random, dates from `now`.

const DAY = 86_400_000;
const isoDate = (date: Date) => date.toISOString().slice(0, 10);
const at = (iso: string, hour = 10) => new Date(`${iso}T${String(hour).padStart(2, '0')}:00:00Z`);

type DemoInvoice = NewInvoiceRow & {
  lines: Omit<NewInvoiceLineRow, 'invoiceId'>[];
  payouts: Omit<NewPayoutRow, 'invoiceId' | 'clientId' | 'currency' | 'invoiceIssueDate'>[];
  events: Omit<NewInvoiceEventRow, 'invoiceId'>[];
};
type Draft = Omit<DemoInvoice, 'number' | 'numberYear' | 'numberSeq'>;

export async function seedDemoInvoices(
  db: Db,
  options: { owner: UserRow; now: Date; defaultFeePercent: number },
): Promise<number> {
  const random = seededRandom(1111);
  const { owner, now } = options;
  const today = isoDate(now);
  const yearAgo = addDays(today, -365);
  const actor = { actorId: owner.id, actorName: displayName(owner) };
  const drafts: Draft[] = [];
  /** Nothing is written in the future: a draft dated on a start date ahead was written now. */
  const notAfterNow = (when: Date) => (when > now ? now : when);
  const written = (iso: string) => notAfterNow(at(iso, 9));

  /** Status, payouts and history from how long ago the invoice fell due. */
  function settle(
    base: Omit<Draft, 'status' | 'payouts' | 'events' | 'paidMinor' | 'balanceMinor'>,
    allowVoid: boolean,
    /** Still a draft, whatever its date (a placement whose candidate has not started yet). */
    keepDraft = false,
  ): Draft {
    const total = base.totalMinor ?? 0;
    const issue = base.issueDate;
    const due = base.dueDate;
    const events: Draft['events'] = [
      {
        kind: 'created',
        detail:
          base.kind === 'finders_fee'
            ? 'Drafted automatically from the placement'
            : 'Created for the retainer instalment',
        createdAt: written(issue),
        ...actor,
      },
    ];
    if (issue > today || keepDraft)
      return { ...base, status: 'draft', paidMinor: 0, balanceMinor: total, payouts: [], events };
    const pastDue = Math.floor((now.getTime() - at(due, 0).getTime()) / DAY);
    const roll = random();
    const sentAt = notAfterNow(at(addDays(issue, 1)));
    events.push({ kind: 'sent', detail: 'Sent to the client contact', createdAt: sentAt, ...actor });
    const sent = { ...base, sentAt };
    if (pastDue < -20 && roll < 0.25)
      return { ...base, status: 'draft', paidMinor: 0, balanceMinor: total, payouts: [], events: events.slice(0, 1) };
    if (allowVoid && roll > 0.95) {
      const voidedAt = notAfterNow(at(addDays(issue, 5)));
      events.push({ kind: 'voided', detail: 'Raised against the wrong purchase order', createdAt: voidedAt, ...actor });
      return {
        ...sent,
        status: 'void',
        voidReason: 'Raised against the wrong purchase order',
        voidedAt,
        paidMinor: 0,
        balanceMinor: 0,
        payouts: [],
        events,
      };
    }
    const paidShare =
      pastDue > 60
        ? roll < 0.85
          ? 1
          : roll < 0.93
            ? 0.5
            : 0
        : pastDue > 0
          ? roll < 0.45
            ? 1
            : roll < 0.7
              ? 0.4
              : 0
          : roll < 0.3
            ? 1
            : 0;
    const payouts: Draft['payouts'] = [];
    if (paidShare > 0) {
      const latest = pastDue > 0 ? addDays(due, Math.min(pastDue - 1, 20)) : addDays(today, -1);
      const span = Math.max(1, Math.floor((at(latest).getTime() - at(issue).getTime()) / DAY));
      const when = (share: number) => addDays(issue, Math.max(1, Math.floor(span * share)));
      if (paidShare === 1 && random() < 0.3) {
        const first = Math.round(total * 0.4);
        payouts.push({
          date: when(0.4),
          amountMinor: first,
          method: 'bank_transfer',
          reference: `BT-${Math.floor(random() * 90000) + 10000}`,
          recordedById: owner.id,
          createdAt: at(when(0.4), 15),
        });
        payouts.push({
          date: when(0.9),
          amountMinor: total - first,
          method: 'bank_transfer',
          reference: `BT-${Math.floor(random() * 90000) + 10000}`,
          recordedById: owner.id,
          createdAt: at(when(0.9), 15),
        });
      } else {
        const amount = paidShare === 1 ? total : Math.round(total * paidShare);
        const method = random() < 0.85 ? 'bank_transfer' : 'cheque';
        payouts.push({
          date: when(0.8),
          amountMinor: amount,
          method,
          reference: `${method === 'cheque' ? 'CHQ' : 'BT'}-${Math.floor(random() * 90000) + 10000}`,
          recordedById: owner.id,
          createdAt: at(when(0.8), 15),
        });
      }
    }
    const paid = payouts.reduce((sum, payout) => sum + payout.amountMinor, 0);
    for (const payout of payouts) {
      events.push({
        kind: 'payout',
        detail: `${formatMoney(payout.amountMinor, base.currency ?? 'USD')} received on ${payout.date}`,
        createdAt: payout.createdAt ?? at(payout.date),
        ...actor,
      });
    }
    const fullyPaid = paid >= total;
    const lastPayout = payouts.at(-1);
    return {
      ...sent,
      status: fullyPaid ? 'paid' : 'sent',
      paidAt: fullyPaid && lastPayout ? at(lastPayout.date, 15) : null,
      paidMinor: paid,
      balanceMinor: total - paid,
      payouts,
      events,
    };
  }

  // Finder's fees: one per placement of a finder's fee client that started in the last year (or starts soon).
  const finderPlacements = db
    .select({
      placementId: placementsTable.id,
      salary: placementsTable.salary,
      startDate: placementsTable.startDate,
      role: rolesTable,
      client: clientsTable,
      firstName: candidatesTable.firstName,
      lastName: candidatesTable.lastName,
    })
    .from(placementsTable)
    .innerJoin(pipelinesTable, eq(pipelinesTable.id, placementsTable.pipelineId))
    .$dynamic();
  const placements = await joinPipelineRoleClient(finderPlacements)
    .innerJoin(candidatesTable, eq(candidatesTable.id, pipelinesTable.candidateId))
    .where(sql`${placementsTable.startDate} >= ${yearAgo}`)
    .orderBy(asc(placementsTable.startDate), asc(placementsTable.id));
  for (const row of placements) {
    const client = row.client;
    if (client.clientType !== 'finders_fee') continue;
    const percent = row.role.feePercentOverride ?? client.findersFeePercent ?? String(options.defaultFeePercent);
    const salary = toMinor(row.salary);
    const fee = percentOf(salary, percentToBp(percent));
    const taxRateBp = random() < 0.3 ? 825 : 0;
    const totals = totalsOf([fee], taxRateBp);
    const description = `Finder's fee: placement of ${row.firstName} ${row.lastName} as ${row.role.name}, starting ${row.startDate} (${percent.replace(/\.?0+$/, '')} % of ${formatMoney(salary, client.currency)})`;
    // Dated when the placement was recorded, not on a start date ahead (decision 077): today for those,
    // still drafts.
    const issueDate = row.startDate > today ? today : row.startDate;
    drafts.push(
      settle(
        {
          kind: 'finders_fee',
          clientId: client.id,
          roleId: row.role.id,
          placementId: row.placementId,
          issueDate,
          dueDate: addDays(issueDate, client.paymentTermsDays),
          paymentTermsDays: client.paymentTermsDays,
          currency: client.currency,
          taxRateBp,
          subtotalMinor: totals.subtotal,
          taxMinor: totals.tax,
          totalMinor: totals.total,
          createdById: owner.id,
          createdAt: written(issueDate),
          updatedAt: written(issueDate),
          lines: [{ position: 1, description, quantityHundredths: 100, unitMinor: fee, amountMinor: fee }],
        },
        true,
        row.startDate > today,
      ),
    );
  }

  // Retainers: the instalments a client's schedule has reached, spread after its signing.
  const retainers = await db
    .select()
    .from(clientsTable)
    .where(eq(clientsTable.clientType, 'retainer'))
    .orderBy(asc(clientsTable.id));
  for (const client of retainers as ClientRow[]) {
    if (client.state === 'Prospect' || client.retainerAmount === null) continue;
    const schedule = instalmentsOf(client);
    let issue = isoDate(
      new Date(Math.max(client.createdAt.getTime(), new Date(`${yearAgo}T00:00:00Z`).getTime()) + 2 * DAY),
    );
    for (const instalment of schedule) {
      if (issue > today) break;
      const amount = instalment.amountMinor;
      drafts.push(
        settle(
          {
            kind: 'retainer',
            clientId: client.id,
            roleId: null,
            instalment: instalment.index,
            issueDate: issue,
            dueDate: addDays(issue, client.paymentTermsDays),
            paymentTermsDays: client.paymentTermsDays,
            currency: client.currency,
            taxRateBp: 0,
            subtotalMinor: amount,
            taxMinor: 0,
            totalMinor: amount,
            createdById: owner.id,
            createdAt: written(issue),
            updatedAt: written(issue),
            lines: [
              {
                position: 1,
                description: `Retainer instalment ${instalment.index + 1} of ${schedule.length}: ${instalment.label} (${instalment.percent} % of ${formatMoney(toMinor(client.retainerAmount), client.currency)})`,
                quantityHundredths: 100,
                unitMinor: amount,
                amountMinor: amount,
              },
            ],
          },
          false,
        ),
      );
      issue = addDays(issue, 35 + Math.floor(random() * 60));
    }
  }

  // Numbers follow the issue dates within each year.
  drafts.sort((a, b) => (a.issueDate < b.issueDate ? -1 : a.issueDate > b.issueDate ? 1 : 0));
  const seqByYear = new Map<number, number>();
  const rows: DemoInvoice[] = drafts.map((draft) => {
    const year = Number(draft.issueDate.slice(0, 4));
    const seq = (seqByYear.get(year) ?? 0) + 1;
    seqByYear.set(year, seq);
    return { ...draft, number: formatInvoiceNumber(year, seq), numberYear: year, numberSeq: seq };
  });
  const ids = await insertInvoiceRows(db, rows);

  // One credit note: a sent, unpaid finder's fee whose placement ended within its guarantee (half the fee credited).
  const unpaid = rows.findIndex((row) => row.kind === 'finders_fee' && row.status === 'sent' && row.paidMinor === 0);
  const creditIndex =
    unpaid >= 0 ? unpaid : rows.findIndex((row) => row.kind === 'finders_fee' && row.status === 'paid');
  const original = rows[creditIndex];
  if (original && creditIndex >= 0) {
    const issue = addDays(original.issueDate, 40) > today ? today : addDays(original.issueDate, 40);
    const half = -Math.round((original.subtotalMinor ?? 0) / 2);
    const totals = totalsOf([half], original.taxRateBp ?? 0);
    const year = Number(issue.slice(0, 4));
    const seq = (seqByYear.get(year) ?? 0) + 1;
    await insertInvoiceRows(db, [
      {
        number: formatInvoiceNumber(year, seq),
        numberYear: year,
        numberSeq: seq,
        kind: 'credit_note',
        status: 'sent',
        clientId: original.clientId,
        roleId: original.roleId,
        placementId: original.placementId,
        creditForId: ids[creditIndex]!,
        issueDate: issue,
        dueDate: issue,
        paymentTermsDays: 0,
        currency: original.currency,
        taxRateBp: original.taxRateBp,
        subtotalMinor: totals.subtotal,
        taxMinor: totals.tax,
        totalMinor: totals.total,
        balanceMinor: 0,
        notes: 'The placement ended within the guarantee period; half of the fee is credited.',
        creditedMinor: 0,
        sentAt: at(issue, 11),
        createdById: owner.id,
        createdAt: at(issue, 9),
        updatedAt: at(issue, 11),
        lines: [
          {
            position: 1,
            description: `Credit for ${original.number}: placement ended within the guarantee`,
            quantityHundredths: 100,
            unitMinor: half,
            amountMinor: half,
          },
        ],
        payouts: [],
        events: [
          { kind: 'created', detail: `Credit note for ${original.number}`, createdAt: at(issue, 9), ...actor },
          { kind: 'sent', detail: 'Sent to the client contact', createdAt: at(issue, 11), ...actor },
        ],
      },
    ]);
    // The credited amount on the (paid) original: its balance becomes the refund owed (negative).
    const balanceMinor = (original.totalMinor ?? 0) - (original.paidMinor ?? 0) + totals.total;
    await db
      .update(invoicesTable)
      .set({
        creditedMinor: -totals.total,
        balanceMinor,
        ...(balanceMinor <= 0 ? { status: 'paid', paidAt: at(issue, 11) } : {}),
      })
      .where(eq(invoicesTable.id, ids[creditIndex]!));
  }
  return rows.length + (original ? 1 : 0);
}
