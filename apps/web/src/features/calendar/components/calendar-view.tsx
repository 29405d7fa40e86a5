import { Calendar, type CalendarRef, type DatesSetInfo, type EventClickInfo } from '@fullcalendar/react';
import dayGridPlugin from '@fullcalendar/react/daygrid';
import listPlugin from '@fullcalendar/react/list';
import classicThemePlugin from '@fullcalendar/react/themes/classic';
import timeGridPlugin from '@fullcalendar/react/timegrid';
import '@fullcalendar/react/skeleton.css';
import '@fullcalendar/react/themes/classic/theme.css';
import '@fullcalendar/react/themes/classic/palette.css';
import type { CalendarEvent, CalendarFeed, CalendarKind } from '@recruitdesk/contracts/calendar';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { cn } from '@/components/ui/cn';
import { QueryError } from '@/components/ui/query-error';
import { Spinner } from '@/components/ui/spinner';
import { formatTime } from '@/lib/format';
import { useAppSelector } from '@/lib/hooks';
import { useTimeZone } from '@/lib/time-zone';
import { selectTheme } from '@/lib/ui-slice';
import { useGetCalendarFeedQuery } from '../api';
import {
  DEFAULT_SCROLL_TIME,
  eventPath,
  feedsFor,
  fetchRange,
  kindsFor,
  scrollTimeFor,
  toEventInputs,
} from '../calendar-events';
import { CalendarFilters } from './calendar-filters';
import './calendar.css';

const VIEWS = [
  { id: 'dayGridMonth', label: 'Month' },
  { id: 'timeGridWeek', label: 'Week' },
  { id: 'timeGridDay', label: 'Day' },
  { id: 'listWeek', label: 'Agenda' },
] as const;
type ViewId = (typeof VIEWS)[number]['id'];

/** Phones open on the agenda (a month grid has no room for titles there). */
const isPhone = () =>
  typeof window !== 'undefined' &&
  typeof window.matchMedia === 'function' &&
  window.matchMedia('(max-width: 639px)').matches;

interface Range {
  start: string;
  end: string;
}

/** One feed, asked for only when one of its kinds is shown. */
function useFeed(feed: CalendarFeed, wanted: readonly CalendarFeed[], range: Range | null, mine: boolean) {
  return useGetCalendarFeedQuery(range ? { feed, ...range, mine } : (undefined as never), {
    skip: !range || !wanted.includes(feed),
  });
}

/**
 * FullCalendar's times in the app's one format (lib/format.ts), not its own '2:30p'. It hands over the wall
 * time in the profile zone as a UTC date, so it is formatted in UTC.
 */
const wallTime = (marker: Date) => formatTime(marker, 'UTC');
const timeFormat = ({ start, end }: { start: { marker: Date }; end?: { marker: Date } | null }) =>
  end && end.marker.getTime() !== start.marker.getTime()
    ? `${wallTime(start.marker)} – ${wallTime(end.marker)}`
    : wallTime(start.marker);

