// Linted as apps/server/src/modules/roles/fixture.ts: another module's repository, spelled two ways.
import { findClientRow } from '../clients/clients.repository';
import { lockClientRow } from '../roles/../clients/clients.repository';

export const fixture = [findClientRow, lockClientRow];
