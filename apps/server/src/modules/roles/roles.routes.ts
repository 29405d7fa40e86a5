import { DeletionCheckResponseSchema, IdParamSchema, MessageResponseSchema } from '@recruitdesk/contracts/common';
import { UploadTargetResponseSchema } from '@recruitdesk/contracts/profile';
import {
  CloseRoleInputSchema,
  ConfirmJobDescriptionInputSchema,
  DownloadUrlResponseSchema,
  JobDescriptionResponseSchema,
  JobDescriptionUploadUrlInputSchema,
  RoleFieldUpdateInputSchema,
  RoleFormDataResponseSchema,
  RoleInputSchema,
  RoleListQuerySchema,
  RoleListResponseSchema,
  RolePayoutResponseSchema,
  RoleResponseSchema,
  RoleStatsResponseSchema,
  UpdateJobDescriptionInputSchema,
} from '@recruitdesk/contracts/roles';
import { RolePublicPreviewInputSchema, RolePublicPreviewResponseSchema } from '@recruitdesk/contracts/role-public-text';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../lib/errors';
import { requireUser } from '../users/users.service';
import {
  confirmJobDescriptionFile,
  createJobDescriptionUploadTarget,
  getJobDescription,
  jobDescriptionDownloadUrl,
  removeJobDescriptionFile,
  updateJobDescriptionText,
} from './job-description.service';
import {
  closeRole,
  createRole,
  getRole,
  listActiveRoles,
  listClosedRoles,
  listRolesOfClient,
  reopenRole,
  roleDashboardStats,
  roleFormData,
  updateRole,
  updateRoleField,
} from './roles.service';
import { archiveRole, deleteRole, getRoleDeletionCheck, restoreRole } from './role-deletion.service';
import { rolePayout } from './role-fees.service';
import { previewPublicRoleText } from './role-public-preview.service';
import { registerRoleHooks } from './roles.hooks';

const errors = errorResponses(400, 401, 403, 404, 409, 413, 415);

