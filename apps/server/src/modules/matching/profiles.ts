/**
 * What matching compares, derived once from a candidate's row and from a role's row and qualifications
 * (pure functions; docs/matching.md). Skills are compared by key (skill-terms.ts); titles by a handful of
 * normalised words; seniority on a 1–5 scale; locations by their comma-separated parts.
 */
import { minorOfColumn } from '@recruitdesk/money';
import { skillKey, type SkillTerms } from './skill-terms';

export interface CandidateSource {
  id: number;
  currentTitle: string;
  skills: readonly string[];
  resumeText: string;
  yearsExperience: number | null;
  desiredSalary: string | null;
  desiredSalaryCurrency: string;
  location: string;
  status: string;
  updatedAt: Date;
}

export interface CandidateProfile {
  candidateId: number;
  /** Skill keys, sorted: the skills list's and the resume's (never one only named in a "not interested" sentence). */
  skills: string[];
  /** 0 unknown, 1 junior … 5 head/director. */
  level: number;
  years: number | null;
  salaryMinor: number | null;
  salaryCurrency: string;
  locationTokens: string[];
  titleTokens: string[];
  status: string;
  lastActivity: Date;
}

export interface RoleSource {
  id: number;
  name: string;
  location: string;
  remoteType: string;
  salaryMin: string | null;
  salaryMax: string | null;
  salaryCurrency: string;
  descriptionText: string;
  clientId: number;
}

export interface QualificationSource {
  name: string;
  description: string;
  kind: string;
}

export interface RoleProfile {
  roleId: number;
  clientId: number;
  /** Required skill keys and their display names (sorted by key). */
  required: Array<{ key: string; name: string }>;
  nice: Array<{ key: string; name: string }>;
  /** Keys of required skills a candidate must have. */
  must: string[];
  level: number;
  minYears: number | null;
  salaryMinMinor: number | null;
  salaryMaxMinor: number | null;
  salaryCurrency: string;
  /** The city (first part of the location) and the rest (region, country). */
  city: string | null;
  region: string[];
  remoteType: string;
  titleTokens: string[];
}

export const LEVEL_NAMES = ['unknown', 'junior', 'mid-level', 'senior', 'lead', 'head'] as const;

const LEVEL_WORDS: Array<[RegExp, number]> = [
  [/\b(head|director|vp|vice president|chief|cto|cio|cdo)\b/i, 5],
  [/\b(lead|staff|principal|architect|manager)\b/i, 4],
  [/\b(senior|sr)\b/i, 3],
  [/\b(junior|jr|intern|internship|trainee|graduate|entry[- ]level|apprentice)\b/i, 1],
  [/\b(mid[- ]?level|intermediate)\b/i, 2],
];

/** The seniority a title names (0 when it names none). */
export function titleLevel(title: string): number {
  for (const [pattern, level] of LEVEL_WORDS) if (pattern.test(title)) return level;
  return 0;
}

/** The seniority years of experience suggest. */
export function yearsLevel(years: number): number {
  if (years < 2) return 1;
  if (years < 5) return 2;
  if (years < 9) return 3;
  return 4;
}

const TITLE_STOP = new Set([
  'and',
  'of',
  'the',
  'for',
  'in',
  'at',
  'a',
  'an',
  'to',
  'with',
  'senior',
  'sr',
  'junior',
  'jr',
  'lead',
  'staff',
  'principal',
  'head',
  'director',
  'vp',
  'chief',
  'mid',
  'level',
  'intern',
  'trainee',
  'graduate',
  'entry',
  'ii',
  'iii',
  'iv',
  'i',
  'remote',
  'hybrid',
  'contract',
  'freelance',
  'm',
  'f',
  'd',
  'w',
]);
/** Words that name the same job family (title words, not skills). */
const TITLE_SYNONYMS: Record<string, string> = {
  developer: 'engineer',
  dev: 'engineer',
  programmer: 'engineer',
  swe: 'engineer',
  engineering: 'engineer',
  frontend: 'front-end',
  backend: 'back-end',
  fullstack: 'full-stack',
};

