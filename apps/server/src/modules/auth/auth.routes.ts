import {
  AUTH_MESSAGES,
  AuthStatusResponseSchema,
  CsrfTokenResponseSchema,
  LoginInputSchema,
  LoginResponseSchema,
  PasswordResetConfirmInputSchema,
  PasswordResetInputSchema,
  ProfileResponseSchema,
} from '@recruitdesk/contracts/auth';
import { MessageResponseSchema } from '@recruitdesk/contracts/common';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../lib/errors';
import { requireUser } from '../users/users.service';
import { SESSION_COOKIE } from '../../plugins/cookies';
import { issueCsrfToken } from '../../plugins/csrf';
import { applySignIn, applySignOut } from '../../plugins/sign-in';
import { presentUser } from '../users/users.service';
import { confirmPasswordReset, login, logout, requestPasswordReset } from './auth.service';

const errors = errorResponses(400, 401, 403, 429);

export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  const tags = ['auth'];

  app.get('/api/auth/csrf-token/', {
    config: { public: true },
    schema: { tags, response: { 200: CsrfTokenResponseSchema } },
    handler: async (request, reply) => ({ csrf_token: issueCsrfToken(request, reply, deps.config) }),
  });

  app.post('/api/auth/login/', {
    config: { public: true },
    schema: { tags, body: LoginInputSchema, response: { 200: LoginResponseSchema, ...errors } },
    handler: async (request, reply) => {
      const result = await login(deps, request.body, {
        ip: request.ip,
        userAgent: request.headers['user-agent'] ?? null,
        previousToken: request.cookies[SESSION_COOKIE],
      });
      applySignIn(request, reply, deps.config, result);
      return { success: true as const, user: await presentUser(deps, result.user), session_max_age: result.maxAge };
    },
  });

  app.post('/api/auth/logout/', {
    config: { public: true },
    schema: { tags, response: { 200: MessageResponseSchema, ...errorResponses(403) } },
    handler: async (request, reply) => {
      await logout(deps, request.session, request.user);
      applySignOut(reply, deps.config);
      return { success: true as const, message: 'Signed out.' };
    },
  });

  app.get('/api/auth/profile/', {
    schema: { tags, response: { 200: ProfileResponseSchema, ...errorResponses(401) } },
    handler: async (request) => ({ success: true as const, user: await presentUser(deps, requireUser(request)) }),
  });

  app.get('/api/auth/status/', {
    config: { public: true },
    schema: { tags, response: { 200: AuthStatusResponseSchema } },
    handler: async (request) =>
      request.user
        ? { authenticated: true, user: await presentUser(deps, request.user) }
        : { authenticated: false, user: null },
  });

  app.post('/api/auth/password-reset/', {
    config: { public: true },
    schema: { tags, body: PasswordResetInputSchema, response: { 200: MessageResponseSchema, ...errors } },
    handler: async (request) => {
      await requestPasswordReset(deps, request.body.email, request.ip);
      return { success: true as const, message: AUTH_MESSAGES.resetRequested };
    },
  });

  app.post('/api/auth/password-reset/confirm/', {
    config: { public: true },
    schema: { tags, body: PasswordResetConfirmInputSchema, response: { 200: MessageResponseSchema, ...errors } },
    handler: async (request) => {
      await confirmPasswordReset(deps, request.body);
      return { success: true as const, message: AUTH_MESSAGES.resetDone };
    },
  });
};
