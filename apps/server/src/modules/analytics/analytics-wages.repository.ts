import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { C, P, PL, R, agencyDate, fromTs, pipelineWhere, rowsOf, run, toEndTs, type Scope } from './analytics-query';

// Placed salaries against the posted ranges, and the answered offers the optimal range is drawn from.

export interface PlacementWageRow {
  placement_id: number;
  pipeline_id: number;
  role_id: number;
  role_name: string;
  location: string;
  client_id: number;
  client_name: string;
  placed_on: string;
  currency: string;
  salary: string;
  salary_min: string | null;
  salary_max: string | null;
}

/** Placements recorded in the period with their role's posted range. Salaries as numeric text. */
export async function placedWages(db: Db, s: Scope): Promise<PlacementWageRow[]> {
  return rowsOf<PlacementWageRow>(
    await run(
      db,
      sql`
      select pl.id as placement_id, p.id as pipeline_id, r.id as role_id, r.name as role_name, r.location, c.id as client_id, c.name as client_name,
             ${agencyDate(s, sql`pl.created_at`)}::text as placed_on, pl.currency, pl.salary::text as salary,
             r.salary_min::text as salary_min, r.salary_max::text as salary_max
      from ${PL} pl join ${P} p on p.id = pl.pipeline_id join ${R} r on r.id = p.role_id join ${C} c on c.id = r.client_id
      where ${pipelineWhere(s)} and pl.created_at >= ${fromTs(s)} and pl.created_at < ${toEndTs(s)}
      order by pl.created_at desc, pl.id desc
    `,
    ),
  );
}

export interface OfferRow {
  role_name: string;
  location: string;
  currency: string;
  salary: string;
  answer: string;
}

/** Answered offers with an amount, made in the period. */
export async function answeredOffers(db: Db, s: Scope): Promise<OfferRow[]> {
  return rowsOf<OfferRow>(
    await run(
      db,
      sql`
      select r.name as role_name, r.location, coalesce(p.offer_currency, r.salary_currency) as currency, p.offered_salary::text as salary, p.offer_answer as answer
      from ${P} p join ${R} r on r.id = p.role_id join ${C} c on c.id = r.client_id
      where ${pipelineWhere(s)} and p.offer_answer is not null and p.offered_salary is not null
        and p.offered_at >= ${fromTs(s)} and p.offered_at < ${toEndTs(s)}
    `,
    ),
  );
}
