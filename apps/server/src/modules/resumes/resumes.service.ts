import { RESUME_ERRORS, type ParsedResume } from '@recruitdesk/contracts/resumes';
import type { Deps } from '../../lib/deps';
import { AppError } from '../../lib/errors';
import { assertCan } from '../../lib/permissions';
import { loadSkillVocabulary } from '../skills/skills.service';
import type { UserRow } from '../users/users.service';
import { parseResumeFile } from './resume-parser';

export { emptyParsedResume, parseResumeFile, resumeKindOf, stopResumeWorkers } from './resume-parser';

/** POST /api/resumes/parse/: owners, superusers and recruiters (whoever may fill a candidate form). */
export async function parseUploadedResume(
  deps: Deps,
  actor: UserRow,
  file: { buffer: Buffer; filename: string; contentType: string } | null,
): Promise<ParsedResume> {
  assertCan(actor, 'records.write');
  if (!file || file.buffer.length === 0) throw new AppError('FILE_REQUIRED', 400, RESUME_ERRORS.FILE_REQUIRED);
  const vocabulary = await loadSkillVocabulary(deps.db);
  const started = performance.now();
  const resume = await parseResumeFile(file, vocabulary);
  // No personal data in the log: the size, the time and what was found, never the values.
  deps.log.info(
    {
      bytes: file.buffer.length,
      ms: Math.round(performance.now() - started),
      fields: Object.entries(resume).filter(([key, value]) => value !== null && key !== 'text' && key !== 'warnings').length,
    },
    'resume parsed',
  );
  return resume;
}