/** The calendar: month, week, day and agenda over the four feeds, with the legend as a filter. */
export function CalendarView({ userTypes }: { userTypes: readonly string[] }) {
  const zone = useTimeZone();
  const theme = useAppSelector(selectTheme);
  const navigate = useNavigate();
  const calendarRef = useRef<CalendarRef>(null);
  const kinds = useMemo(() => kindsFor(userTypes), [userTypes]);
  const [shown, setShown] = useState<Set<CalendarKind>>(() => new Set(kinds));
  const [mine, setMine] = useState(false);
  const [initialView] = useState<ViewId>(() => (isPhone() ? 'listWeek' : 'dayGridMonth'));
  const [view, setView] = useState<ViewId>(initialView);
  const [title, setTitle] = useState('');
  const [range, setRange] = useState<Range | null>(null);
  // The dates the view shows (not the wider range asked for), for where the week and day views scroll.
  const [visible, setVisible] = useState<Range | null>(null);

  const wanted = useMemo(() => feedsFor(shown), [shown]);
  const feeds = [
    useFeed('interviews', wanted, range, mine),
    useFeed('roles', wanted, range, mine),
    useFeed('retainer-clients', wanted, range, mine),
    useFeed('invoice-payouts', wanted, range, mine),
  ];
  const loading = feeds.some((feed) => feed.isFetching);
  const failed = feeds.find((feed) => feed.isError);
  const allEvents: CalendarEvent[] = feeds.flatMap((feed, index) =>
    wanted.includes((['interviews', 'roles', 'retainer-clients', 'invoice-payouts'] as const)[index]!)
      ? (feed.data?.events ?? [])
      : [],
  );
  const events = useMemo(() => toEventInputs(allEvents, shown), [allEvents, shown]);
  const settled = range !== null && !loading && !failed;

  const api = () => calendarRef.current?.getApi();
  // Week and day open at the earliest event shown, else 8 am (FullCalendar's 6 am hid earlier ones, issue
  // 29 item p): once per view and dates, when their events are in, so the user's own scrolling stays.
  const scrollTime =
    visible && view.startsWith('timeGrid') ? scrollTimeFor(events, visible.start, visible.end, zone) : null;
  const scrolledFor = useRef('');
  useEffect(() => {
    if (!settled || !scrollTime || !visible) return;
    const key = `${view} ${visible.start}`;
    if (scrolledFor.current === key) return;
    scrolledFor.current = key;
    calendarRef.current?.getApi().scrollToTime(scrollTime);
  }, [settled, scrollTime, visible, view]);
  const onDatesSet = (info: DatesSetInfo) => {
    setTitle(info.view.title);
    setView(info.view.type as ViewId);
    setVisible((current) =>
      current && current.start === info.startStr && current.end === info.endStr
        ? current
        : { start: info.startStr, end: info.endStr },
    );
    const next = fetchRange(info.startStr, info.endStr);
    setRange((current) => (current && current.start === next.start && current.end === next.end ? current : next));
  };
  const onEventClick = (info: EventClickInfo) => {
    info.jsEvent.preventDefault();
    const path = eventPath(info.event.url);
    if (path) void navigate(path);
  };
  const toggle = (kind: CalendarKind) =>
    setShown((current) => {
      const next = new Set(current);
      if (next.has(kind)) next.delete(kind);
      else next.add(kind);
      return next;
    });

  return (
    <div className="space-y-4">
      <CalendarFilters kinds={kinds} shown={shown} onToggle={toggle} mine={mine} onMineChange={setMine} />
      <Card className="overflow-hidden">
        <div className="flex flex-wrap items-center gap-2 border-b border-gray-200 px-3 py-2 sm:px-4 dark:border-white/10">
          <div className="flex items-center gap-1">
            <Button variant="ghost" size="icon" aria-label="Previous" onClick={() => api()?.prev()}>
              <ChevronLeft aria-hidden="true" className="size-4" />
            </Button>
            <Button variant="secondary" size="sm" onClick={() => api()?.today()}>
              Today
            </Button>
            <Button variant="ghost" size="icon" aria-label="Next" onClick={() => api()?.next()}>
              <ChevronRight aria-hidden="true" className="size-4" />
            </Button>
          </div>
          <h2
            className="min-w-0 flex-1 truncate text-base font-semibold text-gray-900 dark:text-white"
            aria-live="polite"
          >
            {title}
          </h2>
          <span aria-live="polite" className="flex items-center gap-1.5 text-xs text-gray-500 dark:text-gray-400">
            {loading ? (
              <>
                <Spinner className="size-3.5" /> Loading events…
              </>
            ) : settled ? (
              events.length === 0 ? (
                'Nothing in this period'
              ) : (
                `${events.length} ${events.length === 1 ? 'event' : 'events'}`
              )
            ) : null}
          </span>
          <div
            role="group"
            aria-label="View"
            className="flex w-full rounded-md shadow-sm ring-1 ring-inset ring-gray-300 sm:w-auto dark:ring-white/10"
          >
            {VIEWS.map((option) => (
              <button
                key={option.id}
                type="button"
                aria-pressed={view === option.id}
                onClick={() => api()?.changeView(option.id)}
                className={cn(
                  'h-8 flex-1 px-3 text-sm font-medium first:rounded-l-md last:rounded-r-md focus-visible:z-10 focus-visible:outline-2 focus-visible:outline-brand-600 sm:flex-none',
                  view === option.id
                    ? 'bg-brand-600 text-white dark:bg-brand-500'
                    : 'text-gray-700 hover:bg-gray-50 dark:text-gray-300 dark:hover:bg-white/5',
                )}
              >
                {option.label}
              </button>
            ))}
          </div>
        </div>
        {failed ? (
          <QueryError
            title="The calendar could not load its events."
            error={failed.error}
            onRetry={() => feeds.forEach((feed) => feed.isError && void feed.refetch())}
          />
        ) : null}
        <div
          className={cn('rd-calendar p-2 sm:p-3', view === 'listWeek' && 'rd-agenda')}
          data-color-scheme={theme === 'dark' ? 'dark' : 'light'}
        >
          <Calendar
            ref={calendarRef}
            plugins={[classicThemePlugin, dayGridPlugin, timeGridPlugin, listPlugin]}
            initialView={initialView}
            scrollTime={DEFAULT_SCROLL_TIME}
            eventTimeFormat={timeFormat}
            slotHeaderFormat={timeFormat}
            headerToolbar={false}
            timeZone={zone ?? 'local'}
            events={events}
            eventClick={onEventClick}
            datesSet={onDatesSet}
            height={view.startsWith('timeGrid') ? 720 : 'auto'}
            dayMaxEvents={3}
            nowIndicator
            noEventsContent="Nothing in this period."
            listItemEventInnerClass="rd-list-inner"
            listItemEventTitleClass="rd-list-title"
          />
        </div>
      </Card>
    </div>
  );
}
