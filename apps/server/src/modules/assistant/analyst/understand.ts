import { PIPELINE_STAGES, type PipelineStageName } from '@recruitdesk/contracts/pipeline-summary';
import type { FoundRecord, RecordKind } from '../tools/find-records';
import { canonical, METRICS, STOPWORDS, type MetricKey } from './lexicon';
import { normalisePeriodText, parsePeriod, type Period } from './periods';

// Reading a question: the metric (rule-scored), the period, the grouping, stages, client type, and the
// phrases left over that may name records.

export interface Ref {
  id: number;
  name: string;
}

export interface Slots {
  metric: MetricKey | null;
  period: Period | null;
  client: Ref | null;
  recruiter: Ref | null;
  role: Ref | null;
  candidate: Ref | null;
  clientType: 'finders_fee' | 'retainer' | null;
  family: { key: string; label: string } | null;
  stage: PipelineStageName | null;
  stageTo: PipelineStageName | null;
  groupBy: 'client' | 'recruiter' | 'month' | null;
  /** "which client paid us the most": rank the groups by this metric. */
  rankBy: MetricKey | null;
  /** A record state for counts: client state, candidate status. */
  state: string | null;
  /** Candidates' skills asked for ("who know Python"). */
  skills: string[] | null;
  /** Parts of the question the answer cannot use, in the owner's words: named in the answer (issue 29 item f). */
  notUsed: string[];
}

export const emptySlots = (): Slots => ({
  metric: null,
  period: null,
  client: null,
  recruiter: null,
  role: null,
  candidate: null,
  clientType: null,
  family: null,
  stage: null,
  stageTo: null,
  groupBy: null,
  rankBy: null,
  state: null,
  skills: null,
  notUsed: [],
});

/** The measures each grouping can rank by (what client_breakdown and agency_metrics' recruiter rows hold). */
const RANKS_OF_GROUP: Record<'client' | 'recruiter', MetricKey[]> = {
  client: ['placements', 'new_roles', 'open_roles', 'revenue', 'revenue_booked', 'revenue_collected', 'average_fee'],
  recruiter: ['placements', 'submittals', 'open_roles', 'revenue', 'revenue_booked', 'revenue_collected'],
};

/** Metrics that are no measure to rank a grouping by (records, a role's pipeline, a lookup). */
const NOT_MEASURES: MetricKey[] = ['lookup', 'role_pipeline', 'role_matches', 'count_clients', 'count_candidates'];

