import { mainContactOfClient } from '../clients/clients.service';
import { applyClientContactFields } from './contacts.service';

/** Start-up (decision 008): what the contacts module tells the modules below it. Called by contactsRoutes. */
export function registerContactHooks(): void {
  mainContactOfClient.provide(applyClientContactFields);
}
