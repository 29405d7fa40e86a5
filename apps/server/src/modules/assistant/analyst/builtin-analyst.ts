// Over 400 lines: the built-in analyst's one flow (understand, ask back, call the tools, answer), whose steps share the question's slots.
import { PIPELINE_STAGE_LABELS, type PipelineStageName } from '@recruitdesk/contracts/pipeline-summary';
import type {
  AssistantEngine,
  AssistantTool,
  ChatTurn,
  EngineInput,
  EngineReply,
  ToolContext,
} from '../assistant.types';
import { moneyVisibleTo } from '../../settings/settings.service';
import type { FoundRecord, RecordKind } from '../tools/find-records';
import { runTool } from '../tools/run-tool';
import { allTime, answer, lookupAnswer, OWNERS_ONLY, type Call } from './answers';
import { EXAMPLE_QUESTIONS, FOLLOW_UP_CUES, METRICS, type MetricKey } from './lexicon';
import { esc } from './markdown';
import { agencyToday, parsePeriod, periodFromDates, relativePeriod, type Period } from './periods';
import { emptySlots, kindsFor, MIN_SCORE, read, resolveRecords, type Reading, type Slots } from './understand';

// The built-in analyst (issue 13): no key, no network. It reads the question (period grammar, rule-scored
// metrics, fuzzy names), asks when a name, a period or a metric is ambiguous (the `pending` it returns holds
// the question so the answer resumes it), calls the read-only tools and answers from templates. Text from
// records only ever appears escaped inside answers: it is data, never instructions.

type Ask = 'metric' | 'period' | RecordKind;

interface Option {
  label: string;
  /** A metric key, a period, or a record id. */
  value: string | number | Period;
}

interface Pending {
  v: 1;
  engine: 'builtin';
  slots: Slots;
  ask: Ask;
  options: Option[];
  question: string;
}

const PERIOD_OPTIONS = [
  'This month',
  'Last month',
  'This quarter',
  'Last quarter',
  'This year',
  'Last 12 months',
  'All time',
];

const isPending = (value: unknown): value is Pending =>
  typeof value === 'object' &&
  value !== null &&
  (value as Pending).v === 1 &&
  (value as Pending).engine === 'builtin' &&
  typeof (value as Pending).slots === 'object';

/** Writes and commands the analyst refuses (it only reads). */
const WRITE_REQUEST =
  /^(?:please |can you |could you |go (?:and )?)?(?:delete|remove|erase|wipe|drop|update|change|edit|modify|rename|create|add|insert|send|email|e-mail|archive|close|reopen|move|assign|mark|set|cancel|schedule|book|invite)\b|\b(?:delete|remove|erase|wipe|drop) (?:all|every|the|this|that|these|those|my|our)\b|\bignore (?:all |any )?(?:previous|prior|above|earlier) instructions\b/;

/** Not about the agency's recorded data: forecasts, writing, general knowledge. */
const OUT_OF_SCOPE =
  /\b(?:predict|prediction|forecast|projections?|next (?:year|quarter|month|week)|will we|what will|will (?:\w+ ){0,3}be\b|going to (?:make|earn|place)|write|draft|compose|translate|summari[sz]e|poem|joke|weather|capital of|recipe|advice|advise|recommend|should (?:i|we) (?:hire|fire|pay))\b/;

function cannotAnswer(text: string): string {
  return [text, '', 'Questions I can answer, for example:', ...EXAMPLE_QUESTIONS.map((q) => `- ${q}`)].join('\n');
}

/** A message that does not say what it asks about (issue 29 item d): never answered from the last answer. */
const NOT_UNDERSTOOD =
  "I didn't understand that question, so I can't answer it yet. Name what to count or measure (placements, revenue, open roles, the funnel, time to fill, salaries), and a period or a name if it matters.";

/** A greeting or thanks on its own (issue 29 item 9): greeted back, with what can be asked. */
const GREETING =
  /^(?:(?:hi|hello|hey|hiya|howdy|greetings|good (?:morning|afternoon|evening|day)|morning|yo)(?: there| again| team| assistant| everyone)?|(?:thanks|thank you|thx|cheers|ta)(?: (?:very|so) much| a lot| again)?)[\s!.,]*(?:how (?:are|r) (?:you|u)(?: doing)?(?: today)?)?[\s!.?]*$/;

