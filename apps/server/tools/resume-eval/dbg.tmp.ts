import { generateResumes } from '/work/wt-resume-parse/apps/server/tools/resume-eval/generate';
import { resumeText } from '/work/wt-resume-parse/apps/server/src/modules/resumes/resume-text';
const set = await generateResumes(64);
for (const id of process.argv.slice(2)) { const r = set.find(x => x.id.startsWith(id))!; console.log('=====', r.id); console.log((await resumeText(r.format, new Uint8Array(r.bytes))).slice(0, 900)); }
