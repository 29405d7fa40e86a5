import type {
  CalendarEventsResponse,
  CalendarFeed,
  CalendarSubscriptionResponse,
} from '@recruitdesk/contracts/calendar';
import { baseApi } from '@/lib/base-api';

export interface CalendarFeedArgs {
  feed: CalendarFeed;
  /** ISO dates, end exclusive. */
  start: string;
  end: string;
  mine: boolean;
}

export const calendarApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getCalendarFeed: build.query<CalendarEventsResponse, CalendarFeedArgs>({
      query: ({ feed, start, end, mine }) => ({
        url: `/api/calendar/${feed}/`,
        params: { start, end, ...(mine ? { mine: 'true' } : {}) },
      }),
    }),
    getCalendarSubscription: build.query<CalendarSubscriptionResponse, void>({
      query: () => '/api/calendar/subscription/',
    }),
    rotateCalendarSubscription: build.mutation<CalendarSubscriptionResponse, void>({
      query: () => ({ url: '/api/calendar/subscription/rotate/', method: 'POST' }),
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled;
        // The status without the address (it is shown only in this answer).
        const { url: _url, ...status } = data.subscription;
        dispatch(
          calendarApi.util.upsertQueryData('getCalendarSubscription', undefined, {
            success: true,
            subscription: status,
          }),
        );
      },
    }),
  }),
});

export const { useGetCalendarFeedQuery, useGetCalendarSubscriptionQuery, useRotateCalendarSubscriptionMutation } =
  calendarApi;