function greeting(text: string): string {
  const thanks = /^(?:thanks|thank you|thx|cheers|ta)\b/.test(text);
  return [
    thanks
      ? 'You’re welcome! Ask me anything else about the agency’s data.'
      : 'Hello! I answer questions about the agency’s own data: placements, revenue, roles, the funnel, time to fill and salaries.',
    '',
    'For example:',
    ...EXAMPLE_QUESTIONS.map((q) => `- ${q}`),
  ].join('\n');
}

const READ_ONLY =
  'I only read the agency’s data: I can’t change, delete or send anything. Ask me about placements, revenue, roles, the funnel, time to fill or salaries instead.';

const LABEL_TO_METRIC = new Map(
  (Object.entries(METRICS) as [MetricKey, (typeof METRICS)[MetricKey]][]).map(([key, m]) => [
    m.label.toLowerCase(),
    key,
  ]),
);
const LABEL_TO_STAGE = new Map(
  (Object.entries(PIPELINE_STAGE_LABELS) as [PipelineStageName, string][]).map(([key, label]) => [label, key]),
);
const MONTH_SHORT = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
/** "1 Apr 2031" (formatDay) → "2031-04-01". */
function dayOf(text: string): string | null {
  const m = text.match(/^(\d{1,2}) ([A-Z][a-z]{2}) (\d{4})$/);
  const month = m ? MONTH_SHORT.indexOf(m[2]!) + 1 : 0;
  return m && month ? `${m[3]}-${String(month).padStart(2, '0')}-${m[1]!.padStart(2, '0')}` : null;
}
const unescape = (text: string) => text.replace(/\\(.)/g, '$1');

/** The context a follow-up continues from: the last answer's "Based on:" line. */
export function contextFrom(history: ChatTurn[], today: string): Slots | null {
  for (let i = history.length - 1; i >= 0; i -= 1) {
    const turn = history[i]!;
    if (turn.role === 'user' || turn.role === 'error') continue;
    if (turn.role === 'agent-question') return null;
    const line = turn.content
      .split('\n')
      .reverse()
      .find((l) => l.startsWith('_Based on: '));
    if (!line) return null;
    const body = line.slice('_Based on: '.length, -1);
    const s = emptySlots();
    const metric = LABEL_TO_METRIC.get(body.split(' · ')[0]!.toLowerCase());
    if (!metric) return null;
    s.metric = metric;
    if (/ · all time\b/.test(body)) s.period = allTime(today);
    const period = body.match(/ · from (\d{1,2} [A-Z][a-z]{2} \d{4}) to (\d{1,2} [A-Z][a-z]{2} \d{4})/);
    const from = period ? dayOf(period[1]!) : null;
    const to = period ? dayOf(period[2]!) : null;
    if (from && to) s.period = periodFromDates(from, to);
    const client = body.match(/ · client \[((?:\\.|[^\]])*)\]\(\/clients\/(\d+)\)/);
    if (client) s.client = { id: Number(client[2]), name: unescape(client[1]!) };
    const role = body.match(/ · role \[((?:\\.|[^\]])*)\]\(\/roles\/(\d+)\)/);
    if (role) s.role = { id: Number(role[2]), name: unescape(role[1]!) };
    const recruiter = body.match(/ · recruiter \[((?:\\.|[^\]])*)\]\(\/users\/(\d+)\)/);
    if (recruiter) s.recruiter = { id: Number(recruiter[2]), name: unescape(recruiter[1]!) };
    if (/ · retainer clients only\b/.test(body)) s.clientType = 'retainer';
    if (/ · finder's fee clients only\b/.test(body)) s.clientType = 'finders_fee';
    const family = body.match(/ · role family (.+?) \(((?:\\.|[^)])+)\)/);
    if (family) s.family = { label: unescape(family[1]!), key: unescape(family[2]!) };
    const stage = LABEL_TO_STAGE.get(body.match(/ · stage ([A-Z][a-z ]+?)(?= · |$)/)?.[1] ?? '');
    if (stage) s.stage = stage;
    const stageTo = LABEL_TO_STAGE.get(body.match(/ · to stage ([A-Z][a-z ]+?)(?= · |$)/)?.[1] ?? '');
    if (stageTo) s.stageTo = stageTo;
    const by = body.match(/ · per (client|recruiter|month)\b/)?.[1];
    if (by) s.groupBy = by as Slots['groupBy'];
    const rank = LABEL_TO_METRIC.get(body.match(/ · ranked by ([a-z ]+?)(?= · |$)/)?.[1] ?? '');
    if (rank) s.rankBy = rank;
    return s;
  }
  return null;
}

