import multipart from '@fastify/multipart';
import {
  APPLICATION_ERRORS,
  APPLICATION_RESUME_MAX_BYTES,
  ApplicationListResponseSchema,
  ApplicationResponseSchema,
  ApplicationsQuerySchema,
  ConvertApplicationInputSchema,
  ConvertApplicationResponseSchema,
  PublicApplicationResponseSchema,
  RejectApplicationInputSchema,
  RoleApplicationsQuerySchema,
} from '@recruitdesk/contracts/applications';
import { IdParamSchema } from '@recruitdesk/contracts/common';
import { DownloadUrlResponseSchema } from '@recruitdesk/contracts/roles';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Deps } from '../../lib/deps';
import { AppError, errorResponses } from '../../lib/errors';
import { nulError, nulFieldOf } from '../../lib/text-input';
import { findPublicRole, listPublicRoles } from '../roles/roles.service';
import { getAgencySettings } from '../settings/settings.service';
import { requireUser } from '../users/users.service';
import { registerApplicationHooks } from './applications.hooks';
import {
  applicationResumeDownloadUrl,
  convertApplication,
  getApplication,
  listAllApplications,
  listRoleApplications,
  rejectApplication,
  reserveApplyByIp,
  submitPublicApplication,
  type UploadedResume,
} from './applications.service';
import { originAllowed } from '../../plugins/csrf';
import { checkFormToken, makeFormToken } from './careers-form-token';
import {
  APPLY_SCRIPT,
  renderCareersApplied,
  renderCareersList,
  renderCareersNotFound,
  renderCareersRefused,
  renderCareersRole,
  type CareersContext,
  type CareersFormState,
} from './careers-pages';

const errors = errorResponses(400, 401, 403, 404, 409);
const publicErrors = errorResponses(400, 403, 404, 413, 415, 429);

/** The careers pages are public and the same for everyone: browsers and proxies may keep them briefly. */
const PAGE_CACHE = 'public, max-age=60';
const MAX_POSTED = 200;

async function careersContext(deps: Deps): Promise<CareersContext> {
  const settings = await getAgencySettings(deps.db);
  return { agencyName: settings.agency_name, privacyText: settings.privacy_text, publicUrl: deps.config.publicUrl };
}

const html = (reply: FastifyReply, status: number, body: string, cache = PAGE_CACHE) =>
  reply.status(status).header('cache-control', cache).type('text/html; charset=utf-8').send(body);

const NO_STORE = 'no-store';

/** A role id from the path (a positive int4), or null. */
const roleIdOf = (text: string): number | null =>
  /^[1-9]\d{0,9}$/.test(text) && Number(text) <= 2_147_483_647 ? Number(text) : null;

const tooLarge = () => new AppError('TOO_LARGE', 413, APPLICATION_ERRORS.tooLarge);

/** Reads the multipart form: text fields (first value each) and the one `resume` file, capped at 10 MB. */
async function readApplicationForm(
  request: FastifyRequest,
  fields: Record<string, string> = {},
): Promise<{ fields: Record<string, string>; resume: UploadedResume | null }> {
  let resume: UploadedResume | null = null;
  let nulName = false;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        const bytes = await part.toBuffer();
        if (part.filename?.includes('\0')) nulName = true;
        if (part.fieldname === 'resume' && resume === null) resume = { filename: part.filename ?? 'resume', bytes };
      } else if (typeof part.value === 'string' && !(part.fieldname in fields)) {
        fields[part.fieldname] = part.value;
      }
    }
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge();
    if (code === 'FST_PARTS_LIMIT' || code === 'FST_FILES_LIMIT' || code === 'FST_FIELDS_LIMIT')
      throw new AppError('BAD_FORM', 400, APPLICATION_ERRORS.refused);
    if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE')
      throw new AppError('UNSUPPORTED_MEDIA_TYPE', 415, 'Send the form as multipart/form-data.');
    throw error;
  }
  // The multipart fields are read here, past the platform's check of parsed bodies: the same check. The
  // form shown again (without JavaScript) keeps what was entered, less the NUL.
  const nulField = nulFieldOf(fields);
  if (nulField !== null) {
    for (const [name, value] of Object.entries(fields)) fields[name] = value.replaceAll('\0', '');
    throw nulError(nulField);
  }
  if (nulName) throw nulError('resume');
  return { fields, resume };
}

