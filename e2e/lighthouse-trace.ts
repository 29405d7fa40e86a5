// `npm run lighthouse -- --traces`: what the main thread did after the first paint in Lighthouse's own run.
// Lighthouse counts a task as blocking by its observed length × 4 (the simulated CPU slowdown), so every
// task over 12.5 ms here is listed with the trace events that filled it (docs/performance.md, decision 062).

interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  args?: { name?: string; data?: { url?: string; functionName?: string } };
}

const SHOWN = new Set([
  'EvaluateScript',
  'FunctionCall',
  'TimerFire',
  'FireAnimationFrame',
  'RunMicrotasks',
  'Layout',
  'UpdateLayoutTree',
  'Paint',
  'MinorGC',
  'MajorGC',
  'v8.evaluateModule',
  'ScriptCatchup',
]);
const SLOWDOWN = 4;

/** One line per long task after the first contentful paint, and their blocking time at 4×. */
export function longTasksAfterFirstPaint(trace: { traceEvents: TraceEvent[] }): string[] {
  const events = trace.traceEvents;
  const tasksPerThread = new Map<string, number>();
  for (const e of events)
    if (e.name === 'RunTask')
      tasksPerThread.set(`${e.pid}:${e.tid}`, (tasksPerThread.get(`${e.pid}:${e.tid}`) ?? 0) + 1);
  const main = events
    .filter((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain')
    .map((e) => `${e.pid}:${e.tid}`)
    .sort((a, b) => (tasksPerThread.get(b) ?? 0) - (tasksPerThread.get(a) ?? 0))[0];
  const onMain = events.filter((e) => `${e.pid}:${e.tid}` === main && e.ph === 'X');
  const start = events.find((e) => e.name === 'navigationStart')?.ts ?? 0;
  const paint = events.find((e) => e.name === 'firstContentfulPaint')?.ts ?? start;
  const lines: string[] = [];
  let blocking = 0;
  for (const task of onMain.filter((e) => e.name === 'RunTask' && e.ts >= paint && (e.dur ?? 0) * SLOWDOWN > 50_000)) {
    const end = task.ts + (task.dur ?? 0);
    const parts = new Map<string, number>();
    for (const e of onMain) {
      if (e === task || e.ts < task.ts || e.ts + (e.dur ?? 0) > end || !SHOWN.has(e.name)) continue;
      const data = e.args?.data;
      const where = data?.url ? ` ${data.url.split('/').pop()}${data.functionName ? `#${data.functionName}` : ''}` : '';
      parts.set(e.name + where, (parts.get(e.name + where) ?? 0) + (e.dur ?? 0));
    }
    const ms = (task.dur ?? 0) / 1000;
    blocking += ms * SLOWDOWN - 50;
    const top = [...parts]
      .sort((a, b) => b[1] - a[1])
      .slice(0, 4)
      .map(([name, us]) => `${name} ${(us / 1000).toFixed(1)}`);
    lines.push(
      `  at ${((task.ts - start) / 1000).toFixed(0)} ms: ${ms.toFixed(1)} ms (${(ms * SLOWDOWN).toFixed(0)} at 4x): ${top.join(', ')}`,
    );
  }
  lines.push(`  blocking after the first paint, at 4x: ${blocking.toFixed(0)} ms`);
  return lines;
}
