import { ApplicationsInbox } from '@/features/applications/components/applications-inbox';

/** /applications: the agency-wide inbox (issue 29 item k). */
export function ApplicationsInboxRoute() {
  return <ApplicationsInbox />;
}

export default ApplicationsInboxRoute;
