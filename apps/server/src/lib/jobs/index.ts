export {
  createJobRunner,
  estimateEtaSeconds,
  JobAbortedError,
  JobError,
  jobErrorMessage,
  SWEEP_JOB_KIND,
  toJobView,
  type JobContext,
  type JobKindOptions,
  type JobRunner,
  type JobRunnerOptions,
  type JobState,
  type JobView,
} from './runner';
export { jobsTable, JOB_STATES, type JobRow } from './jobs.table';
