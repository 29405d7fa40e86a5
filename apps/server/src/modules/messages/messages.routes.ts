import { createWriteStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import multipart from '@fastify/multipart';
import { ErrorResponseSchema, IdParamSchema } from '@recruitdesk/contracts/common';
import {
  AttachmentParamsSchema,
  ComposeMessageSchema,
  MESSAGE_RECORD_TYPES,
  MessageUploadResponseSchema,
  MessageViewResponseSchema,
  TIMELINE_SEGMENTS,
  TimelinePageSchema,
  TimelineQuerySchema,
} from '@recruitdesk/contracts/messages';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { randomToken } from '../../lib/crypto';
import { AppError, errorResponses, fieldsError } from '../../lib/errors';
import { createRelay } from '../../lib/mail';
import { contentDisposition } from '../../lib/storage';
import { assertCan } from '../../lib/permissions';
import { requireUser } from '../users/users.service';
import { composeMessage, parseIdempotencyKey } from './compose.service';
import { MAIL_LEASE_VARIABLE, MAIL_SEND_ATTEMPTS, runMailSend } from './mail-send';
import { ATTACHMENT_MAX_BYTES, storeUpload, sweepMessageUploads, SWEEP_UPLOADS_JOB } from './message-files';
import { cancelMessage, findAttachment, getMessage, recordTimeline, resendMessage, viewOne } from './messages.service';
import { MAIL_SEND_JOB, type MailSendPayload } from './outbox';

const errors = errorResponses(400, 401, 403, 404, 409);
const tooLarge = () =>
  new AppError(
    'FILE_TOO_LARGE',
    413,
    `The file is larger than ${ATTACHMENT_MAX_BYTES / 1024 / 1024} MB, the most a message takes.`,
  );

/** The one `file` of the form, written to DATA_DIR/tmp as it arrives (never held in memory). */
async function readUpload(request: FastifyRequest): Promise<{ path: string; filename: string; size: number }> {
  if (!request.isMultipart())
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', 415, 'Send the file as multipart/form-data.');
  const dir = path.join(request.server.deps.config.dataDir, 'tmp', 'message-uploads');
  await mkdir(dir, { recursive: true });
  let file: { path: string; filename: string; size: number } | null = null;
  try {
    for await (const part of request.parts()) {
      if (part.type !== 'file') continue;
      if (part.fieldname !== 'file' || file) {
        part.file.resume();
        continue;
      }
      file = { path: path.join(dir, randomToken(16)), filename: part.filename || 'attachment', size: 0 };
      await pipeline(part.file, createWriteStream(file.path, { mode: 0o600 }));
      if (part.file.truncated) throw tooLarge();
      file.size = part.file.bytesRead;
    }
  } catch (error) {
    if (file) await rm(file.path, { force: true });
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge();
    if (code === 'FST_PARTS_LIMIT' || code === 'FST_FILES_LIMIT' || code === 'FST_FIELDS_LIMIT')
      throw new AppError('BAD_FORM', 400, 'Send one file.');
    if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE')
      throw new AppError('UNSUPPORTED_MEDIA_TYPE', 415, 'Send the file as multipart/form-data.');
    throw error;
  }
  if (!file) throw fieldsError({ file: ['Choose a file to attach.'] }, 'NO_FILE');
  if (file.filename.includes('\0')) {
    await rm(file.path, { force: true });
    throw fieldsError({ file: ['The file name is not valid.'] });
  }
  return file;
}

/**
 * The outbox (issue 33, docs/email.md "Sending"): compose, attachments, a message, resend and cancel, the
 * records' timelines, and the `mail.send` job that hands messages to the relay (decision 105).
 */
export const messagesRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  const tags = ['messages'];
  const relay = createRelay(deps.config);
  app.addHook('onClose', async () => relay.close());

  deps.jobs.register<MailSendPayload>(MAIL_SEND_JOB, (ctx) => runMailSend(deps, relay, ctx), {
    // One more than the executor's own limit: a claim after a worker died on the last attempt still runs and
    // turns a message left `sending` into `unconfirmed`.
    maxAttempts: MAIL_SEND_ATTEMPTS + 1,
    // The fault tests shorten it (a killed server's claim runs out sooner); a large attachment needs the time.
    leaseMs: Number(process.env[MAIL_LEASE_VARIABLE]) || 120_000,
    concurrency: 2,
  });

  deps.jobs.registerRecurring(SWEEP_UPLOADS_JOB, { everyMs: 3600_000 }, () => sweepMessageUploads(deps), {
    maxAttempts: 1,
  });

  await app.register(multipart, {
    limits: { fileSize: ATTACHMENT_MAX_BYTES, files: 1, fields: 2, fieldSize: 1_000, parts: 3, headerPairs: 50 },
    throwFileSizeLimit: true,
  });

  app.post('/api/messages/', {
    schema: {
      tags,
      body: ComposeMessageSchema,
      response: { 200: MessageViewResponseSchema, 201: MessageViewResponseSchema, ...errors },
    },
    handler: async (request, reply) => {
      const actor = requireUser(request);
      assertCan(actor, 'records.write');
      const key = parseIdempotencyKey(request.headers['idempotency-key']);
      const appUrl = deps.config.publicOrigin ? deps.config.publicUrl : `${request.protocol}://${request.host}`;
      const { message, created } = await composeMessage(deps, actor, request.body, key, appUrl);
      return reply
        .status(created ? 201 : 200)
        .send({ success: true as const, message: await viewOne(deps.db, message, actor) });
    },
  });

  app.post('/api/messages/attachments/', {
    schema: {
      tags,
      consumes: ['multipart/form-data'],
      response: { 201: MessageUploadResponseSchema, ...errors, 413: ErrorResponseSchema, 415: ErrorResponseSchema },
    },
    handler: async (request, reply) => {
      const actor = requireUser(request);
      // The permission first: a viewer's file is not even written to the disk.
      assertCan(actor, 'records.write');
      const row = await storeUpload(deps, actor.id, await readUpload(request));
      return reply
        .status(201)
        .send({ success: true as const, upload: { id: row.id, filename: row.filename, size: row.size } });
    },
  });

  app.get('/api/messages/:id/', {
    schema: { tags, params: IdParamSchema, response: { 200: MessageViewResponseSchema, ...errors } },
    handler: async (request) => ({
      success: true as const,
      message: await getMessage(deps, requireUser(request), request.params.id),
    }),
  });

  app.get('/api/messages/:id/attachments/:attachmentId/', {
    schema: { tags, params: AttachmentParamsSchema },
    handler: async (request, reply) => {
      const row = await findAttachment(deps, requireUser(request), request.params.id, request.params.attachmentId);
      if (!(await deps.storage.head(row.storageKey))) throw new AppError('NOT_FOUND', 404, 'Attachment not found.');
      const stream = await deps.storage.openRead(row.storageKey);
      return reply
        .header('content-type', row.contentType)
        .header('content-disposition', contentDisposition('attachment', row.filename))
        .header('cache-control', 'no-store')
        .header('x-content-type-options', 'nosniff')
        .send(stream);
    },
  });

  app.post('/api/messages/:id/resend/', {
    schema: { tags, params: IdParamSchema, response: { 200: MessageViewResponseSchema, ...errors } },
    handler: async (request) => ({
      success: true as const,
      message: await resendMessage(deps, requireUser(request), request.params.id),
    }),
  });

  app.post('/api/messages/:id/cancel/', {
    schema: { tags, params: IdParamSchema, response: { 200: MessageViewResponseSchema, ...errors } },
    handler: async (request) => ({
      success: true as const,
      message: await cancelMessage(deps, requireUser(request), request.params.id),
    }),
  });

  for (const recordType of MESSAGE_RECORD_TYPES) {
    app.get(`/api/${TIMELINE_SEGMENTS[recordType]}/:id/timeline/`, {
      schema: {
        tags,
        params: IdParamSchema,
        querystring: TimelineQuerySchema,
        response: { 200: TimelinePageSchema, ...errors },
      },
      handler: async (request) =>
        recordTimeline(deps, requireUser(request), recordType, request.params.id, request.query),
    });
  }
};