/** A title's meaningful words, normalised and sorted ("Senior Backend Developer" → back-end, engineer). */
export function titleTokens(title: string): string[] {
  const words = title
    .normalize('NFKC')
    .toLowerCase()
    .replace(/\bfront\s+end\b/g, 'front-end')
    .replace(/\bback\s+end\b/g, 'back-end')
    .replace(/\bfull\s+stack\b/g, 'full-stack')
    .split(/[^\p{L}\p{N}+#-]+/u)
    .map((word) => word.replace(/^-+|-+$/g, ''))
    .filter((word) => word && !TITLE_STOP.has(word))
    .map((word) => TITLE_SYNONYMS[word] ?? (word.length > 4 && word.endsWith('s') ? word.slice(0, -1) : word));
  return [...new Set(words)].sort();
}

/** A location's comma-separated parts, lower-cased ("Berlin, Germany" → berlin, germany). */
export function locationParts(location: string): string[] {
  return location
    .normalize('NFKC')
    .toLowerCase()
    .split(/[,;/|()]+/)
    .map((part) => part.trim().replace(/\s+/g, ' '))
    .filter(Boolean);
}

/** Sentences that say the person does not want or does not have something: skills in them do not count. */
const NEGATION =
  /\b(not interested|no interest|no longer (?:interested|want)|not (?:looking|willing)|(?:don'?t|do not|won'?t|will not|never) (?:want|wish|work|use|do)|avoid|no experience|not experienced|unfamiliar|without experience|rather not|not keen)\b/i;

/** The text's sentences (or lines), with where each starts. */
export function sentences(text: string): Array<{ text: string; start: number }> {
  const out: Array<{ text: string; start: number }> = [];
  const pattern = /[^\n.!?;]+[.!?;]?/g;
  for (const match of text.matchAll(pattern)) {
    if (match[0].trim()) out.push({ text: match[0], start: match.index });
  }
  return out;
}

/** The skill keys a resume text backs, leaving out those named only in negative sentences. */
export function resumeSkillKeys(terms: SkillTerms, text: string): Set<string> {
  const keys = new Set<string>();
  if (!text) return keys;
  for (const sentence of sentences(text)) {
    if (NEGATION.test(sentence.text)) continue;
    for (const mention of terms.find(sentence.text)) keys.add(skillKey(terms, mention.skill));
  }
  return keys;
}

const sortedUnique = (values: Iterable<string>) => [...new Set(values)].sort();

export function buildCandidateProfile(terms: SkillTerms, source: CandidateSource): CandidateProfile {
  const listed = source.skills.map((skill) => skillKey(terms, skill)).filter(Boolean);
  const skills = sortedUnique([...listed, ...resumeSkillKeys(terms, source.resumeText)]);
  const named = titleLevel(source.currentTitle);
  const level = named || (source.yearsExperience != null ? yearsLevel(source.yearsExperience) : 0);
  return {
    candidateId: source.id,
    skills,
    level,
    years: source.yearsExperience,
    salaryMinor: minorOfColumn(source.desiredSalary),
    salaryCurrency: source.desiredSalaryCurrency,
    locationTokens: sortedUnique(locationParts(source.location)),
    titleTokens: titleTokens(source.currentTitle),
    status: source.status,
    lastActivity: source.updatedAt,
  };
}

const YEARS = /(\d{1,2})\s*\+?\s*(?:-\s*\d{1,2}\s*)?(?:years?|yrs?)\b/i;

/** The smallest "N+ years" a text asks for (null when it asks none). */
export function yearsAsked(text: string): number | null {
  const match = YEARS.exec(text);
  return match ? Number(match[1]) : null;
}

export function buildRoleProfile(
  terms: SkillTerms,
  role: RoleSource,
  qualifications: readonly QualificationSource[],
  mustSkills: readonly string[] = [],
): RoleProfile {
  const required = new Map<string, string>();
  const nice = new Map<string, string>();
  let minYears: number | null = null;
  for (const qualification of qualifications) {
    const target = qualification.kind === 'nice_to_have' ? nice : required;
    const text = `${qualification.name}\n${qualification.description}`;
    const mentions = terms.find(qualification.name, { list: true });
    const found = mentions.length ? mentions : terms.find(qualification.description);
    if (found.length) {
      for (const mention of found) target.set(skillKey(terms, mention.skill), mention.skill);
    } else if (!yearsAsked(qualification.name) && qualification.name.trim().split(/\s+/).length <= 3) {
      // A short qualification the vocabulary does not know ("Airflow") is a skill of its own.
      target.set(skillKey(terms, qualification.name), qualification.name.trim());
    }
    const years = yearsAsked(text);
    if (years != null && qualification.kind !== 'nice_to_have') minYears = Math.max(minYears ?? 0, years);
  }
  if (!qualifications.length) {
    for (const mention of terms.find(role.descriptionText)) {
      required.set(skillKey(terms, mention.skill), mention.skill);
    }
    minYears = yearsAsked(role.descriptionText);
  }
  for (const key of required.keys()) nice.delete(key);
  const byKey = (map: Map<string, string>) =>
    [...map].map(([key, name]) => ({ key, name })).sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  const mustKeys = new Set(mustSkills.map((skill) => skillKey(terms, skill)));
  const parts = locationParts(role.location);
  const named = titleLevel(role.name);
  return {
    roleId: role.id,
    clientId: role.clientId,
    required: byKey(required),
    nice: byKey(nice),
    must: [...required.keys()].filter((key) => mustKeys.has(key)).sort(),
    level: named || (minYears != null ? yearsLevel(minYears) : 0),
    minYears,
    salaryMinMinor: minorOfColumn(role.salaryMin),
    salaryMaxMinor: minorOfColumn(role.salaryMax),
    salaryCurrency: role.salaryCurrency,
    city: parts[0] ?? null,
    region: parts.slice(1).sort(),
    remoteType: role.remoteType,
    titleTokens: titleTokens(role.name),
  };
}