export const applicationsRoutes: FastifyPluginAsyncZod = async (app) => {
  registerApplicationHooks();
  const { deps } = app;
  const tags = ['applications'];

  // Only this plugin parses multipart (the public form); one file, a few short fields.
  await app.register(multipart, {
    limits: {
      fileSize: APPLICATION_RESUME_MAX_BYTES,
      files: 1,
      fields: 12,
      fieldSize: 10_000,
      parts: 14,
      headerPairs: 50,
    },
    throwFileSizeLimit: true,
  });

  // The inbox (signed-in staff).
  app.get('/api/roles/:id/applications/', {
    schema: {
      tags,
      params: IdParamSchema,
      querystring: RoleApplicationsQuerySchema,
      response: { 200: ApplicationListResponseSchema, ...errors },
    },
    handler: async (request) => ({
      success: true as const,
      ...(await listRoleApplications(deps, requireUser(request), request.params.id, request.query)),
    }),
  });

  app.get('/api/applications/', {
    schema: { tags, querystring: ApplicationsQuerySchema, response: { 200: ApplicationListResponseSchema, ...errors } },
    handler: async (request) => ({
      success: true as const,
      ...(await listAllApplications(deps, requireUser(request), request.query)),
    }),
  });

  app.get('/api/applications/:id/', {
    schema: { tags, params: IdParamSchema, response: { 200: ApplicationResponseSchema, ...errors } },
    handler: async (request) => ({
      success: true as const,
      application: await getApplication(deps, requireUser(request), request.params.id),
    }),
  });

  app.get('/api/applications/:id/resume/download-url/', {
    schema: { tags, params: IdParamSchema, response: { 200: DownloadUrlResponseSchema, ...errors } },
    handler: async (request) => ({
      success: true as const,
      url: await applicationResumeDownloadUrl(deps, requireUser(request), request.params.id),
    }),
  });

  app.post('/api/applications/:id/reject/', {
    schema: {
      tags,
      params: IdParamSchema,
      body: RejectApplicationInputSchema,
      response: { 200: ApplicationResponseSchema, ...errors },
    },
    handler: async (request) => ({
      success: true as const,
      application: await rejectApplication(deps, requireUser(request), request.params.id, request.body),
    }),
  });

  app.post('/api/applications/:id/convert/', {
    schema: {
      tags,
      params: IdParamSchema,
      body: ConvertApplicationInputSchema.optional(),
      response: { 200: ConvertApplicationResponseSchema, ...errors },
    },
    handler: async (request) => {
      const result = await convertApplication(deps, requireUser(request), request.params.id, request.body ?? {});
      return {
        success: true as const,
        application: result.application,
        candidate_id: result.candidateId,
        pipeline_id: result.pipelineId,
      };
    },
  });

  // The public form: no session needed; the CSRF token (the pre-session's) and the Origin check still apply.
  app.post('/api/public/applications/', {
    config: { public: true },
    schema: { tags, response: { 201: PublicApplicationResponseSchema, ...publicErrors } },
    handler: async (request, reply) => {
      await reserveApplyByIp(deps, request.ip);
      if (!request.isMultipart())
        throw new AppError('UNSUPPORTED_MEDIA_TYPE', 415, 'Send the form as multipart/form-data.');
      const form = await readApplicationForm(request);
      const message = await submitPublicApplication(deps, form.fields, form.resume);
      return reply.status(201).send({ success: true as const, message });
    },
  });

  // The public careers pages (HTML, outside /api: no session, nothing private).
  app.get('/careers', { schema: { hide: true } }, async (_request, reply) => {
    const [ctx, roles] = await Promise.all([careersContext(deps), listPublicRoles(deps.db, { limit: MAX_POSTED })]);
    return html(reply, 200, renderCareersList(ctx, roles));
  });

  app.get('/careers/assets/apply.js', { schema: { hide: true } }, async (_request, reply) =>
    reply.header('cache-control', 'public, max-age=300').type('text/javascript; charset=utf-8').send(APPLY_SCRIPT),
  );

  const roleParams = z.object({ roleId: z.string() });
  const formToken = (roleId: number) => makeFormToken(deps.config.secretKey, roleId, deps.config.now());

  app.get('/careers/:roleId', { schema: { hide: true, params: roleParams } }, async (request, reply) => {
    const ctx = await careersContext(deps);
    const id = roleIdOf(request.params.roleId);
    const role = id !== null ? await findPublicRole(deps.db, id) : undefined;
    if (!role) return html(reply, 404, renderCareersNotFound(ctx), 'no-cache');
    return html(reply, 200, renderCareersRole(ctx, role, { token: formToken(role.id) }));
  });

  // The form without JavaScript (decision 054): a plain multipart post, no cookies; the signed form token
  // and the Origin check stand in for the CSRF cookie and header. Answers are pages: 303 to the thank-you
  // page, or the form again with the entered values (never the file) and the errors.
  app.post(
    '/careers/:roleId/apply',
    { config: { public: true }, schema: { hide: true, params: roleParams } },
    async (request, reply) => {
      const ctx = await careersContext(deps);
      const id = roleIdOf(request.params.roleId);
      if (id === null) return html(reply, 404, renderCareersNotFound(ctx), NO_STORE);
      if (!originAllowed(request, deps.config)) {
        request.log.warn({ roleId: id, reason: 'origin' }, 'careers form refused');
        return html(
          reply,
          403,
          renderCareersRefused(
            ctx,
            id,
            'This form was sent from another site. Open the position on our careers page and apply there.',
          ),
          NO_STORE,
        );
      }
      const values: Record<string, string> = {};
      // Re-shows the form (a fresh token) with what was entered and why it was refused.
      const again = async (status: number, state: Omit<CareersFormState, 'token'>) => {
        const role = await findPublicRole(deps.db, id);
        if (!role) return html(reply, 404, renderCareersNotFound(ctx), NO_STORE);
        const kept = { ...values };
        delete kept.website;
        delete kept.form_token;
        return html(
          reply,
          status,
          renderCareersRole(ctx, role, { token: formToken(id), values: kept, ...state }),
          NO_STORE,
        );
      };
      try {
        await reserveApplyByIp(deps, request.ip);
        if (!request.isMultipart())
          throw new AppError('UNSUPPORTED_MEDIA_TYPE', 415, 'Send the form as multipart/form-data.');
        const form = await readApplicationForm(request, values);
        const token = checkFormToken(deps.config.secretKey, id, values.form_token, deps.config.now());
        if (token === 'invalid' || values.role_id !== String(id)) {
          request.log.warn({ roleId: id, reason: 'form token' }, 'careers form refused');
          return html(
            reply,
            403,
            renderCareersRefused(
              ctx,
              id,
              'This form could not be verified, so nothing was sent. Open the position again and apply there.',
            ),
            NO_STORE,
          );
        }
        if (token === 'expired')
          return await again(403, {
            message:
              'This form was open too long and has expired. Check your details, choose your resume again and send it once more.',
          });
        await submitPublicApplication(deps, form.fields, form.resume);
        return reply.status(303).header('cache-control', NO_STORE).header('location', `/careers/${id}/applied`).send();
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        if (error.status === 404) return html(reply, 404, renderCareersNotFound(ctx), NO_STORE);
        if (error.headers) for (const [name, value] of Object.entries(error.headers)) reply.header(name, value);
        const errors: Record<string, string> = {};
        for (const [name, messages] of Object.entries(error.fields ?? {})) if (messages[0]) errors[name] = messages[0];
        if (error.status === 413) errors.resume = APPLICATION_ERRORS.tooLarge;
        if (error.status === 415) errors.resume = APPLICATION_ERRORS.type;
        const message = error.status === 400 && error.fields ? 'Please correct the highlighted fields.' : error.message;
        return await again(error.status, { errors, message });
      }
    },
  );

  app.get('/careers/:roleId/applied', { schema: { hide: true, params: roleParams } }, async (request, reply) => {
    const ctx = await careersContext(deps);
    const id = roleIdOf(request.params.roleId);
    const role = id !== null ? await findPublicRole(deps.db, id) : undefined;
    return html(reply, 200, renderCareersApplied(ctx, role), NO_STORE);
  });
};