export function createBuiltinAnalyst(tools: AssistantTool[]): AssistantEngine {
  const byName = new Map(tools.map((tool) => [tool.name, tool]));
  const call: Call = async <T>(name: string, args: Record<string, unknown>, ctx: ToolContext): Promise<T> => {
    const tool = byName.get(name);
    if (!tool) throw new Error(`The assistant has no tool named ${name}.`);
    return (await runTool(tool, args, ctx)) as T;
  };
  return {
    name: 'builtin',
    reply: (input) => reply(input, call),
  };
}

async function reply(input: EngineInput, call: Call): Promise<EngineReply> {
  const { ctx } = input;
  const message = input.message.trim().slice(0, 2000);
  const today = agencyToday(ctx);
  if (isPending(input.pending)) {
    const resumed = applyAnswer(input.pending, message, today);
    if (resumed) return proceed(resumed, [], ctx, call, today);
    // Not an answer to the question: a new question, or the question again.
    const fresh = read(message, today);
    if (!fresh.slots.metric && !WRITE_REQUEST.test(fresh.text))
      return { kind: 'question', question: `${input.pending.question}`, pending: input.pending };
  }
  if (!message) return { kind: 'answer', content: cannotAnswer('Ask me a question about your agency’s data.') };
  const reading = read(message, today);
  if (GREETING.test(reading.text.trim())) return { kind: 'answer', content: greeting(reading.text.trim()) };
  if (WRITE_REQUEST.test(reading.text)) return { kind: 'answer', content: READ_ONLY };
  if (OUT_OF_SCOPE.test(reading.text))
    return {
      kind: 'answer',
      content: cannotAnswer(
        "I can't answer that yet: I report on the agency's own records, not forecasts, writing or general knowledge.",
      ),
    };

  const context = contextFrom(input.history, today);
  const slots = merge(reading, context, today);
  if (!slots) return { kind: 'answer', content: cannotAnswer(NOT_UNDERSTOOD) };
  return proceed(slots, reading.phrases, ctx, call, today, reading);
}

/** A follow-up takes what it does not say from the last answer. */
function merge(reading: Reading, context: Slots | null, today: string): Slots | null {
  const s = reading.slots;
  const followUp =
    context && (FOLLOW_UP_CUES.test(reading.text) || !s.metric) && reading.text.split(/\s+/).length <= 14;
  if (!followUp || !context) {
    if (!s.metric && !reading.phrases.length) return null;
    return s;
  }
  // Without a metric, a follow-up must change something (a period, a name, a grouping, a stage, a filter):
  // "How are we doing?" or nonsense is not the last question again (issue 29 item d).
  const relative = context.period ? relativePeriod(reading.text, context.period, today) : null;
  const changes =
    s.metric ||
    s.period ||
    relative ||
    s.groupBy ||
    s.stage ||
    s.clientType ||
    s.state ||
    reading.clearsFilters ||
    FOLLOW_UP_CUES.test(reading.text);
  if (!changes && !reading.phrases.length) return null;
  const merged: Slots = { ...context };
  if (s.metric && s.metric !== 'lookup') {
    merged.metric = s.metric;
    merged.groupBy = s.groupBy;
    merged.rankBy = s.rankBy;
    merged.stage = s.stage;
    merged.stageTo = s.stageTo;
  } else if (s.groupBy) merged.groupBy = s.groupBy;
  if (s.stage) [merged.stage, merged.stageTo] = [s.stage, s.stageTo];
  merged.period = s.period ?? relative?.period ?? context.period;
  if (s.clientType) merged.clientType = s.clientType;
  if (s.state) merged.state = s.state;
  if (s.skills) merged.skills = s.skills;
  merged.notUsed = s.notUsed;
  if (reading.clearsFilters) {
    merged.client = null;
    merged.recruiter = null;
    merged.role = null;
    merged.clientType = null;
  }
  // Names in the follow-up replace the context's (resolved in proceed()); a follow-up made only of words
  // that might be names must name something.
  (merged as Slots & { followUp?: boolean; mustName?: boolean }).followUp = true;
  if (!changes) {
    (merged as Slots & { mustName?: boolean }).mustName = true;
    // The words may name another role family: read it again.
    if (merged.metric === 'wages' || merged.metric === 'offer_acceptance') merged.family = null;
  }
  return merged;
}

