import { Link } from 'react-router';
import { FileText, FileUp, Inbox, ListOrdered, Lock, Mail } from 'lucide-react';
import { buttonClasses } from '@/components/ui/button';
import { SectionCard as Section } from '@/components/ui/card';
import { selectUser } from '@/features/auth/auth-slice';
import { PreferencesForm } from '@/features/profile/components/preferences-form';
import { ExportEverythingSection } from '@/features/agency-archive/components/export-everything';
import { AgencySettingsSection } from '@/features/settings/components/agency-settings-form';
import { RetentionSettingsSection } from '@/features/data-protection/components/retention-settings-form';
import { StoppedMailboxesBanner } from '@/features/mailboxes/components/stopped-banner';
import { SkillVocabularySection } from '@/features/skills/components/skill-vocabulary-section';
import { useAppSelector } from '@/lib/hooks';
import { canEdit, canImport, canManageSkillVocabulary, isOwner } from '@/lib/permissions';
import { paths } from '@/config/paths';
import { useUpdateAuthUser } from './use-update-auth-user';

/** /settings: personal preferences for everyone; agency settings edited by the owner. */
export function SettingsRoute() {
  const user = useAppSelector(selectUser);
  const onUserUpdated = useUpdateAuthUser();
  if (!user) return null;
  const owner = isOwner(user);
  return (
    <div className="mx-auto max-w-3xl space-y-6">
      {canEdit(user) ? <StoppedMailboxesBanner userId={user.id} includeShared={owner} /> : null}
      <Section id="personal" title="Personal" description="Your own theme and time zone.">
        <PreferencesForm user={user} onUserUpdated={onUserUpdated} />
      </Section>
      <Section
        id="agency"
        title="Agency"
        description={
          owner
            ? 'Used for new clients and on every invoice.'
            : 'Used for new clients and on every invoice. Only an owner can change these.'
        }
      >
        {owner ? null : (
          <p className="mb-5 flex items-center gap-2 rounded-lg bg-gray-50 px-3 py-2 text-sm text-gray-600 ring-1 ring-gray-200 ring-inset dark:bg-white/5 dark:text-gray-400 dark:ring-white/10">
            <Lock aria-hidden="true" className="size-4 shrink-0" />
            Read-only: only an owner can change the agency settings.
          </p>
        )}
        <AgencySettingsSection canEdit={owner} />
      </Section>
      {canEdit(user) ? (
        <Section
          id="email"
          title="Email"
          description="Templates for the emails you send, and the mailboxes whose mail is filed on your records."
        >
          <div className="flex flex-wrap gap-2">
            <Link to={paths.app.emailTemplates.getHref()} className={buttonClasses('secondary')}>
              <FileText aria-hidden="true" className="size-4" />
              Email templates
            </Link>
            <Link to={paths.app.mailboxes.getHref()} className={buttonClasses('secondary')}>
              <Mail aria-hidden="true" className="size-4" />
              Mailboxes
            </Link>
            <Link to={paths.app.unmatched.getHref()} className={buttonClasses('secondary')}>
              <Inbox aria-hidden="true" className="size-4" />
              Unmatched messages
            </Link>
            <Link to={paths.app.sequences.getHref()} className={buttonClasses('secondary')}>
              <ListOrdered aria-hidden="true" className="size-4" />
              Sequences
            </Link>
          </div>
        </Section>
      ) : null}
      {canImport(user) ? (
        <Section
          id="import"
          title="Import"
          description="Bring candidates, clients and roles in from CSV or XLSX files (OpenCATS and Bullhorn exports recognised)."
        >
          <Link to={paths.app.imports.getHref()} className={buttonClasses('secondary')}>
            <FileUp aria-hidden="true" className="size-4" />
            Imports and history
          </Link>
        </Section>
      ) : null}
      <Section
        id="skills"
        title="Skills vocabulary"
        description="How resumes and matching name skills: your agency's own aliases, on top of the built-in list."
      >
        <SkillVocabularySection canEdit={canManageSkillVocabulary(user)} />
      </Section>
      {owner ? (
        <Section
          id="data-protection"
          title="Data protection"
          description="How long people's data is kept after their last activity, and what happens when that time ends."
        >
          <RetentionSettingsSection />
        </Section>
      ) : null}
      {owner ? (
        <Section
          id="export"
          title="Export everything"
          description="All of the agency's data in one ZIP, to keep or to move."
        >
          <ExportEverythingSection />
        </Section>
      ) : null}
    </div>
  );
}

export default SettingsRoute;
