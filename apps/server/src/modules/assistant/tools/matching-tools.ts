import { z } from 'zod';
import { listRoleMatches } from '../../matching/matching.service';
import { defineTool, paths } from './tool-helpers';

/** Issue 32: the same ranking as the role's Matches tab, read-only. */
export const roleMatchesTool = defineTool({
  name: 'role_matches',
  description:
    "The best candidates in the whole database for one role, ranked as the role's Matches tab ranks them (score 0-100, the factors that make it up, the skills found and missing, whether already in the pipeline). Use for 'who are the best candidates for the X role?'. `limit` 1-20 (default 10).",
  args: z.object({ role_id: z.number().int().positive(), limit: z.number().int().min(1).max(20).optional() }).strict(),
  async run(ctx, a) {
    const answer = await listRoleMatches(
      ctx.deps,
      ctx.user,
      a.role_id,
      {
        limit: a.limit ?? 10,
        offset: 0,
        include_excluded: false,
      },
      { readOnly: true },
    );
    return {
      role_link: paths.role(a.role_id),
      matches_link: `${paths.role(a.role_id)}/matches`,
      requirements: answer.requirements,
      candidates: answer.results.map((result) => ({
        rank: result.rank,
        name: result.candidate.name,
        title: result.candidate.current_title,
        score: result.score,
        factors: result.factors.map((factor) => `${factor.label}: ${factor.contribution} (${factor.detail})`),
        missing: result.missing,
        in_pipeline: result.in_pipeline,
        link: paths.candidate(result.candidate.id),
      })),
    };
  },
});