async function proceed(
  s: Slots,
  phrases: string[],
  ctx: ToolContext,
  call: Call,
  today: string,
  reading?: Reading,
): Promise<EngineReply> {
  // Money first: a recruiter is told at once, not asked questions whose answer they cannot see.
  // Who sees fees is the agency's setting (decision 071), the same gate the analytics tools apply.
  const money = await moneyVisibleTo(ctx.deps.db, ctx.user);
  if (s.metric && (METRICS[s.metric].money || (s.rankBy && METRICS[s.rankBy].money)) && !money)
    return { kind: 'answer', content: OWNERS_ONLY };

  // Names: the record kinds this metric can use, looked up by fuzzy match.
  let found: FoundRecord[] = [];
  let named = false;
  const kinds = kindsFor(s.metric);
  if (phrases.length && kinds.length) {
    const result = await call<{ records: FoundRecord[] }>(
      'find_records',
      { kinds, phrases, min_score: 0.6, limit: 8 },
      ctx,
    );
    found = result.records;
    const resolution = resolveRecords(found, kinds, s.client?.id ?? null);
    const followUp = (s as Slots & { followUp?: boolean }).followUp;
    named = Boolean(resolution.ambiguous) || Object.keys(resolution.chosen).length > 0;
    for (const [kind, ref] of Object.entries(resolution.chosen) as [RecordKind, { id: number; name: string }][]) {
      if (kind === 'client') {
        s.client = { id: ref.id, name: ref.name };
        if (followUp && s.role && !resolution.chosen.role) s.role = null;
      } else if (kind === 'role') s.role = { id: ref.id, name: ref.name };
      else if (kind === 'recruiter') s.recruiter = { id: ref.id, name: ref.name };
      else s.candidate = { id: ref.id, name: ref.name };
    }
    // Without a metric, only a message made of names is a lookup: no question about a stray word.
    const covered = new Set(found.filter((r) => r.score >= MIN_SCORE).flatMap((r) => r.phrase.split(' ')));
    const allNames = phrases.every((p) => p.split(' ').every((w) => covered.has(w)));
    if (resolution.ambiguous && (s.metric || allNames)) {
      const { kind, options } = resolution.ambiguous;
      const noun = kind === 'recruiter' ? 'person' : kind;
      const question = `Which ${noun} do you mean: ${options.map((o, i) => `${i + 1}. ${esc(o.name)}${o.detail && kind !== 'client' ? ` (${esc(o.detail)})` : ''}`).join('; ')}?`;
      return ask(
        s,
        kind,
        options.map((o) => ({ label: o.name, value: o.id })),
        question,
      );
    }
  }

  // Role families for salary questions.
  if ((s.metric === 'wages' || s.metric === 'offer_acceptance') && !s.family && reading) {
    const families = await call<{ role_families: { value: string; label: string }[] }>('role_families', {}, ctx);
    const text = ` ${reading.text.replace(/[^a-z0-9+#]+/g, ' ')} `;
    const hit = families.role_families
      .map((f) => ({ f, words: f.value.split(' ') }))
      .filter(({ words }) =>
        new RegExp(`\\b${words.map((w) => w.replace(/[+#.]/g, '\\$&')).join('s? ')}s?\\b`).test(text),
      )
      .sort((a, b) => b.words.length - a.words.length)[0];
    if (hit) {
      s.family = { key: hit.f.value, label: hit.f.label };
      named = true;
    }
  }
  if ((s as Slots & { mustName?: boolean }).mustName && !named)
    return { kind: 'answer', content: cannotAnswer(NOT_UNDERSTOOD) };

  if (!s.metric) {
    const records = found.filter((r) => r.score >= MIN_SCORE);
    // Without a word asking for records, only a message that is all names is read as a lookup.
    const covered = new Set(records.flatMap((r) => r.phrase.split(' ')));
    const allNames = phrases.every((p) => p.split(' ').every((w) => covered.has(w)));
    if (records.length && allNames) return { kind: 'answer', content: lookupAnswer(records, s) };
    return { kind: 'answer', content: cannotAnswer(NOT_UNDERSTOOD) };
  }
  if (s.metric === 'lookup') {
    const records = found.filter((r) => r.score >= MIN_SCORE);
    const chosen = chosenRecord(s);
    if (chosen) return { kind: 'answer', content: lookupAnswer([chosen], s) };
    if (!records.length)
      return { kind: 'answer', content: cannotAnswer('I found no client, role, candidate or user by that name.') };
    return { kind: 'answer', content: lookupAnswer(records, s) };
  }

  // A metric with two meanings.
  if (s.metric === 'revenue' || s.rankBy === 'revenue') {
    return ask(
      s,
      'metric',
      [
        { label: 'Invoiced (revenue booked: invoices issued in the period)', value: 'revenue_booked' },
        { label: 'Collected (payments received in the period)', value: 'revenue_collected' },
      ],
      'By revenue, do you mean 1. invoiced (revenue booked: invoices issued in the period) or 2. collected (payments received in the period)?',
    );
  }

  if (s.metric === 'role_matches' && !s.role) {
    return {
      kind: 'answer',
      content: cannotAnswer(
        s.client
          ? `Which role of ${esc(s.client.name)}? Name the role, for example “best candidates for Data Engineer at ${esc(s.client.name)}”.`
          : 'Which role? Name it, for example “who are the best candidates for the Data Engineer role?”.',
      ),
    };
  }
  if (s.metric === 'role_pipeline' && !s.role && s.stage) return answerWith(s, ctx, call);
  if (s.metric === 'role_pipeline' && !s.role) {
    if (s.client) {
      return {
        kind: 'answer',
        content: cannotAnswer(
          `Which role of ${esc(s.client.name)}? Name the role, for example “pipeline of Data Engineer at ${esc(s.client.name)}”.`,
        ),
      };
    }
    return {
      kind: 'answer',
      content: cannotAnswer('Which role? Name it, for example “pipeline of the Data Engineer role”.'),
    };
  }

  // A period where it changes the answer.
  const info = METRICS[s.metric];
  const grouped = s.groupBy === 'client' || s.groupBy === 'recruiter';
  if (!s.period && (info.kind === 'flow' || (grouped && s.metric !== 'open_roles'))) {
    const label = s.rankBy ? METRICS[s.rankBy].label.toLowerCase() : info.label.toLowerCase();
    return ask(
      s,
      'period',
      PERIOD_OPTIONS.map((p) => ({ label: p, value: p })),
      `For which period should I count ${label}? For example: ${PERIOD_OPTIONS.map((p, i) => `${i + 1}. ${p.toLowerCase()}`).join('; ')}, or name another (“Q2 2025”, “since March”).`,
    );
  }
  if (!s.period && info.kind === 'default_all_time') s.period = allTime(today);

  return answerWith(s, ctx, call);
}

