import { MAX_ID } from '@recruitdesk/contracts/common';
import { z } from 'zod';
import type { Deps } from '../../../lib/deps';
import { getAgencySettings } from '../../settings/settings.service';
import type { AssistantTool, ToolContext } from '../assistant.types';

/** The services read "now" from the config: tools hand them the context's now (fixed in the evaluation). */
export function depsAt(ctx: ToolContext): Deps {
  return { ...ctx.deps, config: { ...ctx.deps.config, now: () => ctx.now } };
}

export const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'A date as YYYY-MM-DD.');
export const recordId = z.number().int().positive().max(MAX_ID);

/** The period and filters most tools take (inclusive dates, like the analytics sets). */
export const periodFilterShape = {
  date_from: isoDate.describe('First day of the period (YYYY-MM-DD), inclusive.'),
  date_to: isoDate.describe('Last day of the period (YYYY-MM-DD), inclusive.'),
  client_id: recordId.optional().describe('Only this client (id from find_records).'),
  recruiter_id: recordId.optional().describe('Only this recruiter (user id from find_records).'),
  client_type: z.enum(['finders_fee', 'retainer']).optional(),
  role_family: z.string().trim().min(1).max(100).optional().describe('A role family key from role_families.'),
};

export const periodFilterSchema = z
  .object(periodFilterShape)
  .strict()
  .refine((v) => v.date_from <= v.date_to, { message: 'date_from must not be after date_to.', path: ['date_to'] });

export type PeriodFilter = z.infer<typeof periodFilterSchema>;

/** The analytics query of a tool's period filter. */
export const analyticsQuery = (a: PeriodFilter) => ({
  date_from: a.date_from,
  date_to: a.date_to,
  client: a.client_id,
  recruiter: a.recruiter_id,
  client_type: a.client_type,
  role_family: a.role_family,
});

/** Server-built paths of this app's screens. */
export const paths = {
  client: (id: number) => `/clients/${id}`,
  role: (id: number) => `/roles/${id}`,
  candidate: (id: number) => `/candidates/${id}`,
  pipeline: (roleId: number, id: number) => `/roles/${roleId}/pipelines/${id}`,
  user: (id: number) => `/users/${id}`,
};

export const defineTool = <Args extends z.ZodType>(tool: AssistantTool<Args>): AssistantTool =>
  tool as unknown as AssistantTool;

/** The agency's currency (agency settings): the money figures of the analytics sets are in it. */
export async function agencyCurrency(ctx: ToolContext): Promise<string> {
  return (await getAgencySettings(ctx.deps.db)).currency;
}
