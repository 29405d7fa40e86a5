import { z } from 'zod';
import { attentionList } from '../../analytics/attention.service';
import { invoiceStatistics } from '../../invoices/invoices.service';
import { defineTool, depsAt } from './tool-helpers';

export const needsAttentionTool = defineTool({
  name: 'needs_attention',
  description:
    'The dashboard\'s "Needs attention" list: stalled pipelines (no stage change in 5 days), open roles without a submittal in 7 days, guarantees ending within 30 days, interviews tomorrow, and (owners) overdue invoices. An owner sees everyone\'s items, others their own.',
  args: z.object({ kinds: z.array(z.string().max(40)).max(6).optional().describe('Only these kinds.') }).strict(),
  async run(ctx, a) {
    const list = await attentionList(depsAt(ctx), ctx.user);
    const items = a.kinds ? list.items.filter((item) => a.kinds!.includes(item.kind)) : list.items;
    return { everyone: list.everyone, items, count: a.kinds ? items.length : list.count };
  },
});

export const invoiceBalancesTool = defineTool({
  name: 'invoice_balances',
  description:
    'Owners only: invoiced, collected, outstanding and overdue amounts (with aging buckets and counts by status) over invoices issued in the period (or all), optionally for one client.',
  args: z
    .object({
      client_id: z.number().int().positive().max(2_147_483_647).optional(),
      date_from: z
        .string()
        .regex(/^\d{4}-\d{2}-\d{2}$/)
        .optional(),
      date_to: z
        .string()
        .regex(/^\d{4}-\d{2}-\d{2}$/)
        .optional(),
    })
    .strict(),
  aggregate: true,
  run: (ctx, a) =>
    invoiceStatistics(depsAt(ctx), ctx.user, { client: a.client_id, date_from: a.date_from, date_to: a.date_to }),
});
