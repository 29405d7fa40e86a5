/**
 * The in-memory ranking alone, without a database (decision 113): 100,000 generated candidates' profiles
 * in an index, then a role's top 50 (page + headroom kept) and a candidate's roles over 5,000 role profiles.
 * `npx tsx tools/bench/matching-ranking-cpu.ts` (BENCH_MATCH_CANDIDATES, BENCH_RUNS); for a CPU profile:
 * `node --cpu-prof --import tsx tools/bench/matching-ranking-cpu.ts`.
 */
import { performance } from 'node:perf_hooks';
import { DEFAULT_MATCH_WEIGHTS } from '@recruitdesk/contracts/matching';
import { seededRandom } from '../../src/lib/seeded-random';
import { generateCandidates } from '../../src/modules/demo/candidate-generator';
import { EXCLUDED_STATUSES } from '../../src/modules/matching/matching.repository';
import { indexOfProfiles } from '../../src/modules/matching/profile-index';
import { buildCandidateProfile, buildRoleProfile } from '../../src/modules/matching/profiles';
import { topOfRole } from '../../src/modules/matching/ranking';
import { scorePlan } from '../../src/modules/matching/scoring';
import { termsFromNames } from '../../src/modules/matching/skill-terms';

const CANDIDATES = Number(process.env.BENCH_MATCH_CANDIDATES ?? 100_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 40);
const values = generateCandidates(CANDIDATES, { seed: 4000 });
const counts = new Map<string, number>();
for (const value of values) for (const skill of value.skills ?? []) counts.set(skill, (counts.get(skill) ?? 0) + 1);
const common = [...counts].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1)).map(([name]) => name);
const terms = termsFromNames(common);
const profiles = values.map((value, i) =>
  buildCandidateProfile(terms, {
    id: i + 1,
    currentTitle: value.currentTitle ?? '',
    skills: value.skills ?? [],
    resumeText: '',
    yearsExperience: value.yearsExperience ?? null,
    desiredSalary: value.desiredSalary ?? null,
    desiredSalaryCurrency: 'USD',
    location: value.location ?? '',
    status: value.status ?? 'active',
    updatedAt: new Date(),
  }),
);
let started = performance.now();
const index = indexOfProfiles(profiles);
process.stdout.write(`indexed ${CANDIDATES} profiles in ${(performance.now() - started).toFixed(0)} ms\n`);
const random = seededRandom(77);
const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)] as T;
const top60 = common.slice(0, 60);
const times: number[] = [];
let cpu = 0;
let listed = 0;
for (let run = 0; run < RUNS + 5; run += 1) {
  const chosen = new Set<string>();
  while (chosen.size < 5) chosen.add(pick(top60));
  const role = buildRoleProfile(
    terms,
    {
      id: run,
      clientId: 1,
      name: pick(['Senior Software Engineer', 'Data Engineer', 'Backend Developer']),
      location: pick(['Seattle, WA', 'Austin, TX', 'Remote']),
      remoteType: pick(['onsite', 'hybrid', 'remote']),
      salaryMin: null,
      salaryMax: null,
      salaryCurrency: 'USD',
      descriptionText: '',
    },
    [...chosen].map((name, position) => ({ name, description: '', kind: position < 3 ? 'must_have' : 'nice_to_have' })),
  );
  started = performance.now();
  const cpuStart = process.cpuUsage();
  const { count } = topOfRole(
    index,
    { role, plan: scorePlan(role, DEFAULT_MATCH_WEIGHTS, true), now: new Date(), excludedStatuses: EXCLUDED_STATUSES },
    151,
  );
  if (run >= 5) {
    times.push(performance.now() - started);
    const used = process.cpuUsage(cpuStart);
    cpu += (used.user + used.system) / 1000;
    listed += count;
  }
}
times.sort((a, b) => a - b);
const at = (p: number) => times[Math.min(times.length - 1, Math.ceil((p / 100) * times.length) - 1)]?.toFixed(1);
process.stdout.write(
  `role's top 50 (in memory, ~${Math.round(listed / RUNS)} candidates listed): p50 ${at(50)} ms, p95 ${at(95)} ms over ${RUNS} runs; CPU ${(cpu / RUNS).toFixed(1)} ms a ranking\n`,
);
