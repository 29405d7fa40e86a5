import { z } from 'zod';
import { LEGAL_BASES } from './data-protection-constants';
import { pageQueryShape } from './common';
import { MAX_ID } from './common-constants';

export const CONTACT_ORDERINGS = ['name', '-name', 'client', '-client', 'created_at', '-created_at'] as const;

const text = (max: number) => z.string().trim().max(max, `Use at most ${max} characters.`);
const optionalEmail = z
  .string()
  .trim()
  .max(254, 'Email addresses are at most 254 characters.')
  .pipe(z.union([z.literal(''), z.email({ error: 'Enter a valid email address.' })]));

/** A person at a client (issue 33): hiring managers, the people messages and shortlists go to. */
export const ContactSchema = z.object({
  id: z.number().int(),
  client: z.object({ id: z.number().int(), name: z.string() }),
  first_name: z.string(),
  last_name: z.string(),
  /** First and last name, or the email when both are empty. */
  name: z.string(),
  job_title: z.string(),
  email: z.string(),
  phone: z.string(),
  notes: z.string(),
  left_company: z.boolean(),
  /** Why the agency holds this person's data (issue 34), since when, until when (null: no set end). */
  legal_basis: z.enum(LEGAL_BASES),
  legal_basis_at: z.string().nullable(),
  legal_basis_expires_at: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Contact = z.infer<typeof ContactSchema>;

/** Create and full update (PUT). A contact needs a name or an email. */
export const ContactInputSchema = z
  .object({
    first_name: text(100).default(''),
    last_name: text(100).default(''),
    job_title: text(200).default(''),
    email: optionalEmail.default(''),
    phone: text(50).default(''),
    notes: text(5000).default(''),
    left_company: z.boolean().default(false),
    legal_basis: z.enum(LEGAL_BASES).default('legitimate_interest'),
  })
  .superRefine((value, ctx) => {
    if (!value.first_name && !value.last_name && !value.email) {
      ctx.addIssue({ code: 'custom', path: ['first_name'], message: 'Enter a name or an email address.' });
    }
  });
export type ContactInput = z.input<typeof ContactInputSchema>;
export type ContactInputParsed = z.output<typeof ContactInputSchema>;

/** POST /api/contacts/: the same, with the client it belongs to. */
export const ContactCreateInputSchema = z.intersection(
  ContactInputSchema,
  z.object({
    client_id: z.coerce
      .number({ error: 'Choose a client.' })
      .int()
      .positive('Choose a client.')
      .max(MAX_ID, 'Choose a client.'),
  }),
);
export type ContactCreateInput = z.input<typeof ContactCreateInputSchema>;

export const ContactListQuerySchema = z.object({
  /** Name, email, job title or the client's name contains this (any case). */
  q: z.string().trim().max(200).optional(),
  left_company: z.enum(['true', 'false']).optional(),
  ordering: z.enum(CONTACT_ORDERINGS).default('name'),
  ...pageQueryShape(50),
});
export type ContactListQuery = z.input<typeof ContactListQuerySchema>;

/** GET /api/clients/{id}/contacts/: every contact of the client (a client has a handful). */
export const ClientContactsQuerySchema = z.object({ ...pageQueryShape(100) });

export const ContactListResponseSchema = z.object({
  success: z.literal(true),
  contacts: z.array(ContactSchema),
  count: z.number().int(),
});
export type ContactListResponse = z.infer<typeof ContactListResponseSchema>;

export const ContactResponseSchema = z.object({ success: z.literal(true), contact: ContactSchema });
export type ContactResponse = z.infer<typeof ContactResponseSchema>;

/** The shell search's contacts. */
export const SearchContactSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  job_title: z.string(),
  left_company: z.boolean(),
  client: z.object({ id: z.number().int(), name: z.string() }),
});
export type SearchContact = z.infer<typeof SearchContactSchema>;

export const CONTACT_ERRORS = {
  CONTACT_NOT_FOUND: 'Contact not found.',
  NOT_THE_ROLES_CLIENT: "Choose a contact at the role's client.",
} as const;

/** How a contact is named on screen. */
export function contactDisplayName(contact: { first_name: string; last_name: string; email: string }): string {
  return `${contact.first_name} ${contact.last_name}`.trim() || contact.email || 'Unnamed contact';
}
