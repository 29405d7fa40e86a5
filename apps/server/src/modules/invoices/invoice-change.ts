import type { Invoice } from '@recruitdesk/contracts/invoices';
import type { Db } from '../../db/client';
import { inTransaction } from '../../db/transaction';
import type { Deps } from '../../lib/deps';
import { recordActivity } from '../activity/activity.service';
import { displayName, type UserRow } from '../users/users.service';
import { agencyToday, invoiceNotFound, presentInvoice } from './invoice-presenters';
import { insertInvoiceEvents, lockInvoiceRow } from './invoices.repository';
import type { InvoiceRow } from './invoices.table';

// The shared core of every change to an existing invoice: the row locked in its transaction, then the
// change checks the state, writes, and records a history line and an activity row.

export interface ChangeScope {
  tx: Db;
  now: Date;
  row: InvoiceRow;
  history(kind: string, detail: string): Promise<void>;
  activity(verb: string, summary: string): Promise<void>;
}

export async function changeInvoice<T>(
  deps: Deps,
  actor: UserRow,
  id: number,
  change: (scope: ChangeScope) => Promise<T>,
): Promise<T> {
  return inTransaction(deps.db, async (tx) => {
    const row = await lockInvoiceRow(tx, id);
    if (!row) throw invoiceNotFound();
    const now = deps.config.now();
    return change({
      tx,
      now,
      row,
      history: (kind, detail) =>
        insertInvoiceEvents(tx, [
          { invoiceId: id, kind, detail, actorId: actor.id, actorName: displayName(actor), createdAt: now },
        ]),
      activity: (verb, summary) =>
        recordActivity(tx, {
          actor,
          verb,
          modelType: 'invoice',
          objectId: id,
          summary,
          scope: { clientId: row.clientId, roleId: row.roleId },
          at: now,
        }),
    });
  });
}

/** The invoice as the API answers it after a change. */
export const presentAfterChange = (deps: Deps, id: number): Promise<Invoice> =>
  presentInvoice(deps.db, id, agencyToday(deps));