/** A skill asked of candidates: "who know Python", "with Go skills", "skilled in SQL". */
const SKILL =
  /\b(?:who|that|candidates|people|applicants|anyone|anybody|someone) (?:knows?|uses?|has|have|speaks?|can (?:code|program|write) in|(?:is|are) (?:skilled|experienced|proficient|strong) (?:in|with|at)) ([a-z0-9+#.-]+(?: [a-z0-9+#.-]+)?)(?: skills?| experience)?(?=[?.!,]|$| and | or | in | at | for )|\b(?:with|having|knowing) ([a-z0-9+#.-]+(?: [a-z0-9+#.-]+)?) (?:skills?|experience|knowledge)\b|\b(?:skilled|experienced|proficient) (?:in|with) ([a-z0-9+#.-]+)/;

/** Stage words beyond the stage names: the last interview is the client's. */
const FINAL_INTERVIEW = /\bfinal (?:round |stage )?interviews?\b|\blast interviews?\b/;

export interface Reading {
  slots: Slots;
  /** Metric scores above zero, best first. */
  scores: [MetricKey, number][];
  periodText: string | null;
  /** Word runs that are not grammar: possible record names. */
  phrases: string[];
  /** Said "all clients", "overall", "everyone": drop a filter carried from the context. */
  clearsFilters: boolean;
  text: string;
}

const STAGE_WORDS: [RegExp, PipelineStageName][] = [
  [/\bsourc(?:ed|ing)\b/, 'sourced'],
  [/\binternal(?:ly)?(?: interviews?| screens?| screening)?\b|\bscreen(?:ing)?\b/, 'internal_interview'],
  [/\bsubmit[- ]pending\b|\bpending submi(?:ssion|ttal)\b/, 'submit_pending'],
  [/\bsubmitted\b|\bsubmittals?\b|\bsubmission\b/, 'submitted'],
  [
    /\bclient interviews?\b|\binterview(?:s|ing|ed)? (?:with|at) (?:the )?client\b|\binterview(?:s|ing)?\b/,
    'client_interview',
  ],
  [/\boffers?(?: stage)?\b/, 'offer'],
  [/\bplaced\b|\bplacements?\b|\bhired?\b/, 'placed'],
];

function stagesOf(text: string): PipelineStageName[] {
  const found: { at: number; stage: PipelineStageName }[] = [];
  let rest = text;
  for (const [re, stage] of STAGE_WORDS) {
    const m = re.exec(rest);
    if (m && !found.some((f) => f.stage === stage)) found.push({ at: m.index, stage });
    // Words a more specific stage used ("internal interview") are not read again ("interview").
    if (m) rest = rest.slice(0, m.index) + ' '.repeat(m[0].length) + rest.slice(m.index + m[0].length);
  }
  // "client interview" also matched the generic interview; keep the most specific per position.
  return found
    .sort((a, b) => a.at - b.at)
    .map((f) => f.stage)
    .filter((stage, i, all) => all.indexOf(stage) === i)
    .sort((a, b) => PIPELINE_STAGES.indexOf(a) - PIPELINE_STAGES.indexOf(b));
}

/** Words for "no progress" (the dashboard's stalled pipelines). */
const STALLED =
  /\b(?:stall(?:ed|ing)?|stuck|stagnant|idle|neglected|going nowhere|slipping|quiet|cold|silent|dark|dormant|inactive|not moving|(?:haven'?t|hasn'?t|have not|has not) moved|no (?:movement|progress|activity)|at risk)\b/;

const GROUP_METRICS: MetricKey[] = ['top_clients', 'recruiter_performance'];
const RANKABLE: MetricKey[] = [
  'placements',
  'new_roles',
  'submittals',
  'revenue',
  'revenue_booked',
  'revenue_collected',
  'open_roles',
  'average_fee',
  'days_to_fill',
];

/** Scores every metric against the text; the best with a score of at least 2 wins. */
export function scoreMetrics(text: string): [MetricKey, number][] {
  const scores: [MetricKey, number][] = [];
  for (const [key, info] of Object.entries(METRICS) as [MetricKey, (typeof METRICS)[MetricKey]][]) {
    let score = 0;
    for (const [re, weight] of info.triggers) if (re.test(text)) score += weight;
    if (score > 0) scores.push([key, score]);
  }
  return scores.sort((a, b) => b[1] - a[1]);
}

const tokenise = (text: string) =>
  text
    .toLowerCase()
    .replace(/[’']s\b/g, '')
    .split(/[^a-z0-9&+#'.-]+/)
    .map((w) => w.replace(/^[.'-]+|[.'-]+$/g, ''))
    .filter(Boolean);

/** Runs of words that are not grammar, and every sub-run (up to 4 words) of them. */
export function namePhrases(text: string, removed: string[]): string[] {
  let rest = ` ${text.toLowerCase()} `;
  for (const part of removed) if (part) rest = rest.replace(part.toLowerCase(), ' ; ');
  const runs: string[][] = [];
  let current: string[] = [];
  for (const raw of rest.split(/\s+|(?=[;?!,])|(?<=[;?!,])/)) {
    const words = tokenise(raw);
    const word = words[0];
    if (!word || words.length !== 1 || STOPWORDS.has(word) || /^\d+$/.test(word) || word.length < 2) {
      if (current.length) runs.push(current);
      current = [];
      continue;
    }
    current.push(word);
  }
  if (current.length) runs.push(current);
  const phrases = new Set<string>();
  for (const run of runs) {
    for (let i = 0; i < run.length; i += 1) {
      for (let j = i + 1; j <= Math.min(run.length, i + 4); j += 1) phrases.add(run.slice(i, j).join(' '));
    }
  }
  return [...phrases].filter((p) => p.length >= 2).slice(0, 40);
}

/** Reads a message (no database work). */
export function read(message: string, today: string): Reading {
  const text = normalisePeriodText(message.slice(0, 2000));
  const slots = emptySlots();
  const period = parsePeriod(text, today);
  slots.period = period?.period ?? null;
  let scores = scoreMetrics(canonical(text));
  const best = scores[0];
  if (best && best[1] >= 2) slots.metric = best[0];

  // "by client" / "which recruiter ... the most": a group, ranked by the other metric named.
  const group = scores.find(([key, s]) => GROUP_METRICS.includes(key) && s >= 5);
  const rank = scores.find(([key, s]) => RANKABLE.includes(key) && s >= 2);
  // The measure the question ranks by, when it is one the grouping cannot rank by: answered for the agency,
  // the grouping named as not used (issue 29 item f), never silently ranked by placements.
  const wanted = scores.find(([key, s]) => !GROUP_METRICS.includes(key) && !NOT_MEASURES.includes(key) && s >= 2);
  const groupKey = group?.[0] === 'top_clients' ? 'client' : 'recruiter';
  if (group && wanted && !RANKS_OF_GROUP[groupKey].includes(wanted[0])) {
    slots.metric = wanted[0];
    slots.notUsed.push(
      `${METRICS[wanted[0]].label.toLowerCase()} per ${groupKey} (I can't break it down per ${groupKey} yet, so this is the agency's figure)`,
    );
  } else if (group && rank) {
    slots.groupBy = groupKey;
    slots.rankBy = rank[0];
    slots.metric = group[0];
  }
  if (/\b(?:by|per|each|every) month\b|\bmonthly\b|\bmonth by month\b|\btrend\b/.test(text)) slots.groupBy = 'month';
  // Revenue named with its meaning: the precise one wins.
  if (slots.metric === 'revenue' || slots.rankBy === 'revenue') {
    const precise = scores.find(([key, s]) => (key === 'revenue_booked' || key === 'revenue_collected') && s >= 4);
    if (precise) {
      if (slots.metric === 'revenue') slots.metric = precise[0];
      if (slots.rankBy === 'revenue') slots.rankBy = precise[0];
    }
  }
  if (slots.metric === 'average_fee') scores = scores.filter(([key]) => key !== 'revenue');

  if (/\bretainer clients?\b/.test(text) && slots.metric !== 'retainer') slots.clientType = 'retainer';
  if (/\bfinder'?s'? fee (?:clients?|roles?|placements?)\b|\bcontingen(?:t|cy) (?:clients?|roles?)\b/.test(text))
    slots.clientType = 'finders_fee';

  if (slots.metric === 'funnel' || slots.metric === 'time_in_stage') {
    const stages = stagesOf(text.replace(/\bstages?\b/g, ' '));
    if (slots.metric === 'funnel' && stages.length >= 2)
      [slots.stage, slots.stageTo] = [stages[0]!, stages[stages.length - 1]!];
    else if (stages.length >= 1) slots.stage = stages[stages.length - 1]!;
  }

  if (slots.metric === 'count_clients') {
    const m = text.match(/\b(open|active|prospect(?:ive)?|on hold|closed|current)\b (?:\w+ )?clients\b/);
    if (m)
      slots.state =
        m[1] === 'prospect' || m[1] === 'prospective'
          ? 'Prospect'
          : m[1] === 'on hold'
            ? 'On Hold'
            : m[1] === 'closed'
              ? 'Closed'
              : 'Open';
  }
  if (slots.metric === 'open_roles' && /\b(?:on hold|paused|frozen)\b/.test(text)) slots.state = 'on_hold';
  if (slots.metric === 'count_candidates') {
    const m = text.match(
      /\b(active|placed|archived|do not contact)\b (?:\w+ )?candidates\b|\bcandidates (?:\w+ )?(?:are |is |who are |that are |have been |has been |who have been |that have been |were |got )?(?:now |currently |already |still )?(active|placed|archived)\b/,
    );
    const status = m?.[1] ?? m?.[2];
    if (status) slots.state = status === 'do not contact' ? 'do_not_contact' : status;
  }

  const skill =
    slots.metric === 'count_candidates' || !slots.metric || slots.metric === 'lookup' ? text.match(SKILL) : null;
  const skillText = skill ? (skill[1] ?? skill[2] ?? skill[3] ?? '').trim() : '';
  if (skillText && !STOPWORDS.has(skillText.split(' ')[0]!)) {
    slots.metric = 'count_candidates';
    slots.skills = [skillText];
  }
  // A stage named without a role: the candidates at that stage now, over every role.
  if (slots.metric === 'role_pipeline' || slots.metric === 'count_candidates') {
    const stages = FINAL_INTERVIEW.test(text)
      ? ['client_interview' as const]
      : stagesOf(text.replace(/\bstages?\b/g, ' '));
    const named = stages.filter((stage) => stage !== 'placed');
    if (named.length === 1 && !(slots.metric === 'count_candidates' && !/\b(?:in|at|on)\b/.test(text))) {
      slots.metric = 'role_pipeline';
      slots.stage = named[0]!;
    }
  }
  if (
    slots.metric === 'outstanding' &&
    !slots.notUsed.length &&
    /\b(?:which|what|who|top|biggest|largest|most|per|by|each)\b.*\b(?:clients?|customers?|accounts?|companies|company)\b|\bwho (?:owes?|has not paid|hasn'?t paid)\b.*\bmost\b|\b(?:clients?|customers?) (?:\w+ ){0,3}(?:most|biggest|largest)\b/.test(
      text,
    )
  )
    slots.notUsed.push(
      "a ranking per client (I can't split what is owed per client yet, so this is the agency's total)",
    );

  if (slots.metric === 'attention') {
    const kinds: string[] = [];
    // "Stalled", "stuck", "no movement" mean what the dashboard calls stalled: pipelines with no stage change
    // in 5 days, for roles too (issue 29 item e); "no submittal" is the roles' own kind.
    const stalled = STALLED.test(text);
    const roles = /\b(?:roles?|jobs?|searches|positions?|vacanc(?:y|ies)|openings?|reqs?)\b/.test(text);
    if (roles) {
      if (stalled || !/\bsubmi(?:ttals?|ssions?|tted)\b/.test(text)) kinds.push('stale_pipeline');
      kinds.push('role_without_submittal');
    }
    if (/\b(?:pipelines?|candidates?|people)\b/.test(text) && !kinds.includes('stale_pipeline'))
      kinds.push('stale_pipeline');
    if (/\binvoices?\b/.test(text)) kinds.push('overdue_invoice');
    if (/\bguarantees?\b/.test(text)) kinds.push('guarantee_ending');
    if (/\binterviews?\b/.test(text)) kinds.push('interview_tomorrow');
    if (/\binterview(?:s|ing)?\b/.test(text) && /\btomorrow\b/.test(text))
      kinds.splice(0, kinds.length, 'interview_tomorrow');
    if (kinds.length) slots.state = kinds.join(',');
  }

  const phrases = namePhrases(text, [period?.text ?? '', skill?.[0] ?? '']);
  return {
    slots,
    scores,
    periodText: period?.text ?? null,
    phrases,
    clearsFilters:
      /\b(?:all clients|every client|overall|everyone|all recruiters|whole agency|the agency|in total|across (?:all|the))\b/.test(
        text,
      ),
    text,
  };
}

export interface Resolution {
  /** One record chosen for the kind. */
  chosen: Partial<Record<RecordKind, Ref & { parent_id: number | null; link: string | null }>>;
  /** Several records fit equally: ask. */
  ambiguous: { kind: RecordKind; options: FoundRecord[] } | null;
}

const KIND_ORDER: RecordKind[] = ['client', 'role', 'recruiter', 'candidate'];
/** Word similarity a phrase needs to name a record ("cascad" → Cascade: 0.86; "analyst" → Analytics: 0.63). */
export const MIN_SCORE = 0.7;

/**
 * Picks records from the fuzzy matches: per kind the best score; ties (within 0.05) broken by how much of
 * the name the phrase covers; still tied → ambiguous. A phrase used by one kind is not reused by another.
 */
export function resolveRecords(records: FoundRecord[], kinds: RecordKind[], clientHint: number | null): Resolution {
  const chosen: Resolution['chosen'] = {};
  const usedPhrases: string[] = [];
  const overlaps = (phrase: string) => usedPhrases.some((p) => p.includes(phrase) || phrase.includes(p));
  const strong = records.filter((r) => kinds.includes(r.kind) && r.score >= MIN_SCORE);
  // The kind with the strongest match first (score, then words matched, then coverage): "financial analyst"
  // names a role before "analyst" can pass for a client.
  const rank = (r: FoundRecord) => r.score * 100 + r.phrase.split(' ').length * 10 + r.coverage;
  const order = KIND_ORDER.filter((k) => kinds.includes(k)).sort(
    (a, b) =>
      Math.max(0, ...strong.filter((r) => r.kind === b).map(rank)) -
      Math.max(0, ...strong.filter((r) => r.kind === a).map(rank)),
  );
  for (const kind of order) {
    let mine = strong.filter((r) => r.kind === kind && !overlaps(r.phrase));
    if (kind === 'role' && (chosen.client || clientHint)) {
      const clientId = chosen.client?.id ?? clientHint;
      const ofClient = mine.filter((r) => r.parent_id === clientId);
      if (ofClient.length) mine = ofClient;
    }
    if (!mine.length) continue;
    const top = Math.max(...mine.map((r) => r.score));
    let tied = mine.filter((r) => r.score >= top - 0.05);
    const bestCover = Math.max(...tied.map((r) => r.coverage));
    tied = tied.filter((r) => r.coverage >= bestCover - 0.001);
    // The longest phrase naming a record wins ("data engineer ii" over "data engineer").
    const longest = Math.max(...tied.map((r) => r.phrase.split(' ').length));
    tied = tied.filter((r) => r.phrase.split(' ').length === longest);
    // Exactly the name typed: that one.
    const exact = tied.filter((r) => r.phrase === r.name.toLowerCase());
    if (exact.length === 1) tied = exact;
    if (tied.length === 1) {
      const r = tied[0]!;
      chosen[kind] = { id: r.id, name: r.name, parent_id: r.parent_id, link: r.link };
      usedPhrases.push(r.phrase);
      continue;
    }
    return { chosen, ambiguous: { kind, options: tied.slice(0, 6) } };
  }
  return { chosen, ambiguous: null };
}

/** Which record kinds a metric can be filtered by (or is about). */
export function kindsFor(metric: MetricKey | null): RecordKind[] {
  switch (metric) {
    case 'role_pipeline':
    case 'role_matches':
      return ['client', 'role'];
    case 'lookup':
    case null:
      return ['client', 'role', 'recruiter', 'candidate'];
    case 'wages':
    case 'offer_acceptance':
    case 'count_clients':
    case 'count_candidates':
    case 'attention':
      return [];
    case 'retainer':
    case 'outstanding':
      return ['client'];
    case 'recruiter_performance':
      return ['client'];
    case 'top_clients':
      return ['recruiter'];
    default:
      return ['client', 'recruiter'];
  }
}
