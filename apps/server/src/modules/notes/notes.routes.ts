import { IdParamSchema, MessageResponseSchema } from '@recruitdesk/contracts/common';
import {
  CreateNoteInputSchema,
  NoteListQuerySchema,
  NoteListResponseSchema,
  NoteResponseSchema,
  NoteSummaryResponseSchema,
  NoteTargetParamsSchema,
  UpdateNoteInputSchema,
} from '@recruitdesk/contracts/notes';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../lib/errors';
import { requireUser } from '../users/users.service';
import { createNote, deleteNote, listNotes, noteSummary, updateNote } from './notes.service';

const errors = errorResponses(400, 401, 403, 404);

export const notesRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  const tags = ['notes'];

  // The static /item/ paths first in spirit: a model type is never 'item', so they cannot collide.
  app.patch('/api/notes/item/:id/', {
    schema: {
      tags,
      params: IdParamSchema,
      body: UpdateNoteInputSchema,
      response: { 200: NoteResponseSchema, ...errors },
    },
    handler: async (request) => ({
      success: true as const,
      note: await updateNote(deps, requireUser(request), request.params.id, request.body),
    }),
  });

  app.delete('/api/notes/item/:id/', {
    schema: { tags, params: IdParamSchema, response: { 200: MessageResponseSchema, ...errors } },
    handler: async (request) => {
      await deleteNote(deps, requireUser(request), request.params.id);
      return { success: true as const, message: 'The note was deleted.' };
    },
  });

  app.get('/api/notes/:model_type/:object_id/', {
    schema: {
      tags,
      params: NoteTargetParamsSchema,
      querystring: NoteListQuerySchema,
      response: { 200: NoteListResponseSchema, ...errors },
    },
    handler: async (request) => ({
      success: true as const,
      ...(await listNotes(
        deps,
        requireUser(request),
        request.params.model_type,
        request.params.object_id,
        request.query,
      )),
    }),
  });

  app.post('/api/notes/:model_type/:object_id/', {
    schema: {
      tags,
      params: NoteTargetParamsSchema,
      body: CreateNoteInputSchema,
      response: { 201: NoteResponseSchema, ...errors },
    },
    handler: async (request, reply) => {
      const note = await createNote(
        deps,
        requireUser(request),
        request.params.model_type,
        request.params.object_id,
        request.body,
      );
      return reply.status(201).send({ success: true as const, note });
    },
  });

  app.get('/api/notes/:model_type/:object_id/summary/', {
    schema: { tags, params: NoteTargetParamsSchema, response: { 200: NoteSummaryResponseSchema, ...errors } },
    handler: async (request) => ({
      success: true as const,
      summary: await noteSummary(deps, requireUser(request), request.params.model_type, request.params.object_id),
    }),
  });
};
