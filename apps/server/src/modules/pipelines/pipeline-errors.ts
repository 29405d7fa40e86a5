import { PIPELINE_ERRORS } from '@recruitdesk/contracts/pipelines';
import { AppError } from '../../lib/errors';

/** The pipeline errors every part of the module throws. */
export const notFound = () => new AppError('PIPELINE_NOT_FOUND', 404, PIPELINE_ERRORS.NOT_FOUND);
export const refused = (code: keyof typeof PIPELINE_ERRORS) => new AppError(code, 409, PIPELINE_ERRORS[code]);
export const badInput = (code: keyof typeof PIPELINE_ERRORS, field: string) =>
  new AppError(code, 400, PIPELINE_ERRORS[code], { fields: { [field]: [PIPELINE_ERRORS[code]] } });
