/**
 * One autocannon run and its figures: requests per second, p50/p95/p99 from every response's time (the
 * 'response' event; autocannon's own summary has no p95), errors, timeouts and non-2xx answers by status.
 */
import autocannon, { type AutocannonClient, type AutocannonRequest } from 'autocannon';

export interface RunFigures {
  label: string;
  connections: number;
  seconds: number;
  requests: number;
  perSecond: number;
  p50: number;
  p95: number;
  p99: number;
  errors: number;
  timeouts: number;
  non2xx: number;
  statuses: Record<string, number>;
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? 0;

export async function runLoad(options: {
  label: string;
  url: string;
  connections: number;
  seconds: number;
  requests: AutocannonRequest[];
  setupClient?: (client: AutocannonClient) => void;
}): Promise<RunFigures> {
  const times: number[] = [];
  const statuses: Record<string, number> = {};
  const instance = autocannon({
    url: options.url,
    connections: options.connections,
    duration: options.seconds,
    timeout: 30,
    requests: options.requests,
    setupClient: options.setupClient,
    // The cluster's nginx has a self-signed certificate.
    tlsOptions: { rejectUnauthorized: false },
  });
  instance.on('response', (_client: unknown, statusCode: number, _bytes: number, responseTime: number) => {
    times.push(responseTime);
    statuses[statusCode] = (statuses[statusCode] ?? 0) + 1;
  });
  const result = await instance;
  times.sort((a, b) => a - b);
  return {
    label: options.label,
    connections: options.connections,
    seconds: result.duration,
    requests: times.length,
    perSecond: times.length / result.duration,
    p50: percentile(times, 50),
    p95: percentile(times, 95),
    p99: percentile(times, 99),
    errors: result.errors,
    timeouts: result.timeouts,
    non2xx: result.non2xx,
    statuses,
  };
}

export const figuresHeader = `${'run'.padEnd(44)} ${'conns'.padStart(5)} ${'req/s'.padStart(7)} ${'p50 ms'.padStart(7)} ${'p95 ms'.padStart(7)} ${'p99 ms'.padStart(7)} ${'errors'.padStart(6)} ${'non2xx'.padStart(6)}`;

export function formatFigures(row: RunFigures): string {
  const bad = Object.entries(row.statuses).filter(([status]) => !status.startsWith('2'));
  const note = bad.length ? `  (${bad.map(([status, count]) => `${status}×${count}`).join(', ')})` : '';
  return `${row.label.padEnd(44)} ${String(row.connections).padStart(5)} ${row.perSecond.toFixed(0).padStart(7)} ${row.p50.toFixed(1).padStart(7)} ${row.p95.toFixed(1).padStart(7)} ${row.p99.toFixed(1).padStart(7)} ${String(row.errors + row.timeouts).padStart(6)} ${String(row.non2xx).padStart(6)}${note}`;
}
