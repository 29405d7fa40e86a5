import { generateResumes } from './generate';
import { resumeText } from '../../src/modules/resumes/resume-text';
import { extractResumeFields } from '../../src/modules/resumes/resume-extract';
import { buildSkillVocabulary } from '../../src/modules/skills/skill-vocabulary.service';
const set = await generateResumes(64);
const v = buildSkillVocabulary();
for (const id of process.argv.slice(2)) { const r = set.find(x => x.id.startsWith(id))!; const text = await resumeText(r.format, new Uint8Array(r.bytes)); const f = extractResumeFields(text, v);
process.stdout.write(`${r.id} ${JSON.stringify({t: f.current_title?.value, c: f.current_company?.value, y: f.years_experience?.value, p: f.phone?.value})}\n`); }
