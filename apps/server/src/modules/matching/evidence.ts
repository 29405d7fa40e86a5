/** Where a matched skill shows in a candidate's resume (or skills list): short snippets, with the skill's span. */
import type { MatchEvidence } from '@recruitdesk/contracts/matching';
import { sentences } from './profiles';
import { skillKey, type SkillTerms } from './skill-terms';

const MAX_SNIPPET = 180;

function clip(text: string, start: number, end: number): MatchEvidence & { skill: string } {
  const trimmedStart = text.length - text.trimStart().length;
  let from = trimmedStart;
  let to = text.trimEnd().length;
  if (to - from > MAX_SNIPPET) {
    from = Math.max(from, start - 70);
    to = Math.min(to, Math.max(end + 70, from + MAX_SNIPPET));
  }
  const prefix = from > trimmedStart ? '…' : '';
  const suffix = to < text.trimEnd().length ? '…' : '';
  const snippet = `${prefix}${text.slice(from, to)}${suffix}`;
  return { skill: '', snippet, start: start - from + prefix.length, end: end - from + prefix.length };
}

/** One snippet per matched skill (the first sentence of the resume naming it, else the skills list). */
export function evidenceFor(
  terms: SkillTerms,
  wanted: Array<{ key: string; name: string }>,
  resumeText: string,
  skillsList: readonly string[],
): MatchEvidence[] {
  const open = new Map(wanted.map((skill) => [skill.key, skill.name]));
  const found: MatchEvidence[] = [];
  for (const sentence of sentences(resumeText)) {
    if (!open.size) break;
    for (const mention of terms.find(sentence.text)) {
      const key = skillKey(terms, mention.skill);
      const name = open.get(key);
      if (name === undefined) continue;
      open.delete(key);
      found.push({ ...clip(sentence.text, mention.start, mention.end), skill: name });
    }
  }
  if (open.size && skillsList.length) {
    const line = `Skills: ${skillsList.join(', ')}`;
    let offset = 'Skills: '.length;
    for (const raw of skillsList) {
      const name = open.get(skillKey(terms, raw));
      if (name !== undefined) {
        open.delete(skillKey(terms, raw));
        found.push({ ...clip(line, offset, offset + raw.length), skill: name });
      }
      offset += raw.length + 2;
    }
  }
  const order = new Map(wanted.map((skill, index) => [skill.name, index]));
  return found.sort((a, b) => (order.get(a.skill) ?? 0) - (order.get(b.skill) ?? 0));
}
