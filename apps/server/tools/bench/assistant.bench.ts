/**
 * `npm run bench:assistant` (root: `npm run bench:assistant`): the built-in analyst's latency on the demo
 * agency (issue 13: p95 ≤ 300 ms). Seeds the demo agency (2,500 candidates, its clients, roles, pipelines,
 * invoices) into a fresh in-memory PGlite as the first start does, then asks a mix of questions as the demo
 * owner — answers, questions back, follow-ups — BENCH_RUNS times each (default 10) after one warm-up round,
 * timing engine.reply() end to end (tools, queries, formatting). Prints p50 / p95 / max per question and overall.
 */
import { performance } from 'node:perf_hooks';
import { DEMO_USERS, seedOnStart } from '../../src/modules/demo/demo.service';
import { getUserByEmail } from '../../src/modules/users/users.service';
import { Conversation, openHarness } from './assistant-harness';

const RUNS = Number(process.env.BENCH_RUNS ?? 10);
const print = (line = '') => void process.stdout.write(`${line}\n`);
const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;

/** Conversations: every turn is timed. */
const SCRIPTS: string[][] = [
  ['How many placements did we make last quarter?', 'and the quarter before?'],
  ['How much did Cascade Cloud Systems pay us this year?'],
  ['What was our revenue this year?', 'invoiced'],
  ['How many placements have we made?', 'last 12 months'],
  ['Show the funnel for this year'],
  ["What's our median time to fill in the last 12 months?"],
  ['What salary gets a data engineer offer accepted?'],
  ['Which roles have stalled?'],
  ['Pipeline of the Senior Backend Engineer role'],
  ['Top clients by placements this year'],
  ['Which recruiter placed the most this year?'],
  ['How many open roles do we have?'],
  ['How much is outstanding?'],
  ['Retainer payouts'],
  ['Tell me about Brightline Analytics'],
  ['How long do candidates spend in the client interview stage this year?'],
  ["What's the weather in Paris?"],
];

async function main() {
  const now = new Date();
  const h = await openHarness(now);
  try {
    const seedStart = performance.now();
    await seedOnStart(h.deps, 'pglite');
    await h.database.analyze();
    print(`Demo agency seeded in ${((performance.now() - seedStart) / 1000).toFixed(1)} s (PGlite, in memory).`);
    const owner = await getUserByEmail(h.database.db, DEMO_USERS[0]!.email);
    if (!owner) throw new Error('The demo owner is missing.');
    const timings = new Map<string, number[]>();
    const kinds = new Map<string, string>();
    for (let run = -1; run < RUNS; run += 1) {
      for (const script of SCRIPTS) {
        const conversation = Conversation.of(h.deps, owner, h.deps.config.agencyTimeZone, now);
        for (const say of script) {
          const started = performance.now();
          const reply = await conversation.say(say);
          const ms = performance.now() - started;
          if (run < 0) {
            kinds.set(say, reply.kind);
            continue;
          }
          timings.set(say, [...(timings.get(say) ?? []), ms]);
        }
      }
    }
    print(`Built-in analyst, demo owner, ${RUNS} runs of ${timings.size} turns after a warm-up round (ms):`);
    print(`${'turn'.padEnd(72)} ${'kind'.padEnd(8)} ${'p50'.padStart(6)} ${'p95'.padStart(6)} ${'max'.padStart(6)}`);
    const all: number[] = [];
    for (const [say, list] of timings) {
      const sorted = [...list].sort((a, b) => a - b);
      all.push(...list);
      print(
        `${say.slice(0, 72).padEnd(72)} ${(kinds.get(say) ?? '').padEnd(8)} ${percentile(sorted, 50).toFixed(0).padStart(6)} ${percentile(sorted, 95).toFixed(0).padStart(6)} ${sorted[sorted.length - 1]!.toFixed(0).padStart(6)}`,
      );
    }
    const sorted = all.sort((a, b) => a - b);
    print(
      `ALL (${sorted.length} replies): p50 ${percentile(sorted, 50).toFixed(0)} ms, p95 ${percentile(sorted, 95).toFixed(0)} ms, max ${sorted[sorted.length - 1]!.toFixed(0)} ms (goal: p95 ≤ 300 ms)`,
    );
  } finally {
    await h.close();
  }
}

await main();
