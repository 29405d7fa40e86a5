import { registerNoteTarget } from '../notes/notes.service';
import { registerErasureStep } from '../personal-data/personal-data.service';
import { onPlacementRecorded, onSubmittalRecorded } from '../pipelines/pipelines.service';
import { draftForPlacement, draftForSubmittal } from './invoice-create.service';
import { scrubInvoicesOf } from './invoice-erasure';
import { findInvoiceNoteTarget } from './invoices.repository';

/**
 * Start-up (decision 008): what the invoices module tells the modules below it. A placement drafts its
 * finder's fee (or the retainer's on-placement instalment) and a retainer client's first submittal its
 * shortlist instalment, inside the pipeline change's own transaction. Invoices take internal notes on the
 * shared notes thread, owner-only like the invoices (the invoice's own `notes` are printed on it).
 * Called by invoicesRoutes, with the agency's time zone the drafts are dated in (decision 077).
 */
export function registerInvoiceHooks(agencyTimeZone: string): void {
  onPlacementRecorded('invoices', (event) => draftForPlacement(event, agencyTimeZone));
  onSubmittalRecorded('invoices', (event) => draftForSubmittal(event, agencyTimeZone));
  registerNoteTarget('invoice', findInvoiceNoteTarget, { read: 'invoices.manage', write: 'invoices.manage' });
  // Erasure (issue 34): the erased person's name leaves the invoices' text; amounts, dates, client and role stay.
  registerErasureStep('invoices', ['invoices', 'invoice_lines', 'invoice_events'], scrubInvoicesOf);
}
