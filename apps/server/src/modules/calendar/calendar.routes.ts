import {
  CALENDAR_FEEDS,
  CalendarEventsResponseSchema,
  CalendarFeedTokenParamSchema,
  CalendarRangeQuerySchema,
  CalendarSubscriptionResponseSchema,
  InterviewsQuerySchema,
  InterviewsResponseSchema,
} from '@recruitdesk/contracts/calendar';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../lib/errors';
import { requireUser } from '../users/users.service';
import { getSubscription, renderSubscription, rotateSubscription } from './calendar-subscription.service';
import { calendarFeed, invoiceCalendarEvents, listInterviews, type InvoiceEventsLoader } from './calendar.service';

const errors = errorResponses(400, 401, 403);

/** The calendar's feeds, the interviews list and the personal iCal subscription (issue 11, decision 024). */
export const calendarRoutes: FastifyPluginAsyncZod<{ invoiceEvents: InvoiceEventsLoader }> = async (app, options) => {
  invoiceCalendarEvents.provide(options.invoiceEvents);
  const { deps } = app;
  const tags = ['calendar'];

  for (const feed of CALENDAR_FEEDS) {
    app.get(`/api/calendar/${feed}/`, {
      schema: {
        tags,
        querystring: CalendarRangeQuerySchema,
        response: { 200: CalendarEventsResponseSchema, ...errors },
      },
      handler: async (request) => ({
        success: true as const,
        events: await calendarFeed(deps, requireUser(request), feed, request.query),
      }),
    });
  }

  app.get('/api/interviews/', {
    schema: { tags, querystring: InterviewsQuerySchema, response: { 200: InterviewsResponseSchema, ...errors } },
    handler: async (request) => ({
      success: true as const,
      ...(await listInterviews(deps, requireUser(request), request.query)),
    }),
  });

  app.get('/api/calendar/subscription/', {
    schema: { tags, response: { 200: CalendarSubscriptionResponseSchema, ...errors } },
    handler: async (request) => ({
      success: true as const,
      subscription: await getSubscription(deps, requireUser(request)),
    }),
  });

  app.post('/api/calendar/subscription/rotate/', {
    schema: { tags, response: { 200: CalendarSubscriptionResponseSchema, ...errors } },
    handler: async (request) => ({
      success: true as const,
      subscription: await rotateSubscription(deps, requireUser(request)),
    }),
  });

  // The subscription itself: no session (calendar apps have none), the secret in the path is the key.
  app.get('/api/calendar/ical/:token/', {
    config: { public: true },
    schema: { tags, params: CalendarFeedTokenParamSchema, response: { ...errorResponses(400, 404) } },
    handler: async (request, reply) => {
      const body = await renderSubscription(deps, request.params.token);
      // Raw text: the typed reply only knows the JSON error bodies of this route.
      return (reply as FastifyReply)
        .header('content-type', 'text/calendar; charset=utf-8')
        .header('content-disposition', 'attachment; filename="recruitdesk.ics"')
        .header('cache-control', 'private, no-store')
        .send(body);
    },
  });
};
