import { IdParamSchema } from '@recruitdesk/contracts/common';
import {
  CompleteRegistrationInputSchema,
  CompleteRegistrationResponseSchema,
  CreateInvitationInputSchema,
  InvitationResponseSchema,
  InvitationTokenParamSchema,
  PendingInvitationsResponseSchema,
  ValidateInvitationResponseSchema,
} from '@recruitdesk/contracts/registration';
import { UserTypesResponseSchema } from '@recruitdesk/contracts/users';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../lib/errors';
import { requireUser } from '../users/users.service';
import { SESSION_COOKIE } from '../../plugins/cookies';
import { applySignIn } from '../../plugins/sign-in';
import { presentUser } from '../users/users.service';
import {
  cancelInvitation,
  completeRegistration,
  createInvitation,
  listPendingInvitations,
  listUserTypes,
  resendInvitation,
  validateInvitation,
} from './registration.service';

const errors = errorResponses(400, 401, 403, 404, 409, 410, 429);

export const registrationRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  const tags = ['registration'];

  app.get('/api/registration/user-types/', {
    schema: { tags, response: { 200: UserTypesResponseSchema, ...errorResponses(401) } },
    handler: async (request) => {
      requireUser(request);
      return { success: true as const, user_types: listUserTypes() };
    },
  });

  app.post('/api/registration/invitations/', {
    schema: { tags, body: CreateInvitationInputSchema, response: { 201: InvitationResponseSchema, ...errors } },
    handler: async (request, reply) => {
      const invitation = await createInvitation(deps, requireUser(request), request.body);
      return reply.status(201).send({ success: true as const, invitation });
    },
  });

  app.get('/api/registration/invitations/pending/', {
    schema: { tags, response: { 200: PendingInvitationsResponseSchema, ...errors } },
    handler: async (request) => ({
      success: true as const,
      invitations: await listPendingInvitations(deps, requireUser(request)),
    }),
  });

  app.post('/api/registration/invitations/:id/cancel/', {
    schema: { tags, params: IdParamSchema, response: { 200: InvitationResponseSchema, ...errors } },
    handler: async (request) => ({
      success: true as const,
      invitation: await cancelInvitation(deps, requireUser(request), request.params.id),
    }),
  });

  app.post('/api/registration/invitations/:id/resend/', {
    schema: { tags, params: IdParamSchema, response: { 200: InvitationResponseSchema, ...errors } },
    handler: async (request) => ({
      success: true as const,
      invitation: await resendInvitation(deps, requireUser(request), request.params.id),
    }),
  });

  app.get('/api/registration/validate/:token/', {
    config: { public: true },
    schema: {
      tags,
      params: InvitationTokenParamSchema,
      response: { 200: ValidateInvitationResponseSchema, ...errors },
    },
    handler: async (request) => validateInvitation(deps, request.params.token, request.ip),
  });

  app.post('/api/registration/complete/', {
    config: { public: true },
    schema: {
      tags,
      body: CompleteRegistrationInputSchema,
      response: { 200: CompleteRegistrationResponseSchema, ...errors },
    },
    handler: async (request, reply) => {
      const result = await completeRegistration(deps, request.body, {
        ip: request.ip,
        userAgent: request.headers['user-agent'] ?? null,
        previousToken: request.cookies[SESSION_COOKIE],
      });
      applySignIn(request, reply, deps.config, result);
      return { success: true as const, user: await presentUser(deps, result.user), session_max_age: result.maxAge };
    },
  });
};
