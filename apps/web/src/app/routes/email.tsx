import { EmailTemplatesPage } from '@/features/email-templates/components/email-templates-page';
import { MailboxesPage } from '@/features/mailboxes/components/mailboxes-page';
import { UnmatchedPage } from '@/features/mailboxes/components/unmatched-page';
import { SequencesPage } from '@/features/sequences/components/sequences-page';
import { selectUser } from '@/features/auth/auth-slice';
import { useAppSelector } from '@/lib/hooks';
import { isOwner } from '@/lib/permissions';
import { paths } from '@/config/paths';
import { BackLink, useCanEdit } from './route-helpers';

// Settings → Email (issue 33): templates, mailboxes and the unmatched messages. One lazy chunk.

/** /settings/email-templates */
export function EmailTemplatesRoute() {
  return (
    <div className="space-y-4">
      <div className="mx-auto max-w-4xl">
        <BackLink to={paths.app.settings.getHref()}>Settings</BackLink>
      </div>
      <EmailTemplatesPage canEdit={useCanEdit()} />
    </div>
  );
}

/** /settings/mailboxes */
export function MailboxesRoute() {
  const user = useAppSelector(selectUser);
  return (
    <div className="space-y-4">
      <div className="mx-auto max-w-4xl">
        <BackLink to={paths.app.settings.getHref()}>Settings</BackLink>
      </div>
      <MailboxesPage canShare={Boolean(user && isOwner(user))} />
    </div>
  );
}

/** /settings/mailboxes/unmatched */
export function UnmatchedRoute() {
  return (
    <div className="space-y-4">
      <div className="mx-auto max-w-4xl">
        <BackLink to={paths.app.mailboxes.getHref()}>Mailboxes</BackLink>
      </div>
      <UnmatchedPage />
    </div>
  );
}

/** /settings/sequences */
export function SequencesRoute() {
  return (
    <div className="space-y-4">
      <div className="mx-auto max-w-4xl">
        <BackLink to={paths.app.settings.getHref()}>Settings</BackLink>
      </div>
      <SequencesPage canEdit={useCanEdit()} />
    </div>
  );
}
