import { IdParamSchema } from '@recruitdesk/contracts/common';
import {
  CancelSlotsInputSchema,
  OfferSlotsInputSchema,
  PickSlotInputSchema,
  PickSlotResponseSchema,
  ScheduleOutcomeInputSchema,
  ScheduleOutcomeResponseSchema,
  SlotOfferResponseSchema,
  SlotOffersResponseSchema,
  isTimeZone,
} from '@recruitdesk/contracts/scheduling';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError, errorResponses } from '../../lib/errors';
import { requireUser } from '../users/users.service';
import { renderScheduleInvalid, renderSchedulePage, TIME_ZONE_SCRIPT } from './schedule-page';
import { pickSlot, recordOutcomeByContact, scheduleView, throttleScheduleRequest } from './schedule-public';
import { cancelSlots, getSlotOffers, offerSlots } from './scheduling.service';

const errors = errorResponses(400, 401, 403, 404, 409);
const publicErrors = errorResponses(400, 404, 409, 429);
const NO_STORE = 'no-store';
const TokenParamsSchema = z.object({ token: z.string().max(200) });
const NOTICES = ['picked', 'booked', 'taken', 'closed', 'outcome'] as const;

const html = (reply: FastifyReply, status: number, body: string) =>
  reply.status(status).header('cache-control', NO_STORE).type('text/html; charset=utf-8').send(body);

/**
 * Interview scheduling (issue 35, docs/client-portal.md "Scheduling"): the recruiter's offer, status and
 * cancel under /api/pipelines/{id}/slots/; the links' public page /schedule/{token} and its pick (a form post
 * or JSON; the token is the proof, so no session and no CSRF token: decision 124).
 */
export const schedulingRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  const tags = ['scheduling'];
  // The page's forms post urlencoded; only this plugin reads them.
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 4096 },
    (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
  );

  app.get('/api/pipelines/:id/slots/', {
    schema: { tags, params: IdParamSchema, response: { 200: SlotOffersResponseSchema, ...errors } },
    handler: async (request) => ({
      success: true as const,
      ...(await getSlotOffers(deps, requireUser(request), request.params.id)),
    }),
  });

  app.post('/api/pipelines/:id/slots/', {
    schema: {
      tags,
      params: IdParamSchema,
      body: OfferSlotsInputSchema,
      response: { 201: SlotOfferResponseSchema, ...errors },
    },
    handler: async (request, reply) => {
      const result = await offerSlots(deps, requireUser(request), request.params.id, request.body);
      return reply.status(201).send({ success: true as const, ...result });
    },
  });

  app.post('/api/pipelines/:id/slots/cancel/', {
    schema: {
      tags,
      params: IdParamSchema,
      body: CancelSlotsInputSchema,
      response: { 200: SlotOfferResponseSchema, ...errors },
    },
    handler: async (request) => ({
      success: true as const,
      ...(await cancelSlots(deps, requireUser(request), request.params.id, request.body)),
    }),
  });

  app.get('/schedule-time-zone.js', { schema: { hide: true } }, async (_request, reply) =>
    reply.header('cache-control', 'public, max-age=3600').type('text/javascript; charset=utf-8').send(TIME_ZONE_SCRIPT),
  );

  app.get(
    '/schedule/:token',
    {
      schema: {
        hide: true,
        params: TokenParamsSchema,
        querystring: z.object({ tz: z.string().max(64).optional(), notice: z.string().max(20).optional() }),
      },
    },
    async (request, reply) => {
      await throttleScheduleRequest(deps, request.ip);
      let view;
      try {
        view = await scheduleView(deps, request.params.token);
      } catch (error) {
        if (error instanceof AppError && error.status === 404) return html(reply, 404, renderScheduleInvalid());
        throw error;
      }
      const asked = request.query.tz;
      const zone = asked && isTimeZone(asked) ? asked : view.offer.timeZone;
      const notice = NOTICES.find((item) => item === request.query.notice);
      return html(
        reply,
        200,
        renderSchedulePage(view, {
          zone,
          notice,
          pickPath: `/api/schedule/${encodeURIComponent(request.params.token)}/pick/`,
          outcomePath: `/api/schedule/${encodeURIComponent(request.params.token)}/outcome/`,
        }),
      );
    },
  );

  app.post('/api/schedule/:token/pick/', {
    config: { public: true, tokenLink: true },
    schema: {
      tags,
      params: TokenParamsSchema,
      body: PickSlotInputSchema,
      response: { 200: PickSlotResponseSchema, ...publicErrors },
    },
    handler: async (request, reply) => {
      await throttleScheduleRequest(deps, request.ip);
      const form = !String(request.headers['content-type'] ?? '').includes('json');
      const back = (notice: string) => {
        const zone = request.body.tz && isTimeZone(request.body.tz) ? request.body.tz : '';
        const query = new URLSearchParams({ ...(zone ? { tz: zone } : {}), notice });
        return reply.redirect(`/schedule/${encodeURIComponent(request.params.token)}?${query.toString()}`, 303);
      };
      try {
        const result = await pickSlot(deps, request.params.token, request.body.slot_id);
        request.log.info({ booked: result.booked }, 'interview slot picked');
        if (form) return back(result.booked ? 'booked' : 'picked');
        return { success: true as const, ...result };
      } catch (error) {
        if (form && error instanceof AppError && (error.code === 'SLOT_TAKEN' || error.code === 'SCHEDULING_CLOSED'))
          return back(error.code === 'SLOT_TAKEN' ? 'taken' : 'closed');
        if (form && error instanceof AppError && error.status === 404) return html(reply, 404, renderScheduleInvalid());
        throw error;
      }
    },
  });

  app.post('/api/schedule/:token/outcome/', {
    config: { public: true, tokenLink: true },
    schema: {
      tags,
      params: TokenParamsSchema,
      body: ScheduleOutcomeInputSchema,
      response: { 200: ScheduleOutcomeResponseSchema, ...publicErrors },
    },
    handler: async (request, reply) => {
      await throttleScheduleRequest(deps, request.ip);
      const form = !String(request.headers['content-type'] ?? '').includes('json');
      try {
        const result = await recordOutcomeByContact(deps, request.params.token, request.body);
        if (!form) return { success: true as const, ...result };
        const zone = request.body.tz && isTimeZone(request.body.tz) ? request.body.tz : '';
        const query = new URLSearchParams({ ...(zone ? { tz: zone } : {}), notice: 'outcome' });
        return reply.redirect(`/schedule/${encodeURIComponent(request.params.token)}?${query.toString()}`, 303);
      } catch (error) {
        if (form && error instanceof AppError && error.status === 404) return html(reply, 404, renderScheduleInvalid());
        throw error;
      }
    },
  });
};
