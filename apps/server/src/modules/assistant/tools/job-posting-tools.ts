import { z } from 'zod';
import { postingPerformance } from '../../job-postings/job-performance.service';
import { defineTool, depsAt, isoDate, recordId } from './tool-helpers';

// The job-posting page's performance figures (issue 14) as a tool: the service the REST API calls, so its
// permission check holds; its answer carries the agency currency already.

export const jobPostingPerformanceTool = defineTool({
  name: 'job_posting_performance',
  description:
    'Job-board (Indeed) posting performance: spend, impressions, clicks, applies, click-through rate, cost per click and per apply, and our own outcomes of the posted roles — applications converted to candidates (qualified), submittals, placements and the cost of each — week by week (weeks start Monday), in total, per role and per client. Money fields end in _minor (cents of `currency`). Without dates: the last 12 weeks.',
  args: z
    .object({
      date_from: isoDate.optional().describe('First week (YYYY-MM-DD, any day of it), inclusive.'),
      date_to: isoDate.optional().describe('Last week (YYYY-MM-DD, any day of it), inclusive.'),
      client_id: recordId.optional().describe('Only the roles of this client (id from find_records).'),
      role_id: recordId.optional().describe('Only this role (id from find_records).'),
    })
    .strict(),
  aggregate: true,
  run: (ctx, a) =>
    postingPerformance(depsAt(ctx), ctx.user, {
      from: a.date_from,
      to: a.date_to,
      client: a.client_id,
      role: a.role_id,
    }),
});
