import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { C, I, PY, agencyDate, rowsOf, run, type Scope } from './analytics-query';

// The retainer clients and their instalment invoices (the retainer report).

export interface RetainerClientRow {
  id: number;
  name: string;
  signed_on: string;
  currency: string;
  retainer_minor: string | null;
  instalments: { label: string; percent: number; milestone: string }[];
}

export interface RetainerInvoiceRow {
  id: number;
  client_id: number;
  instalment: number | null;
  number: string;
  issue_date: string;
  total_minor: string;
  balance_minor: string;
  paid_on: string | null;
}

/** Retainer clients signed by the period's end (client filter applies; recruiter and family do not: retainers have no role). */
export async function retainerClients(
  db: Db,
  s: Scope,
): Promise<{ clients: RetainerClientRow[]; invoices: RetainerInvoiceRow[] }> {
  const where = sql`c.client_type = 'retainer' and ${agencyDate(s, sql`c.created_at`)} <= ${s.to}::date${s.clientId !== null ? sql` and c.id = ${s.clientId}` : sql``}`;
  const clients = rowsOf<RetainerClientRow>(
    await run(
      db,
      sql`
      select c.id, c.name, ${agencyDate(s, sql`c.created_at`)}::text as signed_on, c.currency,
             round(c.retainer_amount * 100)::bigint::text as retainer_minor, c.retainer_instalments as instalments
      from ${C} c where ${where} order by c.name, c.id
    `,
    ),
  );
  const invoices = rowsOf<RetainerInvoiceRow>(
    await run(
      db,
      sql`
      select i.id, i.client_id, i.instalment, i.number, i.issue_date::text as issue_date, i.total_minor::text as total_minor,
             i.balance_minor::text as balance_minor,
             case when i.status = 'paid' then coalesce((select max(py.date) from ${PY} py where py.invoice_id = i.id)::text, ${agencyDate(s, sql`i.paid_at`)}::text) end as paid_on
      from ${I} i join ${C} c on c.id = i.client_id
      where ${where} and i.kind = 'retainer' and i.status not in ('draft', 'void')
      order by i.issue_date, i.id
    `,
    ),
  );
  return { clients, invoices };
}
