import { IdParamSchema, MessageResponseSchema } from '@recruitdesk/contracts/common';
import {
  ClientInvoiceDraftQuerySchema,
  CreateClientInvoiceInputSchema,
  CreateRoleInvoiceInputSchema,
  CreditNoteInputSchema,
  InvoiceDraftResponseSchema,
  type Invoice,
  type InvoiceDraft,
  InvoiceListQuerySchema,
  InvoiceListResponseSchema,
  InvoiceResponseSchema,
  InvoiceStatisticsQuerySchema,
  InvoiceStatisticsResponseSchema,
  PatchInvoiceInputSchema,
  PayoutInputSchema,
  RoleInvoiceDraftQuerySchema,
  SendInvoiceInputSchema,
  UpdateInvoiceInputSchema,
  VoidInvoiceInputSchema,
} from '@recruitdesk/contracts/invoices';
import type { FastifyReply } from 'fastify';
import type { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../lib/errors';
import { requireUser, type UserRow } from '../users/users.service';
import { registerInvoiceHooks } from './invoices.hooks';
import { deleteInvoice, updateInvoice, voidInvoice } from './invoice-changes.service';
import {
  createClientInvoice,
  createRoleInvoice,
  getClientInvoiceDraft,
  getRoleInvoiceDraft,
} from './invoice-create.service';
import { createCreditNote } from './invoice-credit-notes.service';
import { recordPayout } from './invoice-payouts.service';
import { sendInvoice } from './invoice-send.service';
import { invoiceStatistics } from './invoice-statistics.service';
import { getInvoice, invoicePdf, listInvoices } from './invoices.service';

const errors = errorResponses(400, 401, 403, 404, 409);

/** Invoices and payouts (issue 11): owners only, every route (the service checks first). */
export const invoicesRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  registerInvoiceHooks(deps.config.agencyTimeZone);
  const tags = ['invoices'];
  const ok = { success: true as const };

  app.get('/api/invoices/', {
    schema: { tags, querystring: InvoiceListQuerySchema, response: { 200: InvoiceListResponseSchema, ...errors } },
    handler: async (request) => ({ ...ok, ...(await listInvoices(deps, requireUser(request), request.query)) }),
  });

  app.get('/api/invoices/statistics/', {
    schema: {
      tags,
      querystring: InvoiceStatisticsQuerySchema,
      response: { 200: InvoiceStatisticsResponseSchema, ...errors },
    },
    handler: async (request) => ({
      ...ok,
      statistics: await invoiceStatistics(deps, requireUser(request), request.query),
    }),
  });

  app.get('/api/invoices/:id/', {
    schema: { tags, params: IdParamSchema, response: { 200: InvoiceResponseSchema, ...errors } },
    handler: async (request) => ({ ...ok, invoice: await getInvoice(deps, requireUser(request), request.params.id) }),
  });

  app.put('/api/invoices/:id/', {
    schema: {
      tags,
      params: IdParamSchema,
      body: UpdateInvoiceInputSchema,
      response: { 200: InvoiceResponseSchema, ...errors },
    },
    handler: async (request) => ({
      ...ok,
      invoice: await updateInvoice(deps, requireUser(request), request.params.id, request.body),
    }),
  });

  app.patch('/api/invoices/:id/', {
    schema: {
      tags,
      params: IdParamSchema,
      body: PatchInvoiceInputSchema,
      response: { 200: InvoiceResponseSchema, ...errors },
    },
    handler: async (request) => ({
      ...ok,
      invoice: await updateInvoice(deps, requireUser(request), request.params.id, request.body),
    }),
  });

  app.delete('/api/invoices/:id/', {
    schema: { tags, params: IdParamSchema, response: { 200: MessageResponseSchema, ...errors } },
    handler: async (request) => {
      await deleteInvoice(deps, requireUser(request), request.params.id);
      return { ...ok, message: 'The draft invoice was deleted.' };
    },
  });

  app.post('/api/invoices/:id/send/', {
    schema: {
      tags,
      params: IdParamSchema,
      body: SendInvoiceInputSchema.optional(),
      response: { 200: InvoiceResponseSchema, ...errors },
    },
    handler: async (request) => ({
      ...ok,
      invoice: await sendInvoice(deps, requireUser(request), request.params.id, request.body ?? {}),
    }),
  });

  app.post('/api/invoices/:id/void/', {
    schema: {
      tags,
      params: IdParamSchema,
      body: VoidInvoiceInputSchema,
      response: { 200: InvoiceResponseSchema, ...errors },
    },
    handler: async (request) => ({
      ...ok,
      invoice: await voidInvoice(deps, requireUser(request), request.params.id, request.body),
    }),
  });

  app.post('/api/invoices/:id/payouts/', {
    schema: {
      tags,
      params: IdParamSchema,
      body: PayoutInputSchema,
      response: { 201: InvoiceResponseSchema, ...errors },
    },
    handler: async (request, reply) =>
      reply
        .status(201)
        .send({ ...ok, invoice: await recordPayout(deps, requireUser(request), request.params.id, request.body) }),
  });

  app.post('/api/invoices/:id/credit-note/', {
    schema: {
      tags,
      params: IdParamSchema,
      body: CreditNoteInputSchema,
      response: { 201: InvoiceResponseSchema, ...errors },
    },
    handler: async (request, reply) =>
      reply
        .status(201)
        .send({ ...ok, invoice: await createCreditNote(deps, requireUser(request), request.params.id, request.body) }),
  });

  app.get('/api/invoices/:id/pdf/', {
    schema: { tags, params: IdParamSchema, response: { ...errors } },
    handler: async (request, reply) => {
      const { pdf, filename } = await invoicePdf(deps, requireUser(request), request.params.id);
      // Raw bytes: the typed reply only knows the JSON error bodies of this route.
      return (reply as FastifyReply)
        .header('content-type', 'application/pdf')
        .header('content-disposition', `attachment; filename="${filename}"`)
        .send(pdf);
    },
  });

  // Under the role (finder's fees) and the client (retainers).
  invoicesUnder(app, {
    parent: 'roles',
    filter: 'role',
    draftQuery: RoleInvoiceDraftQuerySchema,
    draft: (actor, id, query) => getRoleInvoiceDraft(deps, actor, id, query.pipeline_id),
    createBody: CreateRoleInvoiceInputSchema,
    create: (actor, id, body) => createRoleInvoice(deps, actor, id, body),
  });
  invoicesUnder(app, {
    parent: 'clients',
    filter: 'client',
    draftQuery: ClientInvoiceDraftQuerySchema,
    draft: (actor, id, query) => getClientInvoiceDraft(deps, actor, id, query.instalment),
    createBody: CreateClientInvoiceInputSchema,
    create: (actor, id, body) => createClientInvoice(deps, actor, id, body),
  });
};

