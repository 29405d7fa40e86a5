import type { ReactNode } from 'react';
import { selectAuth } from '@/features/auth/auth-slice';
import { useAppSelector } from '@/lib/hooks';
import { TimeZoneProvider } from '@/lib/time-zone';

/** Every date and time below shows in the signed-in user's profile zone (issue 16 item 3). */
export function ProfileTimeZone({ children }: { children: ReactNode }) {
  const zone = useAppSelector(selectAuth).user?.time_zone;
  return <TimeZoneProvider zone={zone || undefined}>{children}</TimeZoneProvider>;
}
