import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { assertCan } from '../../../lib/permissions';
import { candidatesTable } from '../../candidates/candidates.table';
import { clientsTable } from '../../clients/clients.table';
import { rolesTable } from '../../roles/roles.table';
import { usersTable } from '../../users/users.table';
import type { ToolContext } from '../assistant.types';
import { defineTool, paths } from './tool-helpers';
import { rowsOf } from '../../../db/sql-helpers';

// Records found by fuzzy name: pg_trgm's word similarity of each search phrase to the record's name
// (1 when the phrase is a whole word run of the name: "acme" in "Acme Logistics"), best phrase per record.

export const RECORD_KINDS = ['client', 'role', 'candidate', 'recruiter'] as const;
export type RecordKind = (typeof RECORD_KINDS)[number];

export interface FoundRecord {
  kind: RecordKind;
  id: number;
  name: string;
  /** Client of a role; state of a client or role; title of a candidate. */
  detail: string;
  /** The best phrase's word similarity (0..1), then the share of the name's words it covers. */
  score: number;
  coverage: number;
  phrase: string;
  /** A role's client. */
  parent_id: number | null;
  link: string | null;
}

const args = z
  .object({
    kinds: z.array(z.enum(RECORD_KINDS)).min(1).max(4).describe('Which record kinds to search.'),
    phrases: z
      .array(z.string().trim().min(2).max(120))
      .min(1)
      .max(40)
      .describe('Names or parts of names, e.g. ["acme", "data engineer"].'),
    min_score: z.number().min(0.3).max(1).default(0.6),
    limit: z.number().int().min(1).max(20).default(8),
  })
  .strict();

type Raw = { id: number; name: string; detail: string | null; score: number; phrase: string; parent_id?: number };

const phrasesOf = (list: string[]) =>
  sql`(select distinct lower(p) as p from jsonb_array_elements_text(${JSON.stringify(list)}::jsonb) p)`;

async function search(
  ctx: ToolContext,
  kind: RecordKind,
  phrases: string[],
  minScore: number,
  limit: number,
): Promise<Raw[]> {
  const db = ctx.deps.db;
  const ph = phrasesOf(phrases);
  await db.execute(sql`select set_config('pg_trgm.word_similarity_threshold', ${String(minScore)}, true)`);
  if (kind === 'client') {
    return rowsOf<Raw>(
      await db.execute(sql`
        select distinct on (c.id) c.id, c.name, c.state || ' · ' || c.client_type as detail,
               word_similarity(ph.p, lower(c.name))::float8 as score, ph.p as phrase
        from ${clientsTable} c, ${ph} ph
        where ph.p <% lower(c.name) and c.archived_at is null
        order by c.id, score desc, length(ph.p) desc`),
    )
      .sort((a, b) => b.score - a.score)
      .slice(0, limit);
  }
  if (kind === 'role') {
    return rowsOf<Raw>(
      await db.execute(sql`
        select distinct on (r.id) r.id, r.client_id as parent_id, r.name, c.name || ' · ' || r.state as detail,
               word_similarity(ph.p, lower(r.name))::float8 as score, ph.p as phrase
        from ${rolesTable} r join ${clientsTable} c on c.id = r.client_id, ${ph} ph
        where ph.p <% lower(r.name) and r.archived_at is null
        order by r.id, score desc, length(ph.p) desc`),
    )
      .sort((a, b) => b.score - a.score)
      .slice(0, limit);
  }
  if (kind === 'candidate') {
    return rowsOf<Raw>(
      await db.execute(sql`
        select distinct on (k.id) k.id, k.first_name || ' ' || k.last_name as name, k.current_title as detail,
               word_similarity(ph.p, lower(k.first_name || ' ' || k.last_name))::float8 as score, ph.p as phrase
        from ${candidatesTable} k, ${ph} ph
        where ph.p <% lower(k.first_name || ' ' || k.last_name)
        order by k.id, score desc, length(ph.p) desc`),
    )
      .sort((a, b) => b.score - a.score)
      .slice(0, limit);
  }
  return rowsOf<Raw>(
    await db.execute(sql`
      select distinct on (u.id) u.id, u.first_name || ' ' || u.last_name as name, array_to_string(u.user_type, ', ') as detail,
             word_similarity(ph.p, lower(u.first_name || ' ' || u.last_name))::float8 as score, ph.p as phrase
      from ${usersTable} u, ${ph} ph
      where ph.p <% lower(u.first_name || ' ' || u.last_name) and u.is_active
      order by u.id, score desc, length(ph.p) desc`),
  )
    .sort((a, b) => b.score - a.score)
    .slice(0, limit);
}

const words = (text: string) =>
  text
    .toLowerCase()
    .split(/[^a-z0-9+#]+/)
    .filter(Boolean);

export const findRecordsTool = defineTool({
  name: 'find_records',
  description:
    'Finds clients, roles, candidates or recruiters whose name matches any of the phrases (trigram word similarity, typo-tolerant). Returns id, name, a detail line, the score (0..1) and the app path of each. Use it to turn a name the user wrote into an id before filtering other tools; several close matches mean the name is ambiguous: ask the user.',
  args,
  async run(ctx, a) {
    assertCan(ctx.user, 'records.read');
    const found: FoundRecord[] = [];
    for (const kind of a.kinds) {
      for (const row of await search(ctx, kind, a.phrases, a.min_score, a.limit)) {
        const nameWords = words(row.name);
        const phraseWords = new Set(words(row.phrase));
        const coverage = nameWords.length ? nameWords.filter((w) => phraseWords.has(w)).length / nameWords.length : 0;
        found.push({
          kind,
          id: row.id,
          name: row.name,
          detail: row.detail ?? '',
          score: Math.round(row.score * 1000) / 1000,
          coverage: Math.round(coverage * 1000) / 1000,
          phrase: row.phrase,
          parent_id: row.parent_id ?? null,
          link:
            kind === 'client'
              ? paths.client(row.id)
              : kind === 'role'
                ? paths.role(row.id)
                : kind === 'candidate'
                  ? paths.candidate(row.id)
                  : null,
        });
      }
    }
    return { records: found.sort((x, y) => y.score - x.score || y.coverage - x.coverage) };
  },
});
