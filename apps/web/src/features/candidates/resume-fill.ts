// Types only from the contracts: the form loads zod lazily.
import type { CandidateInput } from '@recruitdesk/contracts/candidates';
import { MAX_CANDIDATE_SKILLS } from '@recruitdesk/contracts/candidate-constants';
import type { ParsedResume, ParsedSource } from '@recruitdesk/contracts/resumes';

/** The form fields a parsed resume can fill, in the form's order, with the label the form shows. */
export const RESUME_FILL_FIELDS = [
  ['first_name', 'First name'],
  ['last_name', 'Last name'],
  ['email', 'Email'],
  ['phone', 'Phone'],
  ['location', 'Location'],
  ['linkedin_url', 'LinkedIn URL'],
  ['github_url', 'GitHub URL'],
  ['portfolio_url', 'Portfolio URL'],
  ['current_title', 'Current title'],
  ['current_company', 'Current company'],
  ['years_experience', 'Years of experience'],
  ['skills', 'Skills'],
] as const;

export type ResumeFillField = (typeof RESUME_FILL_FIELDS)[number][0];
export type ResumeFillValue = string | number | string[];

/** One value read from the resume for one form field, with the text it came from. */
export interface ResumeFill {
  field: ResumeFillField;
  label: string;
  value: ResumeFillValue;
  /** The spans of the resume's text (several for skills). */
  sources: ParsedSource[];
  confidence: number;
}

/** A field the form already holds with another value: replaced only if the recruiter says so. */
export interface ResumeConflict extends ResumeFill {
  current: ResumeFillValue;
}

export interface ResumeFillPlan {
  /** Empty fields: filled at once. */
  fills: ResumeFill[];
  /** Filled fields with a different value in the resume: asked about first. */
  conflicts: ResumeConflict[];
}

const isEmpty = (value: unknown) =>
  value === null ||
  value === undefined ||
  (typeof value === 'string' && value.trim() === '') ||
  (Array.isArray(value) && value.length === 0);

const same = (a: unknown, b: unknown) => {
  if (Array.isArray(a) && Array.isArray(b)) {
    const left = new Set(a.map((item) => String(item).toLowerCase()));
    return b.every((item) => left.has(String(item).toLowerCase()));
  }
  return String(a).trim().toLowerCase() === String(b).trim().toLowerCase();
};

/** What the resume holds for each form field (nothing for the fields it did not find). */
export function resumeValues(resume: ParsedResume): ResumeFill[] {
  const out: ResumeFill[] = [];
  for (const [field, label] of RESUME_FILL_FIELDS) {
    if (field === 'skills') {
      if (resume.skills.length === 0) continue;
      const skills = resume.skills.slice(0, MAX_CANDIDATE_SKILLS);
      out.push({
        field,
        label,
        value: skills.map((skill) => skill.value),
        sources: skills.flatMap((skill) => (skill.source ? [skill.source] : [])),
        confidence: Math.min(...skills.map((skill) => skill.confidence)),
      });
      continue;
    }
    const parsed = resume[field];
    if (!parsed) continue;
    // The form takes whole years from 0 to 70.
    const value =
      field === 'years_experience'
        ? Math.min(70, Math.max(0, Math.round(Number(parsed.value))))
        : String(parsed.value).trim();
    if (value === '' || Number.isNaN(value)) continue;
    out.push({ field, label, value, sources: parsed.source ? [parsed.source] : [], confidence: parsed.confidence });
  }
  return out;
}

/** Splits the resume's values into fills of empty fields and conflicts with filled ones (same values are left alone). */
export function planResumeFill(resume: ParsedResume, current: Partial<CandidateInput>): ResumeFillPlan {
  const plan: ResumeFillPlan = { fills: [], conflicts: [] };
  for (const fill of resumeValues(resume)) {
    const now = current[fill.field];
    if (isEmpty(now)) plan.fills.push(fill);
    else if (!same(now, fill.value)) plan.conflicts.push({ ...fill, current: now as ResumeFillValue });
  }
  return plan;
}

/** How a value reads in a sentence ("Python, SQL"). */
export const displayValue = (value: ResumeFillValue) => (Array.isArray(value) ? value.join(', ') : String(value));

/** What the badge's tooltip quotes: each span's text, at most a few. */
export function sourceSummary(sources: ParsedSource[], max = 5): string {
  const texts = [...new Set(sources.map((source) => source.text.replace(/\s+/g, ' ').trim()).filter(Boolean))];
  if (texts.length === 0) return 'Read from the resume.';
  const shown = texts.slice(0, max).map((text) => `“${text.length > 160 ? `${text.slice(0, 157)}…` : text}”`);
  return texts.length > max ? `${shown.join(', ')} and ${texts.length - max} more` : shown.join(', ');
}
