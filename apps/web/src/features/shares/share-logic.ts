// What the "Share shortlist" dialog starts from and sends (pure: tested without rendering).
import type { CreateSharesInput } from '@recruitdesk/contracts/shares';

export interface ShareablePipeline {
  pipeline_id: number;
  name: string;
  /** The stage's name (`submitted`, ...). */
  stage: string;
}

export interface ShareableContact {
  id: number;
  name: string;
  email: string;
  left_company: boolean;
}

/** Submitted candidates are ticked to begin with (all of them when none is submitted yet). */
export function defaultPipelineIds(pipelines: readonly ShareablePipeline[]): number[] {
  const submitted = pipelines.filter((item) => item.stage === 'submitted');
  return (submitted.length ? submitted : pipelines).map((item) => item.pipeline_id);
}

/** Only contacts with an email who are still at the client can get a link; the hiring manager is ticked. */
export function reachableContacts(contacts: readonly ShareableContact[]): ShareableContact[] {
  return contacts.filter((contact) => contact.email && !contact.left_company);
}

export function defaultContactIds(contacts: readonly ShareableContact[], hiringManagerId?: number | null): number[] {
  const reachable = reachableContacts(contacts);
  if (hiringManagerId && reachable.some((contact) => contact.id === hiringManagerId)) return [hiringManagerId];
  return reachable.length === 1 ? [reachable[0]!.id] : [];
}

export interface ShareForm {
  contactIds: number[];
  pipelineIds: number[];
  pitches: Record<number, string>;
  message: string;
  showSalary: boolean;
  removeContactDetails: boolean;
  expiresInDays: number;
}

/** The request body, candidates in the pipeline's order; an empty choice is the server's to refuse. */
export function shareBody(form: ShareForm, pipelines: readonly ShareablePipeline[]): CreateSharesInput {
  return {
    contact_ids: form.contactIds,
    candidates: pipelines
      .filter((item) => form.pipelineIds.includes(item.pipeline_id))
      .map((item) => ({ pipeline_id: item.pipeline_id, pitch: (form.pitches[item.pipeline_id] ?? '').trim() })),
    message: form.message.trim(),
    show_salary: form.showSalary,
    remove_contact_details: form.removeContactDetails,
    expires_in_days: form.expiresInDays,
  };
}

export const toggled = (ids: readonly number[], id: number, on: boolean): number[] =>
  on ? [...new Set([...ids, id])] : ids.filter((item) => item !== id);
