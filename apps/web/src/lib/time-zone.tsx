import { createContext, useContext, useMemo, type ReactNode } from 'react';
import {
  formatDate,
  formatDateTime,
  formatDateTimeWithZone,
  formatLongDate,
  formatStoredText,
  fromWallTime,
  todayIn,
  toWallTime,
} from './format';

/**
 * The zone dates and times are shown and entered in: the signed-in user's profile zone, provided by the
 * app layer (app/provider.tsx). Undefined (no provider: signed-out screens, component tests) means the
 * runtime's own zone.
 */
const TimeZoneContext = createContext<string | undefined>(undefined);

export function TimeZoneProvider({ zone, children }: { zone: string | undefined; children: ReactNode }) {
  return <TimeZoneContext.Provider value={zone}>{children}</TimeZoneContext.Provider>;
}

export function useTimeZone(): string | undefined {
  return useContext(TimeZoneContext);
}

/** The format module's date helpers bound to the profile zone. */
export function useDateFormat() {
  const zone = useTimeZone();
  return useMemo(
    () => ({
      zone,
      dateTime: (value: string | number | Date) => formatDateTime(value, zone),
      dateTimeWithZone: (value: string | number | Date) => formatDateTimeWithZone(value, zone),
      date: (value: string | number | Date) => formatDate(value, zone),
      longDate: (value: Date) => formatLongDate(value, zone),
      storedText: (text: string) => formatStoredText(text, zone),
      today: () => todayIn(zone),
      toWallTime: (value: string | Date) => toWallTime(value, zone),
      fromWallTime: (value: string) => fromWallTime(value, zone),
    }),
    [zone],
  );
}
