import http from 'node:http';

/** One scripted assistant message: text, tool calls, or both. */
export interface ScriptedReply {
  content?: string | null;
  toolCalls?: { id?: string; name: string; arguments: string }[];
}

/** What the engine sent: the request body of each chat-completions call, and its headers. */
export interface RecordedRequest {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read the protocol's JSON
  body: any;
  headers: http.IncomingHttpHeaders;
}

/**
 * A real HTTP server on 127.0.0.1 that speaks the chat-completions protocol (POST /v1/chat/completions)
 * and answers each call with the next scripted reply. A call beyond the script answers 500.
 */
export async function startScriptedModel(
  script: ScriptedReply[],
): Promise<{ baseUrl: string; requests: RecordedRequest[]; close(): Promise<void> }> {
  const requests: RecordedRequest[] = [];
  let next = 0;
  const server = http.createServer((request, response) => {
    let text = '';
    request.on('data', (chunk: Buffer) => (text += chunk.toString()));
    request.on('end', () => {
      if (request.method !== 'POST' || request.url !== '/v1/chat/completions') {
        response
          .writeHead(404, { 'content-type': 'application/json' })
          .end(JSON.stringify({ error: { message: 'not found' } }));
        return;
      }
      requests.push({ body: JSON.parse(text), headers: request.headers });
      const reply = script[next];
      next += 1;
      if (!reply) {
        response
          .writeHead(500, { 'content-type': 'application/json' })
          .end(JSON.stringify({ error: { message: 'script exhausted' } }));
        return;
      }
      const toolCalls = reply.toolCalls?.map((call, index) => ({
        id: call.id ?? `call_${next}_${index}`,
        type: 'function',
        function: { name: call.name, arguments: call.arguments },
      }));
      response.writeHead(200, { 'content-type': 'application/json' }).end(
        JSON.stringify({
          id: `chatcmpl-${next}`,
          object: 'chat.completion',
          created: 1_700_000_000,
          model: 'scripted',
          choices: [
            {
              index: 0,
              message: {
                role: 'assistant',
                content: reply.content ?? null,
                ...(toolCalls?.length ? { tool_calls: toolCalls } : {}),
              },
              finish_reason: toolCalls?.length ? 'tool_calls' : 'stop',
            },
          ],
          usage: { prompt_tokens: 1, completion_tokens: 1, total_tokens: 2 },
        }),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('no address');
  return {
    baseUrl: `http://127.0.0.1:${address.port}/v1`,
    requests,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
