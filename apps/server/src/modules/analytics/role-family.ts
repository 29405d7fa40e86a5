// The role family (issue 12): a role's title normalised so "Sr. Software Developer" and "Software Engineer II"
// count together. Rules, in order (docs/analytics.md "Role family"):
//   1. lower case; "&" becomes "and"; "c++"/"c#"/".net" keep their symbols as words (cpp, csharp, dotnet);
//   2. anything in brackets and anything after " - ", " – ", " | ", "," or " @ " is dropped (team, location);
//   3. punctuation becomes a space;
//   4. seniority and level words are dropped: senior, sr, junior, jr, lead, principal, staff, head, chief,
//      associate, assistant, intern, graduate, trainee, entry, level, mid, i, ii, iii, iv, v, 1-5;
//   5. synonyms are joined word by word: developer/dev/programmer/coder → engineer, eng → engineer,
//      mgr → manager, front/end → frontend, back/end → backend, full/stack → fullstack, ux/ui → designer
//      ("ux designer", "ui designer", "ux/ui designer" → "product designer"), qa/tester → qa engineer,
//      devops/sre/site reliability → devops engineer, swe → software engineer, pm → product manager,
//      bdr/sdr → sales development representative, ae → account executive;
//   6. repeated words collapse ("engineer engineer" → "engineer"); an empty result is "other".
// The key is the words joined by one space; the label capitalises each word.

const SENIORITY = new Set([
  'senior',
  'sr',
  'junior',
  'jr',
  'lead',
  'principal',
  'staff',
  'head',
  'chief',
  'associate',
  'assistant',
  'intern',
  'internship',
  'graduate',
  'grad',
  'trainee',
  'entry',
  'level',
  'mid',
  'i',
  'ii',
  'iii',
  'iv',
  'v',
  '1',
  '2',
  '3',
  '4',
  '5',
  'of',
]);

const WORD_SYNONYMS: Record<string, string> = {
  developer: 'engineer',
  dev: 'engineer',
  devs: 'engineer',
  developers: 'engineer',
  engineers: 'engineer',
  programmer: 'engineer',
  coder: 'engineer',
  eng: 'engineer',
  engr: 'engineer',
  mgr: 'manager',
  tester: 'qa',
  sdet: 'qa',
};

/** Whole-phrase synonyms, applied after the word synonyms (longest first). */
const PHRASE_SYNONYMS: [RegExp, string][] = [
  [/\bsite reliability engineer\b/g, 'devops engineer'],
  [/\b(?:sre|devops)(?: engineer)?\b/g, 'devops engineer'],
  [/\bfront end\b/g, 'frontend'],
  [/\bback end\b/g, 'backend'],
  [/\bfull stack\b/g, 'fullstack'],
  [/\b(?:ux ui|ui ux|ux|ui)(?: designer)\b/g, 'product designer'],
  [/\bqa(?: engineer| analyst)?\b/g, 'qa engineer'],
  [/\bquality assurance(?: engineer| analyst)?\b/g, 'qa engineer'],
  [/\bswe\b/g, 'software engineer'],
  [/\bpm\b/g, 'product manager'],
  [/\b(?:bdr|sdr)\b/g, 'sales development representative'],
  [/\bae\b/g, 'account executive'],
];

const cache = new Map<string, string>();

/** The role family key of a title ("Sr. Software Developer (Payments)" → "software engineer"). */
export function roleFamilyOf(title: string): string {
  const hit = cache.get(title);
  if (hit !== undefined) return hit;
  let text = title.toLowerCase();
  text = text
    .replace(/&/g, ' and ')
    .replace(/c\+\+/g, ' cpp ')
    .replace(/c#/g, ' csharp ')
    .replace(/\.net\b/g, ' dotnet ');
  text = text.replace(/\([^)]*\)|\[[^\]]*\]/g, ' ');
  text = text.split(/\s[-–—|@]\s|,/)[0] ?? '';
  text = text.replace(/[^a-z0-9]+/g, ' ');
  const words = text
    .split(' ')
    .filter((word) => word && !SENIORITY.has(word))
    .map((word) => WORD_SYNONYMS[word] ?? word);
  let joined = words.filter((word, index) => word !== words[index - 1]).join(' ');
  for (const [pattern, replacement] of PHRASE_SYNONYMS) joined = joined.replace(pattern, replacement);
  const collapsed = joined.split(' ').filter((word, index, all) => word && word !== all[index - 1]);
  const key = collapsed.join(' ') || 'other';
  if (cache.size > 50_000) cache.clear();
  cache.set(title, key);
  return key;
}

/** "software engineer" → "Software Engineer"; short words in capitals stay readable ("Qa Engineer" → "QA Engineer"). */
export function roleFamilyLabel(key: string): string {
  return key
    .split(' ')
    .map((word) =>
      ['qa', 'ux', 'ui', 'hr', 'it', 'ai', 'ml', 'cpp', 'csharp', 'dotnet'].includes(word)
        ? word.toUpperCase()
        : `${word.charAt(0).toUpperCase()}${word.slice(1)}`,
    )
    .join(' ');
}
