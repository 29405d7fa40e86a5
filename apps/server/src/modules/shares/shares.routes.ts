import { IdParamSchema } from '@recruitdesk/contracts/common';
import {
  CreateSharesInputSchema,
  CreateSharesResponseSchema,
  RenewShareInputSchema,
  RenewShareResponseSchema,
  SHARE_DEFAULT_DAYS,
  ShareListResponseSchema,
  ShareResponseSchema,
} from '@recruitdesk/contracts/shares';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../lib/errors';
import { requireUser } from '../users/users.service';
import { registerPortalRoutes } from './portal.routes';
import { createShares, listShares, renewShare, revokeShare } from './shares.service';

const errors = errorResponses(400, 401, 403, 404, 409);

/**
 * The recruiter's shortlist shares (issue 35, docs/client-portal.md "Sharing a shortlist"), and the public
 * portal the links open (portal.routes.ts).
 */
export const sharesRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  const tags = ['shares'];
  // The links in the emails: PUBLIC_URL's, else the address this request came to (as messages do).
  const appUrl = (request: FastifyRequest) =>
    deps.config.publicOrigin ? deps.config.publicUrl : `${request.protocol}://${request.host}`;

  app.post('/api/roles/:id/shares/', {
    schema: {
      tags,
      params: IdParamSchema,
      body: CreateSharesInputSchema,
      response: { 201: CreateSharesResponseSchema, ...errors },
    },
    handler: async (request, reply) => {
      const made = await createShares(deps, requireUser(request), request.params.id, request.body, appUrl(request));
      return reply.status(201).send({ success: true as const, ...made });
    },
  });

  app.get('/api/roles/:id/shares/', {
    schema: { tags, params: IdParamSchema, response: { 200: ShareListResponseSchema, ...errors } },
    handler: async (request) => ({
      success: true as const,
      shares: await listShares(deps, requireUser(request), request.params.id),
    }),
  });

  app.delete('/api/shares/:id/', {
    schema: { tags, params: IdParamSchema, response: { 200: ShareResponseSchema, ...errors } },
    handler: async (request) => ({
      success: true as const,
      share: await revokeShare(deps, requireUser(request), request.params.id),
    }),
  });

  app.post('/api/shares/:id/renew/', {
    schema: {
      tags,
      params: IdParamSchema,
      body: RenewShareInputSchema.optional(),
      response: { 200: RenewShareResponseSchema, ...errors },
    },
    handler: async (request) => ({
      success: true as const,
      ...(await renewShare(
        deps,
        requireUser(request),
        request.params.id,
        request.body?.expires_in_days ?? SHARE_DEFAULT_DAYS,
        appUrl(request),
      )),
    }),
  });

  await app.register(registerPortalRoutes);
};
