import { IndeedPostingPage } from '@/features/job-postings/components/indeed-posting-page';
import { useCanEdit } from './route-helpers';

/** /jobs/indeed: 'Indeed Posting' (viewers read; the others enter and import figures). */
export function JobPostingsRoute() {
  return <IndeedPostingPage canEdit={useCanEdit()} />;
}

export default JobPostingsRoute;
