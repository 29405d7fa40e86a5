import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { originAllowed } from '../../plugins/csrf';
import { getAgencySettings } from '../settings/settings.service';
import { candidateOfPrivacyToken } from '../unsubscribes/unsubscribes.service';
import { renderPrivacyInvalid, renderPrivacyPage, renderPrivacyTooMany, type PrivacyStatus } from './privacy-page';
import { PRIVACY_ACTIONS, privacyAction, privacySubject, privacyView, type PrivacyAction } from './privacy.service';

const NO_STORE = 'no-store';
const html = (reply: FastifyReply, status: number, body: string) =>
  reply.status(status).header('cache-control', NO_STORE).type('text/html; charset=utf-8').send(body);

/** Per IP: page views and posts together; per person: posts (a link forwarded to a script cannot churn a record). */
export const PRIVACY_LIMITS = {
  perIp: { max: 60, windowSeconds: 600 },
  postsPerPerson: { max: 20, windowSeconds: 3600 },
} as const;

/**
 * GET /privacy/{token}: the self-service page (no account, decision 121); POST /privacy/{token} with `action`:
 * correct | renew | withdraw | access | erasure. The token is the proof, with the Origin check of the careers
 * form without JavaScript (decision 054) in place of the CSRF cookie.
 */
export const privacyRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  app.addContentTypeParser(
    ['application/x-www-form-urlencoded', 'multipart/form-data', 'text/plain'],
    { parseAs: 'string', bodyLimit: 8192 },
    (_request, body, done) => done(null, body),
  );
  const params = z.object({ token: z.string().max(1000) });

  /** The person of the token, or the page that answers instead (404 or 429). */
  async function subject(request: FastifyRequest, token: string, reply: FastifyReply, post: boolean) {
    const agency = (await getAgencySettings(deps.db)).agency_name;
    const limits = [{ key: `privacy:ip:${request.ip}`, ...PRIVACY_LIMITS.perIp }];
    if ((await deps.throttle.reserve(limits)) !== null)
      return { answered: html(reply, 429, renderPrivacyTooMany(agency)) };
    const id = candidateOfPrivacyToken(deps.config.secretKey, token);
    if (id === null || !(await privacySubject(deps.db, id)))
      return { answered: html(reply, 404, renderPrivacyInvalid(agency)) };
    if (post) {
      const perPerson = [{ key: `privacy:post:${id}`, ...PRIVACY_LIMITS.postsPerPerson }];
      if ((await deps.throttle.reserve(perPerson)) !== null)
        return { answered: html(reply, 429, renderPrivacyTooMany(agency)) };
    }
    return { id };
  }

  app.get('/privacy/:token', { schema: { hide: true, params } }, async (request, reply) => {
    const found = await subject(request, request.params.token, reply, false);
    if ('answered' in found) return found.answered;
    return html(reply, 200, renderPrivacyPage(await privacyView(deps, found.id)));
  });

  app.post('/privacy/:token', { config: { public: true }, schema: { hide: true, params } }, async (request, reply) => {
    if (!originAllowed(request, deps.config)) {
      request.log.warn({ reason: 'origin' }, 'privacy page post refused');
      const agency = (await getAgencySettings(deps.db)).agency_name;
      return html(reply, 403, renderPrivacyInvalid(agency));
    }
    const found = await subject(request, request.params.token, reply, true);
    if ('answered' in found) return found.answered;
    const form = new URLSearchParams(typeof request.body === 'string' ? request.body : '');
    const action = form.get('action');
    let status: PrivacyStatus;
    if (!action || !(PRIVACY_ACTIONS as readonly string[]).includes(action)) {
      status = { ok: false, text: 'Choose one of the buttons on the page.' };
    } else {
      status = await privacyAction(deps, found.id, action as PrivacyAction, form);
      request.log.info({ candidateId: found.id, action }, 'privacy page action');
    }
    return html(reply, status?.ok === false ? 400 : 200, renderPrivacyPage(await privacyView(deps, found.id), status));
  });
};
