import { and, asc, eq, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { clientsTable } from '../clients/clients.table';
import { rolesTable } from '../roles/roles.table';
import { usersTable } from '../users/users.table';
import {
  invoiceEventsTable,
  invoiceLinesTable,
  invoicesTable,
  payoutsTable,
  type InvoiceRow,
  type NewInvoiceEventRow,
  type NewInvoiceLineRow,
  type NewInvoiceRow,
  type NewPayoutRow,
} from './invoices.table';

// An invoice's rows: the invoice, its lines, history and payouts, written and read one invoice at a time.
// The numbers live in invoice-numbers.repository.ts, the list in invoice-list.repository.ts, the statistics
// in invoice-statistics.repository.ts, and what a draft starts from in invoice-sources.repository.ts.

export async function insertInvoiceRow(tx: Db, values: NewInvoiceRow): Promise<InvoiceRow> {
  const [row] = await tx.insert(invoicesTable).values(values).returning();
  if (!row) throw new Error('insert returned no row');
  return row;
}

export async function replaceInvoiceLines(
  tx: Db,
  invoiceId: number,
  lines: Omit<NewInvoiceLineRow, 'invoiceId'>[],
): Promise<void> {
  await tx.delete(invoiceLinesTable).where(eq(invoiceLinesTable.invoiceId, invoiceId));
  if (lines.length) await tx.insert(invoiceLinesTable).values(lines.map((line) => ({ ...line, invoiceId })));
}

export async function insertInvoiceEvents(tx: Db, events: NewInvoiceEventRow[]): Promise<void> {
  if (events.length) await tx.insert(invoiceEventsTable).values(events);
}

export async function insertPayoutRow(tx: Db, values: NewPayoutRow) {
  const [row] = await tx.insert(payoutsTable).values(values).returning();
  if (!row) throw new Error('insert returned no row');
  return row;
}

export async function findInvoiceRow(db: Db, id: number): Promise<InvoiceRow | undefined> {
  const [row] = await db.select().from(invoicesTable).where(eq(invoicesTable.id, id)).limit(1);
  return row;
}

/** What an invoice's notes are about: its number, under its client (and role). */
export async function findInvoiceNoteTarget(
  db: Db,
  id: number,
): Promise<{ label: string; scope: { clientId: number; roleId: number | null } } | null> {
  const [row] = await db
    .select({ number: invoicesTable.number, clientId: invoicesTable.clientId, roleId: invoicesTable.roleId })
    .from(invoicesTable)
    .where(eq(invoicesTable.id, id))
    .limit(1);
  return row ? { label: row.number, scope: { clientId: row.clientId, roleId: row.roleId } } : null;
}

/** The row locked for the rest of the transaction (every change of an invoice goes through this). */
export async function lockInvoiceRow(tx: Db, id: number): Promise<InvoiceRow | undefined> {
  const [row] = await tx.select().from(invoicesTable).where(eq(invoicesTable.id, id)).for('update').limit(1);
  return row;
}

export async function updateInvoiceRow(tx: Db, id: number, values: Partial<NewInvoiceRow>): Promise<InvoiceRow> {
  const [row] = await tx.update(invoicesTable).set(values).where(eq(invoicesTable.id, id)).returning();
  if (!row) throw new Error('update returned no row');
  return row;
}

export async function deleteInvoiceRow(tx: Db, id: number): Promise<void> {
  await tx.delete(invoicesTable).where(eq(invoicesTable.id, id));
}

// ---- reads for the detail ----

export const summaryColumns = {
  invoice: invoicesTable,
  clientName: clientsTable.name,
  clientEmail: clientsTable.contactEmail,
  roleName: rolesTable.name,
  creditForNumber: sql<string | null>`(select i2.number from invoices i2 where i2.id = ${invoicesTable.creditForId})`,
};
export type InvoiceListRow = {
  invoice: InvoiceRow;
  clientName: string;
  clientEmail: string;
  roleName: string | null;
  creditForNumber: string | null;
};

/** An invoice with the names the list shows and the client's address lines the bill-to prints. */
export type InvoiceDetailRow = InvoiceListRow & { clientContactName: string; clientLocation: string };

export async function findInvoiceWithNames(db: Db, id: number): Promise<InvoiceDetailRow | undefined> {
  const [row] = await db
    .select({ ...summaryColumns, clientContactName: clientsTable.contactName, clientLocation: clientsTable.location })
    .from(invoicesTable)
    .innerJoin(clientsTable, eq(clientsTable.id, invoicesTable.clientId))
    .leftJoin(rolesTable, eq(rolesTable.id, invoicesTable.roleId))
    .where(eq(invoicesTable.id, id))
    .limit(1);
  return row;
}

export function listInvoiceLines(db: Db, invoiceId: number) {
  return db
    .select()
    .from(invoiceLinesTable)
    .where(eq(invoiceLinesTable.invoiceId, invoiceId))
    .orderBy(asc(invoiceLinesTable.position), asc(invoiceLinesTable.id));
}

export function listInvoicePayouts(db: Db, invoiceId: number) {
  return db
    .select({
      payout: payoutsTable,
      firstName: usersTable.firstName,
      lastName: usersTable.lastName,
      username: usersTable.username,
      email: usersTable.email,
    })
    .from(payoutsTable)
    .leftJoin(usersTable, eq(usersTable.id, payoutsTable.recordedById))
    .where(eq(payoutsTable.invoiceId, invoiceId))
    .orderBy(asc(payoutsTable.date), asc(payoutsTable.id));
}

export function listInvoiceEvents(db: Db, invoiceId: number) {
  return db
    .select()
    .from(invoiceEventsTable)
    .where(eq(invoiceEventsTable.invoiceId, invoiceId))
    .orderBy(asc(invoiceEventsTable.createdAt), asc(invoiceEventsTable.id));
}

export function listCreditNotesOf(db: Db, invoiceId: number) {
  return db
    .select({
      id: invoicesTable.id,
      number: invoicesTable.number,
      status: invoicesTable.status,
      totalMinor: invoicesTable.totalMinor,
    })
    .from(invoicesTable)
    .where(and(eq(invoicesTable.creditForId, invoiceId), eq(invoicesTable.kind, 'credit_note')))
    .orderBy(asc(invoicesTable.id));
}

/** The live (not void) credit note of an invoice, if any. */
export async function findLiveCreditNote(db: Db, invoiceId: number): Promise<InvoiceRow | undefined> {
  const [row] = await db
    .select()
    .from(invoicesTable)
    .where(
      and(
        eq(invoicesTable.creditForId, invoiceId),
        eq(invoicesTable.kind, 'credit_note'),
        ne(invoicesTable.status, 'void'),
      ),
    )
    .limit(1);
  return row;
}
