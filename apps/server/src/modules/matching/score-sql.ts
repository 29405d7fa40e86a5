/**
 * The score of scoring.ts as one PostgreSQL expression over `candidate_match_profiles` (aliased `p`), so the
 * database ranks the whole prefiltered set and returns only the top rows. Every branch mirrors scoring.ts in
 * whole numbers; `score-sql.test.ts` checks the two agree on generated profiles. The past-outcomes factor
 * counts as neutral here (500) and the service applies the real one to the rows it reads.
 */
import { sql, type SQL } from 'drizzle-orm';
import { MATCH_FACTOR_KEYS, type MatchFactorKey } from '@recruitdesk/contracts/matching';
import type { RoleProfile } from './profiles';
import { DAY_MS, PLACED_UNAVAILABLE_DAYS, type ScorePlan } from './scoring';

/** A whole number written into the statement (only numbers this module computed). */
const int = (value: number): SQL => sql.raw(String(Math.trunc(value)));

const textArray = (values: readonly string[]): SQL =>
  sql`${`{${values.map((v) => `"${v.replace(/["\\]/g, '\\$&')}"`).join(',')}}`}::text[]`;

/** How many of `keys` the array column holds. */
function countHeld(column: SQL, keys: readonly string[]): SQL {
  if (!keys.length) return sql`0`;
  return sql.join(
    keys.map((key) => sql`(${column} @> ${textArray([key])})::int`),
    sql` + `,
  );
}

export function dayCountSql(now: Date): SQL {
  return sql`floor((${int(now.getTime())}::float8 - extract(epoch from p.last_activity)::float8 * 1000) / ${int(DAY_MS)})::int`;
}

function fractionSql(key: MatchFactorKey, role: RoleProfile, days: SQL): SQL {
  switch (key) {
    case 'required_skills':
      return sql`(1000 * (${countHeld(
        sql`p.skills`,
        role.required.map((s) => s.key),
      )})) / ${int(role.required.length)}`;
    case 'nice_skills':
      return sql`(1000 * (${countHeld(
        sql`p.skills`,
        role.nice.map((s) => s.key),
      )})) / ${int(role.nice.length)}`;
    case 'title':
      return sql`(1000 * (${countHeld(sql`p.title_tokens`, role.titleTokens)})) / ${int(role.titleTokens.length)}`;
    case 'seniority': {
      const r = role.level;
      return sql`(case when p.level = 0 then 500 when p.level = ${int(r)} then 1000 when p.level = ${int(r + 1)} then 600 when p.level = ${int(r - 1)} then 400 else 0 end)`;
    }
    case 'experience': {
      const m = role.minYears ?? 0;
      return sql`(case when p.years is null then 500 when p.years >= ${int(m)} then 1000 when p.years >= ${int(m - 1)} then 600 when p.years >= ${int(m - 2)} then 300 else 0 end)`;
    }
    case 'salary': {
      const top = role.salaryMaxMinor ?? Math.floor(((role.salaryMinMinor ?? 0) * 13) / 10);
      return sql`(case when p.salary_minor is null or p.salary_currency <> ${role.salaryCurrency} then 500
        when p.salary_minor <= ${int(top)}::bigint then 1000
        when p.salary_minor * 100 <= ${int(top)}::bigint * 110 then 500
        when p.salary_minor * 100 <= ${int(top)}::bigint * 125 then 200 else 0 end)`;
    }
    case 'location': {
      const hybrid = role.remoteType === 'hybrid';
      return sql`(case when cardinality(p.location_tokens) = 0 then 500
        when p.location_tokens @> ${textArray([role.city ?? ''])} then 1000
        when p.location_tokens && ${textArray(role.region)} then ${int(hybrid ? 400 : 300)}
        else ${int(hybrid ? 100 : 0)} end)`;
    }
    case 'availability':
      return sql`(case when p.status = 'active' then 1000 when p.status = 'placed' then (case when ${days} <= ${int(PLACED_UNAVAILABLE_DAYS)} then 0 else 600 end) else 0 end)`;
    case 'recency':
      return sql`(case when ${days} <= 30 then 1000 when ${days} <= 180 then 700 when ${days} <= 365 then 400 when ${days} <= 730 then 200 else 0 end)`;
    case 'outcomes':
      return sql`500`;
  }
}

/** The score in tenths of a point (without past outcomes and feedback), as an integer SQL expression. */
export function scoreSql(role: RoleProfile, plan: ScorePlan, now: Date): SQL {
  const days = dayCountSql(now);
  const parts = MATCH_FACTOR_KEYS.filter((key) => plan.weights[key] > 0).map((key) => {
    const w = plan.weights[key];
    return sql`((2 * ${int(w)} * (${fractionSql(key, role, days)}) + ${int(plan.total)}) / ${int(2 * plan.total)})`;
  });
  return parts.length ? sql`(${sql.join(parts, sql` + `)})` : sql`0`;
}

export { textArray };
