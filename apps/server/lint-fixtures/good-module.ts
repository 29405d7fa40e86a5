// Linted as apps/server/src/modules/roles/fixture.ts: an earlier module's service and table, the platform.
import { getClient } from '../clients/clients.service';
import { clientsTable } from '../clients/clients.table';
import { AppError } from '../../lib/errors';
import { getRole } from './roles.service';

export const fixture = [getClient, clientsTable, AppError, getRole];