/** The answer, after a note naming what of the question it could not use (issue 29 item f). */
async function answerWith(s: Slots, ctx: ToolContext, call: Call): Promise<EngineReply> {
  const content = await answer(s, ctx, call);
  const notUsed = s.notUsed ?? [];
  if (!notUsed.length) return { kind: 'answer', content };
  return { kind: 'answer', content: `Not used: ${notUsed.join('; ')}.\n\n${content}` };
}

/** The record a resumed question chose (its detail line is not kept). */
function chosenRecord(s: Slots): FoundRecord | null {
  const base = { detail: '', score: 1, coverage: 1, phrase: '', parent_id: null };
  if (s.candidate)
    return {
      ...base,
      kind: 'candidate',
      id: s.candidate.id,
      name: s.candidate.name,
      link: `/candidates/${s.candidate.id}`,
    };
  if (s.role) return { ...base, kind: 'role', id: s.role.id, name: s.role.name, link: `/roles/${s.role.id}` };
  if (s.client)
    return { ...base, kind: 'client', id: s.client.id, name: s.client.name, link: `/clients/${s.client.id}` };
  if (s.recruiter) return { ...base, kind: 'recruiter', id: s.recruiter.id, name: s.recruiter.name, link: null };
  return null;
}

function ask(s: Slots, kind: Ask, options: Option[], question: string): EngineReply {
  const pending: Pending = { v: 1, engine: 'builtin', slots: { ...s }, ask: kind, options, question };
  return { kind: 'question', question, pending };
}

