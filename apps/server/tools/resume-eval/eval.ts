/**
 * npm run eval:resumes — generates the evaluation set (generate.ts + handwritten.ts) in a temporary folder,
 * parses every resume with the server's parser (the same worker thread as the API), and prints per-field
 * precision and recall, skills precision/recall/F1, and the parse time of two-page PDFs (p50, p95).
 * `--keep` keeps the generated files; `--verbose` prints each miss.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseResumeFile, stopResumeWorkers } from '../../src/modules/resumes/resume-parser';
import { buildSkillVocabulary } from '../../src/modules/skills/skill-vocabulary';
import { generateResumes, type EvalResume, type Expected } from './generate';
import { HANDWRITTEN } from './handwritten';

const verbose = process.argv.includes('--verbose');
const keep = process.argv.includes('--keep');

const norm = (value: string | null | undefined) =>
  (value ?? '')
    .normalize('NFC')
    .toLowerCase()
    .replace(/[\s,.;:|]+/g, ' ')
    .replace(/\/+$/, '')
    .trim();

const FIELDS = ['name', 'email', 'phone', 'location', 'linkedin_url', 'github_url', 'portfolio_url', 'current_title', 'current_company', 'years_experience'] as const;
type FieldKey = (typeof FIELDS)[number];

const percent = (n: number, d: number) => (d === 0 ? '   n/a' : `${((100 * n) / d).toFixed(1).padStart(5)} %`);
const quantile = (values: number[], q: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
};

async function main() {
  const generated = await generateResumes(64);
  const hand: EvalResume[] = HANDWRITTEN.map((item) => ({
    id: item.id,
    format: 'txt',
    layout: 'handwritten',
    bytes: Buffer.from(item.text, 'utf8'),
    expected: item.expected,
    pages: 1,
  }));
  const set = [...generated, ...hand];
  const folder = await mkdtemp(path.join(tmpdir(), 'resume-eval-'));
  for (const item of set) await writeFile(path.join(folder, `${item.id}.${item.format}`), item.bytes);
  const vocabulary = buildSkillVocabulary([]);
  const contentType = { pdf: 'application/pdf', docx: 'application/octet-stream', txt: 'text/plain' } as const;

  // Warm the worker up (PDF.js loads once per worker).
  await parseResumeFile({ buffer: set[3]!.bytes, filename: 'warm.pdf', contentType: 'application/pdf' }, vocabulary);

  const tally = Object.fromEntries(FIELDS.map((key) => [key, { tp: 0, predicted: 0, expected: 0 }])) as Record<FieldKey, { tp: number; predicted: number; expected: number }>;
  let skillTp = 0;
  let skillPredicted = 0;
  let skillExpected = 0;
  const twoPageTimes: number[] = [];
  const allTimes: number[] = [];
  const layoutMisses = new Map<string, number>();

  for (const item of set) {
    const started = performance.now();
    const parsed = await parseResumeFile({ buffer: item.bytes, filename: `${item.id}.${item.format}`, contentType: contentType[item.format] }, vocabulary);
    const ms = performance.now() - started;
    allTimes.push(ms);
    if (item.format === 'pdf' && item.pages >= 2) twoPageTimes.push(ms);
    const expected: Expected = item.expected;
    const got: Record<FieldKey, string | number | null> = {
      name: parsed.first_name && parsed.last_name ? `${parsed.first_name.value}|${parsed.last_name.value}` : null,
      email: parsed.email?.value ?? null,
      phone: parsed.phone?.value ?? null,
      location: parsed.location?.value ?? null,
      linkedin_url: parsed.linkedin_url?.value ?? null,
      github_url: parsed.github_url?.value ?? null,
      portfolio_url: parsed.portfolio_url?.value ?? null,
      current_title: parsed.current_title?.value ?? null,
      current_company: parsed.current_company?.value ?? null,
      years_experience: parsed.years_experience?.value ?? null,
    };
    const want: Record<FieldKey, string | number | null> = {
      name: `${expected.first_name}|${expected.last_name}`,
      email: expected.email,
      phone: expected.phone,
      location: expected.location,
      linkedin_url: expected.linkedin_url,
      github_url: expected.github_url,
      portfolio_url: expected.portfolio_url,
      current_title: expected.current_title,
      current_company: expected.current_company,
      years_experience: expected.years_experience,
    };
    for (const key of FIELDS) {
      const g = got[key];
      const w = want[key];
      if (w !== null) tally[key].expected += 1;
      if (g !== null) tally[key].predicted += 1;
      let correct = false;
      if (g !== null && w !== null) {
        if (key === 'years_experience') correct = Math.abs(Number(g) - Number(w)) <= 1;
        else correct = norm(String(g)) === norm(String(w));
      }
      if (correct) tally[key].tp += 1;
      else if (g !== w && (w !== null || g !== null) && !(key === 'years_experience' && w === null)) {
        if (key === 'years_experience' && w === null) continue;
        layoutMisses.set(`${key} @ ${item.layout}`, (layoutMisses.get(`${key} @ ${item.layout}`) ?? 0) + 1);
        if (verbose) console.log(`${item.id}  ${key}: expected ${JSON.stringify(w)}, got ${JSON.stringify(g)}`);
      }
    }
    const gotSkills = new Set(parsed.skills.map((skill) => skill.value));
    const wantSkills = new Set(expected.skills);
    const tp = [...wantSkills].filter((skill) => gotSkills.has(skill)).length;
    skillTp += tp;
    skillPredicted += gotSkills.size;
    skillExpected += wantSkills.size;
    if (verbose && (tp < wantSkills.size || tp < gotSkills.size)) {
      const missed = [...wantSkills].filter((skill) => !gotSkills.has(skill));
      const extra = [...gotSkills].filter((skill) => !wantSkills.has(skill));
      console.log(`${item.id}  skills: missed ${JSON.stringify(missed)}, extra ${JSON.stringify(extra)}`);
    }
  }
  stopResumeWorkers();

  console.log(`\nResume parsing evaluation: ${set.length} resumes (${generated.length} generated, ${hand.length} hand-written)`);
  console.log(`Formats: ${['txt', 'docx', 'pdf'].map((format) => `${format} ${set.filter((item) => item.format === format).length}`).join(', ')}; files in ${keep ? folder : '(removed)'}`);
  console.log('\nfield               precision   recall   (n expected)');
  for (const key of FIELDS) {
    const t = tally[key];
    console.log(`${key.padEnd(20)}${percent(t.tp, t.predicted)}   ${percent(t.tp, t.expected)}   (${t.expected})`);
  }
  const precision = skillPredicted ? skillTp / skillPredicted : 0;
  const recall = skillExpected ? skillTp / skillExpected : 0;
  const f1 = precision + recall ? (2 * precision * recall) / (precision + recall) : 0;
  console.log(`${'skills'.padEnd(20)}${percent(skillTp, skillPredicted)}   ${percent(skillTp, skillExpected)}   F1 ${f1.toFixed(3)}`);
  console.log(`\nyears_experience counts as right within 1 year; names need first and last right (any case).`);
  console.log(`Parse time, two-page PDFs (${twoPageTimes.length}): p50 ${quantile(twoPageTimes, 0.5).toFixed(0)} ms, p95 ${quantile(twoPageTimes, 0.95).toFixed(0)} ms`);
  console.log(`Parse time, all (${allTimes.length}): p50 ${quantile(allTimes, 0.5).toFixed(0)} ms, p95 ${quantile(allTimes, 0.95).toFixed(0)} ms`);
  if (verbose) console.log('\nmisses by field and layout:', Object.fromEntries([...layoutMisses].sort((a, b) => b[1] - a[1])));
  if (!keep) await rm(folder, { recursive: true, force: true });
}

await main();
