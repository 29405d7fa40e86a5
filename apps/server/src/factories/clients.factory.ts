import { randomBytes } from 'node:crypto';
import type { Db } from '../db/client';
import { insertClientRow, insertClientRows } from '../modules/clients/clients.repository';
import type { ClientRow, NewClientRow } from '../modules/clients/clients.table';

let sequence = 0;

/** Plain data for a client row (a finder's fee client unless overridden); unique name unless given. */
export function buildClient(overrides: Partial<NewClientRow> = {}): NewClientRow {
  sequence += 1;
  const retainer = overrides.clientType === 'retainer';
  return {
    name: `Client ${Date.now().toString(36)}${randomBytes(2).toString('hex')}${sequence}`,
    clientType: 'finders_fee',
    state: 'Open',
    industry: 'Technology',
    location: 'Seattle, WA',
    contactName: 'Jordan Price',
    contactEmail: 'jordan.price@example.test',
    contactPhone: '+1 206 555 0100',
    findersFeePercent: retainer ? null : '20',
    guaranteeDays: retainer ? null : 90,
    retainerAmount: retainer ? '30000' : null,
    retainerInstalments: retainer
      ? [
          { label: 'On signing', percent: 50, milestone: 'on_signing' },
          { label: 'On shortlist', percent: 50, milestone: 'on_shortlist' },
        ]
      : [],
    paymentTermsDays: 30,
    currency: 'USD',
    ...overrides,
  };
}

export function insertClient(db: Db, overrides: Partial<NewClientRow> = {}): Promise<ClientRow> {
  return insertClientRow(db, buildClient(overrides));
}

export function insertClients(db: Db, rows: NewClientRow[]): Promise<ClientRow[]> {
  return insertClientRows(db, rows);
}
