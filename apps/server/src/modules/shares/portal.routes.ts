import { IdSchema } from '@recruitdesk/contracts/common';
import {
  PortalActionResponseSchema,
  PortalCommentInputSchema,
  PortalMoreInputSchema,
  PortalOutcomeInputSchema,
  PortalRejectInputSchema,
} from '@recruitdesk/contracts/shares';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError, errorResponses, fieldsError } from '../../lib/errors';
import type { DONE_MESSAGES } from './portal-page';
import { renderCandidate, renderInvalid, renderShortlist, renderTooMany } from './portal-page';
import {
  approveCandidate,
  askForMore,
  commentOnCandidate,
  downloadResume,
  openPortal,
  portalNotFound,
  recordInterviewOutcome,
  rejectCandidate,
  viewCandidate,
  viewShortlist,
  type PortalSession,
} from './portal.service';

const NO_STORE = 'no-store';
const FORM = 'application/x-www-form-urlencoded';

const html = (reply: FastifyReply, status: number, body: string) =>
  reply.status(status).header('cache-control', NO_STORE).type('text/html; charset=utf-8').send(body);

/** An id in the path: anything that is not one is the same 404 as an id not on the share. */
const idOf = (value: string): number => {
  const parsed = IdSchema.safeParse(value);
  if (!parsed.success) throw portalNotFound();
  return parsed.data;
};

const isForm = (request: FastifyRequest) => (request.headers['content-type'] ?? '').startsWith(FORM);

/** A page for an error on a page request: 404 and 429 their own pages; anything else is not ours to hide. */
function errorPage(reply: FastifyReply, error: unknown) {
  if (!(error instanceof AppError)) throw error;
  if (error.headers) for (const [name, value] of Object.entries(error.headers)) reply.header(name, value);
  if (error.status === 429) return html(reply, 429, renderTooMany());
  if (error.status === 404) return html(reply, 404, renderInvalid());
  throw error;
}

function parseBody<T>(schema: z.ZodType<T>, body: unknown): T {
  const parsed = schema.safeParse(body ?? {});
  if (parsed.success) return parsed.data;
  const fields: Record<string, string[]> = {};
  for (const issue of parsed.error.issues) (fields[String(issue.path[0] ?? 'body')] ??= []).push(issue.message);
  throw fieldsError(fields);
}

/**
 * The public portal (issue 35, docs/client-portal.md "The portal"): pages outside /api, and the POSTs under
 * /api/portal/ that a form without JavaScript and a script both use. No session and no CSRF token (the path's
 * token is the credential, `tokenLink`), rate limited per token and per IP before the token is looked up.
 */