const words = (text: string) =>
  new Set(
    text
      .toLowerCase()
      .split(/[^a-z0-9]+/)
      .filter((w) => w.length > 1),
  );

/** Reads the user's answer to the pending question; null when it does not answer it. */
function applyAnswer(p: Pending, message: string, today: string): Slots | null {
  const s: Slots = { ...p.slots };
  const text = message.toLowerCase().trim();
  const number = text.match(
    /^(?:option |number |#)?(\d{1,2})\.?$|^(?:the )?(first|second|third|fourth|fifth|sixth|last)(?: one)?$/,
  );
  let option: Option | undefined;
  if (number) {
    const ordinal = ['first', 'second', 'third', 'fourth', 'fifth', 'sixth'];
    const index = number[1]
      ? Number(number[1]) - 1
      : number[2] === 'last'
        ? p.options.length - 1
        : ordinal.indexOf(number[2]!);
    option = p.options[index];
  }
  if (p.ask === 'metric') {
    if (!option) {
      if (/invoic|book|bill|issued/.test(text)) option = p.options.find((o) => o.value === 'revenue_booked');
      else if (/collect|receiv|paid|payment|cash|came in/.test(text))
        option = p.options.find((o) => o.value === 'revenue_collected');
    }
    if (!option) return null;
    if (s.metric === 'revenue') s.metric = option.value as MetricKey;
    if (s.rankBy === 'revenue') s.rankBy = option.value as MetricKey;
    return s;
  }
  if (p.ask === 'period') {
    const label = option ? String(option.value).toLowerCase() : text;
    const found = label === 'all time' ? { period: allTime(today) } : parsePeriod(label, today);
    if (!found) return null;
    s.period = found.period;
    return s;
  }
  if (!option) {
    // By name: the option sharing most words with the answer (and not tied).
    const said = words(text);
    const scored = p.options.map((o) => ({
      o,
      n: [...words(o.label)].filter((w) => said.has(w) || [...said].some((x) => x.length >= 4 && w.startsWith(x)))
        .length,
    }));
    const best = Math.max(...scored.map((x) => x.n));
    const top = scored.filter((x) => x.n === best);
    if (best > 0 && top.length === 1) option = top[0]!.o;
    else {
      // The distinguishing word alone ("logistics"), even when the shared word ties.
      const distinct = p.options.filter((o) =>
        [...words(o.label)].some((w) => said.has(w) && p.options.filter((x) => words(x.label).has(w)).length === 1),
      );
      if (distinct.length === 1) option = distinct[0];
    }
  }
  if (!option) return null;
  const ref = { id: option.value as number, name: option.label };
  if (p.ask === 'client') s.client = ref;
  else if (p.ask === 'role') s.role = ref;
  else if (p.ask === 'recruiter') s.recruiter = ref;
  else s.candidate = ref;
  if (s.metric === 'lookup' || (!s.metric && p.ask)) {
    s.metric = 'lookup';
  }
  return s;
}
