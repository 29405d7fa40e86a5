import {
  EmailTemplateListQuerySchema,
  EmailTemplateListResponseSchema,
  EmailTemplateResponseSchema,
  TemplatePreviewResponseSchema,
} from '@recruitdesk/contracts/campaigns';
import { IdParamSchema, MessageResponseSchema } from '@recruitdesk/contracts/common';
import { EmailTemplateInputSchema, TemplatePreviewRequestSchema } from '@recruitdesk/contracts/messages';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../lib/errors';
import { requireUser } from '../users/users.service';
import {
  createTemplate,
  deleteTemplate,
  getTemplate,
  listTemplates,
  previewTemplate,
  updateTemplate,
} from './email-templates.service';

const errors = errorResponses(400, 401, 403, 404, 409);

export const emailTemplatesRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  const tags = ['email-templates'];

  app.get('/api/email-templates/', {
    schema: {
      tags,
      querystring: EmailTemplateListQuerySchema,
      response: { 200: EmailTemplateListResponseSchema, ...errors },
    },
    handler: async (request) => ({
      success: true as const,
      templates: await listTemplates(deps, requireUser(request), request.query),
    }),
  });

  app.post('/api/email-templates/', {
    schema: { tags, body: EmailTemplateInputSchema, response: { 201: EmailTemplateResponseSchema, ...errors } },
    handler: async (request, reply) =>
      reply
        .status(201)
        .send({ success: true as const, template: await createTemplate(deps, requireUser(request), request.body) }),
  });

  app.get('/api/email-templates/:id/', {
    schema: { tags, params: IdParamSchema, response: { 200: EmailTemplateResponseSchema, ...errors } },
    handler: async (request) => ({
      success: true as const,
      template: await getTemplate(deps, requireUser(request), request.params.id),
    }),
  });

  app.put('/api/email-templates/:id/', {
    schema: {
      tags,
      params: IdParamSchema,
      body: EmailTemplateInputSchema,
      response: { 200: EmailTemplateResponseSchema, ...errors },
    },
    handler: async (request) => ({
      success: true as const,
      template: await updateTemplate(deps, requireUser(request), request.params.id, request.body),
    }),
  });

  app.delete('/api/email-templates/:id/', {
    schema: { tags, params: IdParamSchema, response: { 200: MessageResponseSchema, ...errors } },
    handler: async (request) => {
      await deleteTemplate(deps, requireUser(request), request.params.id);
      return { success: true as const, message: 'The template was deleted.' };
    },
  });

  app.post('/api/email-templates/:id/preview/', {
    schema: {
      tags,
      params: IdParamSchema,
      body: TemplatePreviewRequestSchema,
      response: { 200: TemplatePreviewResponseSchema, ...errors },
    },
    handler: async (request) => ({
      success: true as const,
      preview: await previewTemplate(deps, requireUser(request), request.params.id, request.body),
    }),
  });
};
