import { RESUME_ERRORS, RESUME_MAX_BYTES, RESUME_TYPES } from '@recruitdesk/contracts/candidate-constants';
import { checkFile, type FileRules } from '@/lib/file-upload';

/** The bulk upload takes what a candidate's resume takes: PDF or DOCX, 10 MB at most (checked again by content). */
export const BULK_RESUME_ACCEPT =
  '.pdf,.docx,application/pdf,application/vnd.openxmlformats-officedocument.wordprocessingml.document';

const RULES: FileRules = {
  types: RESUME_TYPES,
  maxBytes: RESUME_MAX_BYTES,
  messages: { type: RESUME_ERRORS.type, size: RESUME_ERRORS.tooLarge, empty: 'The file is empty.' },
  extensions: {
    '.pdf': 'application/pdf',
    '.docx': 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  },
};

export const checkBulkResume = (file: File) => checkFile(file, RULES);
