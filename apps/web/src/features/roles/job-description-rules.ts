import { JOB_DESCRIPTION_MAX_BYTES, JOB_DESCRIPTION_TYPES } from '@recruitdesk/contracts/role-constants';
import type { FileRules } from '@/lib/file-upload';

export const JOB_DESCRIPTION_ACCEPT = '.pdf,.docx,.txt';

export const JOB_DESCRIPTION_RULES: FileRules = {
  types: JOB_DESCRIPTION_TYPES,
  maxBytes: JOB_DESCRIPTION_MAX_BYTES,
  messages: {
    type: 'Choose a PDF, DOCX or TXT file.',
    size: 'The file must be 10 MB or smaller.',
    empty: 'The file is empty. Choose another file.',
  },
  extensions: {
    '.pdf': 'application/pdf',
    '.docx': 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    '.txt': 'text/plain',
  },
};
