// Offered times as people read them: in the offer's (interviewer's) zone, with the zone's short name.

const cache = new Map<string, Intl.DateTimeFormat>();

function formatter(zone: string): Intl.DateTimeFormat {
  let cached = cache.get(zone);
  if (!cached) {
    try {
      cached = new Intl.DateTimeFormat('en-GB', {
        weekday: 'short',
        day: 'numeric',
        month: 'short',
        year: 'numeric',
        hour: '2-digit',
        minute: '2-digit',
        hourCycle: 'h23',
        timeZone: zone,
      });
    } catch {
      cached = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' });
    }
    cache.set(zone, cached);
  }
  return cached;
}

/** 'Tue, 12 Jan 2027, 09:00' in `zone` (the card names the zone once). */
export function slotLabel(startsAt: string, zone: string): string {
  return formatter(zone).format(new Date(startsAt));
}

/** Every IANA zone the browser knows (UTC first). */
export function timeZoneOptions(): string[] {
  const supported = (Intl as { supportedValuesOf?: (key: string) => string[] }).supportedValuesOf?.('timeZone') ?? [];
  return ['UTC', ...supported.filter((zone) => zone !== 'UTC')];
}

/** The browser's own zone, else UTC. */
export function browserZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    return 'UTC';
  }
}