/**
 * The invoices of one parent record (`/api/<parent>/{id}/invoices/`): its list, the create screen's prefill
 * (`draft/`) and the create call.
 */
function invoicesUnder<DraftQuery extends z.ZodType, CreateBody extends z.ZodType>(
  app: Parameters<FastifyPluginAsyncZod>[0],
  routes: {
    parent: 'roles' | 'clients';
    filter: 'role' | 'client';
    draftQuery: DraftQuery;
    draft: (actor: UserRow, id: number, query: z.output<DraftQuery>) => Promise<InvoiceDraft>;
    createBody: CreateBody;
    create: (actor: UserRow, id: number, body: z.output<CreateBody>) => Promise<Invoice>;
  },
): void {
  const { deps } = app;
  const tags = ['invoices'];
  const ok = { success: true as const };
  const base = `/api/${routes.parent}/:id/invoices/`;

  app.get(base, {
    schema: {
      tags,
      params: IdParamSchema,
      querystring: InvoiceListQuerySchema,
      response: { 200: InvoiceListResponseSchema, ...errors },
    },
    handler: async (request) => ({
      ...ok,
      ...(await listInvoices(deps, requireUser(request), request.query, { [routes.filter]: request.params.id })),
    }),
  });

  app.get(`${base}draft/`, {
    schema: {
      tags,
      params: IdParamSchema,
      querystring: routes.draftQuery,
      response: { 200: InvoiceDraftResponseSchema, ...errors },
    },
    handler: async (request) => ({
      ...ok,
      // The schema above parsed the query; the type provider cannot narrow a generic schema's output.
      draft: await routes.draft(requireUser(request), request.params.id, request.query as z.output<DraftQuery>),
    }),
  });

  app.post(base, {
    schema: {
      tags,
      params: IdParamSchema,
      body: routes.createBody,
      response: { 201: InvoiceResponseSchema, ...errors },
    },
    handler: async (request, reply) =>
      reply.status(201).send({
        ...ok,
        invoice: await routes.create(requireUser(request), request.params.id, request.body as z.output<CreateBody>),
      }),
  });
}