export const registerPortalRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  // The forms post urlencoded; only this plugin reads them.
  app.addContentTypeParser(FORM, { parseAs: 'string', bodyLimit: 16 * 1024 }, (_request, body, done) =>
    done(null, Object.fromEntries(new URLSearchParams(body as string))),
  );
  const tokenParams = z.object({ token: z.string().max(1000) });
  const candidateParams = tokenParams.extend({ id: z.string().max(40) });
  const doneQuery = z.object({ done: z.string().max(40).optional() });

  app.get(
    '/portal/:token',
    { schema: { hide: true, params: tokenParams, querystring: doneQuery } },
    async (request, reply) => {
      try {
        const session = await openPortal(deps, request.params.token, request.ip);
        const view = await viewShortlist(deps, session);
        return html(reply, 200, renderShortlist(view, request.params.token, request.query.done));
      } catch (error) {
        return errorPage(reply, error);
      }
    },
  );

  app.get(
    '/portal/:token/candidates/:id',
    { schema: { hide: true, params: candidateParams, querystring: doneQuery } },
    async (request, reply) => {
      try {
        const session = await openPortal(deps, request.params.token, request.ip);
        const { view, candidate } = await viewCandidate(deps, session, idOf(request.params.id));
        return html(reply, 200, renderCandidate(view, candidate, request.params.token, { done: request.query.done }));
      } catch (error) {
        return errorPage(reply, error);
      }
    },
  );

  app.get(
    '/portal/:token/candidates/:id/resume.pdf',
    { schema: { hide: true, params: candidateParams } },
    async (request, reply) => {
      try {
        const session = await openPortal(deps, request.params.token, request.ip);
        const { pdf, filename } = await downloadResume(deps, session, idOf(request.params.id));
        return reply
          .header('cache-control', NO_STORE)
          .header('content-type', 'application/pdf')
          .header('x-content-type-options', 'nosniff')
          .header('content-disposition', `attachment; filename="${filename.replace(/"/g, '')}"`)
          .send(pdf);
      } catch (error) {
        return errorPage(reply, error);
      }
    },
  );

  /**
   * One portal POST: open the share (limits, token), act, then answer a form with a 303 back to the page (or the
   * page again with the error) and a script with JSON.
   */
  const act =
    (
      handler: (session: PortalSession, request: FastifyRequest<{ Params: Record<string, string> }>) => Promise<string>,
      back: (request: FastifyRequest<{ Params: Record<string, string> }>) => {
        path: string;
        done: string;
        candidateId?: number;
      },
    ) =>
    async (request: FastifyRequest<{ Params: Record<string, string> }>, reply: FastifyReply) => {
      const form = isForm(request);
      const token = request.params.token ?? '';
      let session: PortalSession | null = null;
      try {
        session = await openPortal(deps, token, request.ip);
        const message = await handler(session, request);
        if (!form) return reply.header('cache-control', NO_STORE).send({ success: true as const, message });
        const target = back(request);
        return reply
          .status(303)
          .header('cache-control', NO_STORE)
          .header('location', `${target.path}?done=${target.done}`)
          .send();
      } catch (error) {
        if (!form) throw error;
        if (!(error instanceof AppError) || error.status === 404 || error.status === 429 || !session)
          return errorPage(reply, error);
        // A refused form: the page again, with why (400 a missing reason, 409 already decided elsewhere).
        const target = back(request);
        const message = error.fields ? (Object.values(error.fields).flat()[0] ?? error.message) : error.message;
        if (target.candidateId === undefined) {
          const view = await viewShortlist(deps, session);
          return html(reply, error.status, renderShortlist(view, token, undefined, message));
        }
        const { view, candidate } = await viewCandidate(deps, session, target.candidateId);
        return html(reply, error.status, renderCandidate(view, candidate, token, { error: message }));
      }
    };

  const candidateBack =
    (done: keyof typeof DONE_MESSAGES) => (request: FastifyRequest<{ Params: Record<string, string> }>) => {
      const candidateId = idOf(request.params.id ?? '');
      return {
        path: `/portal/${encodeURIComponent(request.params.token ?? '')}/candidates/${candidateId}`,
        done,
        candidateId,
      };
    };
  const publicErrors = errorResponses(400, 404, 409, 429);
  const postOptions = (params: z.ZodObject) => ({
    config: { public: true, tokenLink: true },
    schema: { tags: ['portal'], params, response: { 200: PortalActionResponseSchema, ...publicErrors } },
  });

  app.post(
    '/api/portal/:token/candidates/:id/approve/',
    postOptions(candidateParams),
    act(
      (session, request) => approveCandidate(deps, session, idOf(request.params.id ?? '')),
      candidateBack('approved'),
    ),
  );
  app.post(
    '/api/portal/:token/candidates/:id/reject/',
    postOptions(candidateParams),
    act(
      (session, request) =>
        rejectCandidate(deps, session, idOf(request.params.id ?? ''), parseBody(PortalRejectInputSchema, request.body)),
      candidateBack('rejected'),
    ),
  );
  app.post(
    '/api/portal/:token/candidates/:id/comment/',
    postOptions(candidateParams),
    act(
      (session, request) =>
        commentOnCandidate(
          deps,
          session,
          idOf(request.params.id ?? ''),
          parseBody(PortalCommentInputSchema, request.body).comment,
        ),
      candidateBack('commented'),
    ),
  );
  app.post(
    '/api/portal/:token/more/',
    postOptions(tokenParams),
    act(
      (session, request) => askForMore(deps, session, parseBody(PortalMoreInputSchema, request.body).comment),
      (request) => ({ path: `/portal/${encodeURIComponent(request.params.token ?? '')}`, done: 'more' }),
    ),
  );
  app.post(
    '/api/portal/:token/interviews/:id/outcome/',
    postOptions(candidateParams),
    act(
      (session, request) =>
        recordInterviewOutcome(
          deps,
          session,
          idOf(request.params.id ?? ''),
          parseBody(PortalOutcomeInputSchema, request.body),
        ),
      (request) => ({ path: `/portal/${encodeURIComponent(request.params.token ?? '')}`, done: 'outcome' }),
    ),
  );
};
