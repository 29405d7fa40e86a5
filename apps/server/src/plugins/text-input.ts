import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { assertNoNul } from '../lib/text-input';

/**
 * Issue 29 item 2: no NUL character (U+0000) gets past the boundary. After parsing and before validation,
 * every route's params, query and parsed body are checked once, here; a NUL anywhere is a 400 in the usual
 * validation shape (code `NUL_IN_TEXT`) and nothing is stored. Bodies read inside a handler (the careers
 * form's multipart fields) and chat socket messages call the same `assertNoNul`/`nulFieldOf`.
 */
export default fp(async function textInput(app: FastifyInstance) {
  app.addHook('preValidation', async (request) => {
    assertNoNul(request.params, request.query, request.body);
  });
});
