import { generateResumes } from './generate';
import { resumeText } from '../../src/modules/resumes/resume-text';
const set = await generateResumes(64);
for (const id of process.argv.slice(2)) { const r = set.find(x => x.id.startsWith(id))!; process.stdout.write(`===== ${r.id}\n${(await resumeText(r.format, new Uint8Array(r.bytes))).slice(0, 1500)}\n`); }
