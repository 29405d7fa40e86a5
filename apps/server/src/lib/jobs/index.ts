export {
  estimateEtaSeconds,
  JobAbortedError,
  JobError,
  jobErrorMessage,
  toJobView,
  type DbJobRunner,
  type JobContext,
  type JobKindOptions,
  type JobRunner,
  type JobRunnerOptions,
  type JobState,
  type JobView,
} from './job-types';
export { jobsTable, JOB_STATES, type JobRow } from './jobs.table';
export { createJobRunner, SWEEP_JOB_KIND } from './runner';
