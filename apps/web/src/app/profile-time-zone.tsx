import { useEffect, type ReactNode } from 'react';
import { selectIsAuthenticated, selectUserTimeZone } from '@/features/auth/auth-slice';
import { prepareDateFormats } from '@/lib/format';
import { useAppSelector } from '@/lib/hooks';
import { TimeZoneProvider } from '@/lib/time-zone';
import { afterFirstPaint } from './first-paint';

/** Every date and time below shows in the signed-in user's profile zone (issue 16 item 3). */
export function ProfileTimeZone({ children }: { children: ReactNode }) {
  const zone = useAppSelector(selectUserTimeZone);
  const signedIn = useAppSelector(selectIsAuthenticated);
  useEffect(() => {
    if (!signedIn) return;
    let active = true;
    void afterFirstPaint().then(() => active && prepareDateFormats(zone || undefined));
    return () => {
      active = false;
    };
  }, [signedIn, zone]);
  return <TimeZoneProvider zone={zone || undefined}>{children}</TimeZoneProvider>;
}
