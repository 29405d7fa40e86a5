import { onPlacementRecorded, onSubmittalRecorded } from '../pipelines/pipelines.service';
import { draftForPlacement, draftForSubmittal } from './invoice-create.service';

/**
 * Start-up (decision 008): what the invoices module tells the modules below it. A placement drafts its
 * finder's fee (or the retainer's on-placement instalment) and a retainer client's first submittal its
 * shortlist instalment, inside the pipeline change's own transaction. Called by invoicesRoutes.
 * (No note target for invoices yet: the notes endpoints are open to every signed-in user, invoices are
 * owner-only; the invoice keeps its own `notes`.)
 */
export function registerInvoiceHooks(): void {
  onPlacementRecorded('invoices', draftForPlacement);
  onSubmittalRecorded('invoices', draftForSubmittal);
}