export const rolesRoutes: FastifyPluginAsyncZod = async (app) => {
  registerRoleHooks();
  const { deps } = app;
  const tags = ['roles'];

  // Static paths (find-my-way prefers them over /:id/, and ids are numeric anyway).
  app.get('/api/roles/form-data/', {
    schema: { tags, response: { 200: RoleFormDataResponseSchema, ...errors } },
    handler: async (request) => ({ success: true as const, ...(await roleFormData(deps, requireUser(request))) }),
  });

  app.post('/api/roles/public-preview/', {
    schema: {
      tags,
      body: RolePublicPreviewInputSchema,
      response: { 200: RolePublicPreviewResponseSchema, ...errors },
    },
    handler: async (request) => ({
      success: true as const,
      preview: await previewPublicRoleText(deps, requireUser(request), request.body),
    }),
  });

  app.get('/api/roles/dashboard/', {
    schema: { tags, querystring: RoleListQuerySchema, response: { 200: RoleListResponseSchema, ...errors } },
    handler: async (request) => ({
      success: true as const,
      ...(await listActiveRoles(deps, requireUser(request), request.query)),
    }),
  });

  app.get('/api/roles/closed/', {
    schema: { tags, querystring: RoleListQuerySchema, response: { 200: RoleListResponseSchema, ...errors } },
    handler: async (request) => ({
      success: true as const,
      ...(await listClosedRoles(deps, requireUser(request), request.query)),
    }),
  });

  app.get('/api/roles/stats/', {
    schema: { tags, response: { 200: RoleStatsResponseSchema, ...errors } },
    handler: async (request) => ({
      success: true as const,
      stats: await roleDashboardStats(deps, requireUser(request)),
    }),
  });

  app.post('/api/roles/', {
    schema: { tags, body: RoleInputSchema, response: { 201: RoleResponseSchema, ...errors } },
    handler: async (request, reply) => {
      const role = await createRole(deps, requireUser(request), request.body);
      return reply.status(201).send({ success: true as const, role });
    },
  });

  app.get('/api/roles/:id/', {
    schema: { tags, params: IdParamSchema, response: { 200: RoleResponseSchema, ...errors } },
    handler: async (request) => ({
      success: true as const,
      role: await getRole(deps, requireUser(request), request.params.id),
    }),
  });

  app.put('/api/roles/:id/', {
    schema: { tags, params: IdParamSchema, body: RoleInputSchema, response: { 200: RoleResponseSchema, ...errors } },
    handler: async (request) => ({
      success: true as const,
      role: await updateRole(deps, requireUser(request), request.params.id, request.body),
    }),
  });

  app.patch('/api/roles/:id/field/', {
    schema: {
      tags,
      params: IdParamSchema,
      body: RoleFieldUpdateInputSchema,
      response: { 200: RoleResponseSchema, ...errors },
    },
    handler: async (request) => ({
      success: true as const,
      role: await updateRoleField(deps, requireUser(request), request.params.id, request.body),
    }),
  });

  app.post('/api/roles/:id/close/', {
    schema: {
      tags,
      params: IdParamSchema,
      body: CloseRoleInputSchema,
      response: { 200: RoleResponseSchema, ...errors },
    },
    handler: async (request) => ({
      success: true as const,
      role: await closeRole(deps, requireUser(request), request.params.id, request.body),
    }),
  });

  app.post('/api/roles/:id/reopen/', {
    schema: { tags, params: IdParamSchema, response: { 200: RoleResponseSchema, ...errors } },
    handler: async (request) => ({
      success: true as const,
      role: await reopenRole(deps, requireUser(request), request.params.id),
    }),
  });

  app.post('/api/roles/:id/archive/', {
    schema: { tags, params: IdParamSchema, response: { 200: RoleResponseSchema, ...errors } },
    handler: async (request) => ({
      success: true as const,
      role: await archiveRole(deps, requireUser(request), request.params.id),
    }),
  });

  app.post('/api/roles/:id/restore/', {
    schema: { tags, params: IdParamSchema, response: { 200: RoleResponseSchema, ...errors } },
    handler: async (request) => ({
      success: true as const,
      role: await restoreRole(deps, requireUser(request), request.params.id),
    }),
  });

  app.get('/api/roles/:id/deletion/', {
    schema: { tags, params: IdParamSchema, response: { 200: DeletionCheckResponseSchema, ...errors } },
    handler: async (request) => ({
      success: true as const,
      check: await getRoleDeletionCheck(deps, requireUser(request), request.params.id),
    }),
  });

  app.delete('/api/roles/:id/', {
    schema: { tags, params: IdParamSchema, response: { 200: MessageResponseSchema, ...errors } },
    handler: async (request) => {
      await deleteRole(deps, requireUser(request), request.params.id);
      return { success: true as const, message: 'The role was deleted.' };
    },
  });

  app.get('/api/roles/:id/payout/', {
    schema: { tags, params: IdParamSchema, response: { 200: RolePayoutResponseSchema, ...errors } },
    handler: async (request) => ({
      success: true as const,
      ...(await rolePayout(deps, requireUser(request), request.params.id)),
    }),
  });

  app.get('/api/roles/:id/job-description/', {
    schema: { tags, params: IdParamSchema, response: { 200: JobDescriptionResponseSchema, ...errors } },
    handler: async (request) => ({
      success: true as const,
      job_description: await getJobDescription(deps, requireUser(request), request.params.id),
    }),
  });

  app.put('/api/roles/:id/job-description/', {
    schema: {
      tags,
      params: IdParamSchema,
      body: UpdateJobDescriptionInputSchema,
      response: { 200: JobDescriptionResponseSchema, ...errors },
    },
    handler: async (request) => ({
      success: true as const,
      job_description: await updateJobDescriptionText(deps, requireUser(request), request.params.id, request.body.text),
    }),
  });

  app.post('/api/roles/:id/job-description/upload-url/', {
    schema: {
      tags,
      params: IdParamSchema,
      body: JobDescriptionUploadUrlInputSchema,
      response: { 200: UploadTargetResponseSchema, ...errors },
    },
    handler: async (request) => ({
      success: true as const,
      upload: await createJobDescriptionUploadTarget(deps, requireUser(request), request.params.id, request.body),
    }),
  });

  app.post('/api/roles/:id/job-description/confirm/', {
    schema: {
      tags,
      params: IdParamSchema,
      body: ConfirmJobDescriptionInputSchema,
      response: { 200: RoleResponseSchema, ...errors },
    },
    handler: async (request) => ({
      success: true as const,
      role: await confirmJobDescriptionFile(deps, requireUser(request), request.params.id, request.body),
    }),
  });

  app.get('/api/roles/:id/job-description/download-url/', {
    schema: { tags, params: IdParamSchema, response: { 200: DownloadUrlResponseSchema, ...errors } },
    handler: async (request) => ({
      success: true as const,
      url: await jobDescriptionDownloadUrl(deps, requireUser(request), request.params.id),
    }),
  });

  app.delete('/api/roles/:id/job-description/file/', {
    schema: { tags, params: IdParamSchema, response: { 200: RoleResponseSchema, ...errors } },
    handler: async (request) => ({
      success: true as const,
      role: await removeJobDescriptionFile(deps, requireUser(request), request.params.id),
    }),
  });

  // A client's roles (the client page's list); documented with the client routes.
  app.get('/api/clients/:id/roles/', {
    schema: {
      tags: ['clients'],
      params: IdParamSchema,
      response: { 200: RoleListResponseSchema, ...errorResponses(400, 401, 403, 404, 409) },
    },
    handler: async (request) => ({
      success: true as const,
      ...(await listRolesOfClient(deps, requireUser(request), request.params.id)),
    }),
  });
};
