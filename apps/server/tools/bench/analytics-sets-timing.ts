/** The analytics benches' timing table: every set (BENCH_SETS narrows them) with each filter, p50 / p95. */
import { performance } from 'node:perf_hooks';
import { ANALYTICS_SETS } from '@recruitdesk/contracts/analytics';
import type { FastifyInstance } from 'fastify';

const RUNS = Number(process.env.BENCH_RUNS ?? 30);
const WARMUP = 3;
const print = (line: string) => void process.stdout.write(`${line}\n`);
export const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;

/** `filters`: a label and the query string it stands for ('' for the default filters). */
export async function printAnalyticsSetTimes(
  app: FastifyInstance,
  sessionToken: string,
  filters: { label: string; query: string }[],
): Promise<void> {
  print('| set | filter | p50 ms | p95 ms |');
  print('|---|---|---|---|');
  const sets = ANALYTICS_SETS.filter(
    (name) => !process.env.BENCH_SETS || process.env.BENCH_SETS.split(',').includes(name),
  );
  for (const filter of filters) {
    for (const set of sets) {
      const times: number[] = [];
      for (let run = 0; run < WARMUP + RUNS; run += 1) {
        const started = performance.now();
        const response = await app.inject({
          method: 'GET',
          url: `/api/analytics/${set}/?${filter.query}`,
          cookies: { sessionid: sessionToken },
        });
        const elapsed = performance.now() - started;
        if (response.statusCode !== 200) throw new Error(`${set}: ${response.statusCode} ${response.body}`);
        if (run >= WARMUP) times.push(elapsed);
      }
      times.sort((a, b) => a - b);
      print(`| ${set} | ${filter.label} | ${percentile(times, 50).toFixed(1)} | ${percentile(times, 95).toFixed(1)} |`);
    }
  }
}
