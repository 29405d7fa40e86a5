import { PageHeader } from '@/components/ui/page-header';
import { PAGE_TEXT } from '@/config/page-text';
import { selectUser } from '@/features/auth/auth-slice';
import { CalendarSubscribeButton } from '@/features/calendar/components/calendar-subscription';
import { CalendarView } from '@/features/calendar/components/calendar-view';
import { useAppSelector } from '@/lib/hooks';

/** /calendar: 'Calendar' (FullCalendar and its styles load with this page only). */
export function CalendarRoute() {
  const user = useAppSelector(selectUser);
  if (!user) return null;
  return (
    <div className="space-y-6">
      <PageHeader
        title={PAGE_TEXT.calendar.title}
        description={PAGE_TEXT.calendar.description}
        actions={<CalendarSubscribeButton />}
      />
      <CalendarView userTypes={user.user_type} />
    </div>
  );
}

export default CalendarRoute;
