import { formatRelativeTime } from '@/lib/format';
import { useDateFormat } from '@/lib/time-zone';

/** '5 minutes ago', with the exact date and time in the profile zone as its tooltip. */
export function RelativeTime({ value, now, className }: { value: string; now?: Date; className?: string }) {
  const format = useDateFormat();
  return (
    <time dateTime={value} title={format.dateTime(value)} className={className}>
      {formatRelativeTime(value, now)}
    </time>
  );
}

/** A date ('Mar 1, 2026'), or with `withTime` a date and time, in the profile zone. */
export function DateText({
  value,
  withTime = false,
  className,
}: {
  value: string;
  withTime?: boolean;
  className?: string;
}) {
  const format = useDateFormat();
  return (
    <time dateTime={value} className={className}>
      {withTime ? format.dateTime(value) : format.date(value)}
    </time>
  );
}
