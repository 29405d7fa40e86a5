import { SectionCard as Section } from '@/components/ui/card';
import { selectUser } from '@/features/auth/auth-slice';
import { CalendarSubscription } from '@/features/calendar/components/calendar-subscription';
import { ChangePasswordForm } from '@/features/profile/components/change-password-form';
import { PersonalDetailsForm } from '@/features/profile/components/personal-details-form';
import { PreferencesForm } from '@/features/profile/components/preferences-form';
import { ProfilePicture } from '@/features/profile/components/profile-picture-card';
import { SessionsList } from '@/features/sessions/components/sessions-list';
import { useAppSelector } from '@/lib/hooks';
import { useUpdateAuthUser } from './use-update-auth-user';

/** /profile and /me: 'My Profile'. */
export function ProfileRoute() {
  const user = useAppSelector(selectUser);
  const onUserUpdated = useUpdateAuthUser();
  if (!user) return null;
  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <Section id="profile-picture" title="Profile picture" description="Shown next to your name across RecruitDesk.">
        <ProfilePicture user={user} onUserUpdated={onUserUpdated} />
      </Section>
      <Section id="personal-details" title="Personal details">
        <PersonalDetailsForm user={user} onUserUpdated={onUserUpdated} />
      </Section>
      <Section id="preferences" title="Preferences" description="Dates and times show in your time zone.">
        <PreferencesForm user={user} onUserUpdated={onUserUpdated} />
      </Section>
      <Section
        id="calendar-subscription"
        title="Calendar subscription"
        description="Your calendar in any calendar app, through a private address."
      >
        <CalendarSubscription />
      </Section>
      <Section id="change-password" title="Change password">
        <ChangePasswordForm />
      </Section>
      <Section
        id="sessions"
        title="Sessions"
        description="Where you are signed in. Sign out anything you do not recognise."
        flush
      >
        <SessionsList />
      </Section>
    </div>
  );
}

export default ProfileRoute;
