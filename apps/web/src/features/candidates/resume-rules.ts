import { RESUME_ERRORS, RESUME_MAX_BYTES, RESUME_TYPES } from '@recruitdesk/contracts/candidate-constants';
import { checkFile, fileTypeOf, type FileRules } from '@/lib/file-upload';

export const RESUME_ACCEPT =
  '.pdf,.docx,application/pdf,application/vnd.openxmlformats-officedocument.wordprocessingml.document';

/** The server's rules (PDF or DOCX, at most 10 MB), checked before anything is sent. */
export const RESUME_RULES: FileRules = {
  types: RESUME_TYPES,
  maxBytes: RESUME_MAX_BYTES,
  messages: {
    type: RESUME_ERRORS.type,
    size: RESUME_ERRORS.tooLarge,
    empty: 'The file is empty. Choose another file.',
  },
  extensions: {
    '.pdf': 'application/pdf',
    '.docx': 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  },
};

export const checkResumeFile = (file: File) => checkFile(file, RESUME_RULES);
export const resumeTypeOf = (file: File) => fileTypeOf(file, RESUME_RULES);
