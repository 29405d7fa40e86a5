/**
 * `npm run eval:matching`: ranking quality of matching against the labelled set of generate.ts (30 roles × 40
 * candidates, graded 0–3 by written rules, traps included), beside the candidate search's own full-text
 * ranking on the same database (the role's required skills typed into the candidate list's search, its
 * default order). Prints NDCG@10 and MRR (first candidate graded 3) for both; per archetype, the average rank
 * matching gives. Targets (issue 32): NDCG@10 ≥ 0.85 and ≥ 0.10 above full text; exit code 1 below them
 * (EVAL_STRICT=0 to always exit 0). EVAL_VERBOSE=1 prints every role's top 10.
 */
import { CandidateListQuerySchema } from '@recruitdesk/contracts/candidates';
import { insertCandidates, buildCandidate } from '../../src/factories/candidates.factory';
import { insertClient } from '../../src/factories/clients.factory';
import { insertQualifications, insertRole } from '../../src/factories/roles.factory';
import { insertUser } from '../../src/factories/users.factory';
import { listCandidates } from '../../src/modules/candidates/candidates.service';
import { listRoleMatches } from '../../src/modules/matching/matching.service';
import { openHarness } from '../bench/assistant-harness';
import { generate, grade, type EvalCandidate } from './generate';

const print = (line = '') => void process.stdout.write(`${line}\n`);
const NOW = new Date();
const DAY = 86_400_000;

export function ndcgAt(grades: number[], ideal: number[], k: number): number {
  const dcg = (list: number[]) =>
    list.slice(0, k).reduce((sum, g, index) => sum + (2 ** g - 1) / Math.log2(index + 2), 0);
  const best = dcg([...ideal].sort((a, b) => b - a));
  return best === 0 ? 1 : dcg(grades) / best;
}

export function reciprocalRank(grades: number[]): number {
  const top = Math.max(...grades);
  const index = grades.findIndex((g) => g === top && top > 0);
  return index < 0 ? 0 : 1 / (index + 1);
}

/** The judged candidates in the order a ranking gives them, the ones it left out after (in id order). */
function judgedOrder(ranked: number[], judged: Map<number, number>): number[] {
  const seen = new Set<number>();
  const order: number[] = [];
  for (const id of ranked) {
    if (judged.has(id) && !seen.has(id)) {
      seen.add(id);
      order.push(id);
    }
  }
  for (const id of [...judged.keys()].sort((a, b) => a - b)) if (!seen.has(id)) order.push(id);
  return order.map((id) => judged.get(id) as number);
}

