import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { getAgencySettings } from '../settings/settings.service';
import { renderConfirm, renderDone, renderInvalid } from './unsubscribe-page';
import { addressOfToken, unsubscribe } from './unsubscribes.service';

const NO_STORE = 'no-store';
const html = (reply: FastifyReply, status: number, body: string) =>
  reply.status(status).header('cache-control', NO_STORE).type('text/html; charset=utf-8').send(body);

/**
 * GET /unsubscribe/{token}: a public page (no sign-in) asking to confirm; POST does it. The same POST is the
 * RFC 8058 one-click unsubscribe mail clients send (`List-Unsubscribe=One-Click`, no cookies, no Origin): the
 * token is the proof, so no CSRF token is asked for (decision 107).
 */
export const unsubscribesRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  // The page's form and the one-click POST are urlencoded; only this plugin reads them (and ignores the fields).
  app.addContentTypeParser(
    ['application/x-www-form-urlencoded', 'multipart/form-data', 'text/plain'],
    { parseAs: 'string', bodyLimit: 4096 },
    (_request, body, done) => done(null, body),
  );
  const params = z.object({ token: z.string().max(1000) });

  app.get('/unsubscribe/:token', { schema: { hide: true, params } }, async (request, reply) => {
    const address = addressOfToken(deps.config.secretKey, request.params.token);
    if (!address) return html(reply, 404, renderInvalid());
    const { agencyName } = await agencyName$(deps.db);
    return html(reply, 200, renderConfirm(agencyName, address));
  });

  app.post(
    '/unsubscribe/:token',
    { config: { public: true }, schema: { hide: true, params } },
    async (request, reply) => {
      const address = addressOfToken(deps.config.secretKey, request.params.token);
      if (!address) return html(reply, 404, renderInvalid());
      const oneClick = typeof request.body === 'string' && /List-Unsubscribe=One-Click/i.test(request.body);
      await unsubscribe(deps.db, address, oneClick ? 'one_click' : 'link');
      request.log.info({ oneClick }, 'address unsubscribed');
      const { agencyName } = await agencyName$(deps.db);
      return html(reply, 200, renderDone(agencyName, address));
    },
  );
};

async function agencyName$(db: Parameters<typeof getAgencySettings>[0]): Promise<{ agencyName: string }> {
  const settings = await getAgencySettings(db);
  return { agencyName: settings.agency_name };
}