async function main(): Promise<void> {
  const { roles, candidates } = generate();
  const harness = await openHarness(NOW);
  const { deps } = harness;
  const db = deps.db;
  try {
    const owner = await insertUser(db, { userType: ['owner'] });
    const client = await insertClient(db, { name: 'Eval client' });
    const rows: Array<{ roleId: number; roleKey: string; candidates: EvalCandidate[] }> = [];
    const info = new Map<string, EvalCandidate>();
    for (const role of roles) {
      const row = await insertRole(db, {
        clientId: client.id,
        name: role.name,
        location: `${role.city.city}, ${role.city.country}`,
        remoteType: role.remoteType,
        salaryMin: String(role.salaryMin),
        salaryMax: String(role.salaryMax),
        salaryCurrency: role.city.currency,
      });
      await insertQualifications(db, [
        ...role.required.map((skill, position) => ({ roleId: row.id, name: skill, kind: 'must_have', position })),
        ...(role.minYears
          ? [{ roleId: row.id, name: `${role.minYears}+ years of experience`, kind: 'must_have', position: 10 }]
          : []),
        ...role.nice.map((skill, index) => ({
          roleId: row.id,
          name: skill,
          kind: 'nice_to_have',
          position: 20 + index,
        })),
      ]);
      const list = candidates.get(role.key) ?? [];
      rows.push({ roleId: row.id, roleKey: role.key, candidates: list });
      await insertCandidates(
        db,
        list.map((c) =>
          buildCandidate({
            firstName: c.firstName,
            lastName: c.lastName,
            email: `${c.lastName.toLowerCase()}@eval.example`,
            currentTitle: c.title,
            currentCompany: 'Somewhere',
            skills: c.listedSkills,
            resumeText: c.resume,
            resumeHasText: true,
            yearsExperience: c.years,
            desiredSalary: String(c.salary),
            desiredSalaryCurrency: c.currency,
            location: `${c.city.city}, ${c.city.country}`,
            status: c.status,
            updatedAt: new Date(NOW.getTime() - c.daysSinceActivity * DAY),
          }),
        ),
      );
      for (const c of list) info.set(c.lastName, c);
    }
    // Ids by last name (unique per generated candidate).
    const idRows = (await db.execute(
      (await import('drizzle-orm')).sql`select id, last_name from candidates`,
    )) as unknown as { rows: Array<{ id: number; last_name: string }> };
    const idOf = new Map(idRows.rows.map((row) => [row.last_name, Number(row.id)]));

    const totals = { matchNdcg: 0, matchMrr: 0, textNdcg: 0, textMrr: 0 };
    const archetypeRanks = new Map<string, number[]>();
    for (const [index, entry] of rows.entries()) {
      const role = roles[index]!;
      const judged = new Map<number, number>();
      const archetypeOf = new Map<number, string>();
      for (const c of entry.candidates) {
        const id = idOf.get(c.lastName) as number;
        judged.set(id, grade(role, c));
        archetypeOf.set(id, c.archetype);
      }
      const ideal = [...judged.values()];
      const matches = await listRoleMatches(deps, owner, entry.roleId, {
        limit: 2000,
        offset: 0,
        include_excluded: false,
      });
      const matchGrades = judgedOrder(
        matches.results.map((r) => r.candidate.id),
        judged,
      );
      const textIds: number[] = [];
      for (let page = 1; page < 50; page += 1) {
        const answer = await listCandidates(
          deps,
          owner,
          CandidateListQuerySchema.parse({ search: role.required.join(' '), page, page_size: 100 }),
        );
        textIds.push(...answer.results.map((r) => r.id));
        if (answer.results.length < 100) break;
      }
      const textGrades = judgedOrder(textIds, judged);
      const m = { ndcg: ndcgAt(matchGrades, ideal, 10), mrr: reciprocalRank(matchGrades) };
      const f = { ndcg: ndcgAt(textGrades, ideal, 10), mrr: reciprocalRank(textGrades) };
      totals.matchNdcg += m.ndcg;
      totals.matchMrr += m.mrr;
      totals.textNdcg += f.ndcg;
      totals.textMrr += f.mrr;
      const rankedJudged = matches.results.map((r) => r.candidate.id).filter((id) => judged.has(id));
      for (const [rank, id] of rankedJudged.entries()) {
        const key = archetypeOf.get(id) as string;
        archetypeRanks.set(key, [...(archetypeRanks.get(key) ?? []), rank + 1]);
      }
      if (process.env.EVAL_VERBOSE === '1' || m.ndcg < 0.8) {
        print(
          `${role.key.padEnd(12)} ${role.name} (${role.remoteType}, ${role.city.city}) NDCG@10 ${m.ndcg.toFixed(3)} vs full text ${f.ndcg.toFixed(3)}; top 10 grades ${matchGrades.slice(0, 10).join('')} (ideal ${[
            ...ideal,
          ]
            .sort((a, b) => b - a)
            .slice(0, 10)
            .join('')})`,
        );
        if (process.env.EVAL_VERBOSE === '1') {
          for (const r of matches.results.filter((x) => judged.has(x.candidate.id)).slice(0, 10)) {
            print(
              `   ${String(judged.get(r.candidate.id))} ${r.score.toFixed(1).padStart(5)} ${archetypeOf.get(r.candidate.id)}`,
            );
          }
        }
      }
    }
    const n = rows.length;
    const result = {
      match: { ndcg: totals.matchNdcg / n, mrr: totals.matchMrr / n },
      text: { ndcg: totals.textNdcg / n, mrr: totals.textMrr / n },
    };
    print(
      `\nMatching evaluation: ${n} roles × 40 candidates (${n * 40} graded), ${idOf.size} candidates in the database`,
    );
    print(`                 NDCG@10   MRR`);
    print(`matching         ${result.match.ndcg.toFixed(3)}     ${result.match.mrr.toFixed(3)}`);
    print(`full-text search ${result.text.ndcg.toFixed(3)}     ${result.text.mrr.toFixed(3)}`);
    print(`\nAverage rank matching gives each kind of candidate (among the role's 40):`);
    for (const [key, ranks] of [...archetypeRanks].sort((a, b) => a[0].localeCompare(b[0]))) {
      print(`  ${key.padEnd(20)} ${(ranks.reduce((s, r) => s + r, 0) / ranks.length).toFixed(1)}`);
    }
    const pass = result.match.ndcg >= 0.85 && result.match.ndcg - result.text.ndcg >= 0.1;
    print(`\nTargets NDCG@10 ≥ 0.85 and ≥ 0.10 above full text: ${pass ? 'met' : 'NOT met'}`);
    if (!pass && process.env.EVAL_STRICT !== '0') process.exitCode = 1;
  } finally {
    await harness.close();
  }
}

await main();
