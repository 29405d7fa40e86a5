// "Better with a configured model": the model rewrites the built-in draft's body from the same facts. Only when
// record-level data may leave the server (AI_DATA_SCOPE=all); any failure keeps the built-in draft.
import type { Draft } from '@recruitdesk/contracts/drafts';
import { modelAnswerToHtml } from './draft-model-text';
import type { Deps } from '../../lib/deps';

const INSTRUCTIONS =
  'You rewrite an email draft for a recruiter at a recruiting agency. Keep every fact exactly as given and add ' +
  'none; keep merge fields such as {{candidate.first_name}} unchanged; write short, warm, professional ' +
  'paragraphs. Answer with the email body only, as plain text paragraphs separated by blank lines, no subject, no signature.';

export async function polishWithModel(
  deps: Deps,
  request: string,
  built: Omit<Draft, 'engine'>,
): Promise<Draft | null> {
  const ai = deps.config.ai;
  if (!ai || ai.dataScope !== 'all') return null;
  try {
    const { default: OpenAI } = await import('openai');
    const client = new OpenAI({
      baseURL: ai.baseUrl,
      apiKey: ai.apiKey ?? 'not-needed',
      timeout: 30_000,
      maxRetries: 1,
    });
    const completion = await client.chat.completions.create({
      model: ai.model,
      messages: [
        { role: 'system', content: INSTRUCTIONS },
        { role: 'user', content: `The recruiter asked: ${request}\n\nThe draft:\n${built.body_html}` },
      ],
    });
    const body = modelAnswerToHtml(completion.choices[0]?.message?.content ?? '');
    if (!body.trim()) return null;
    return { ...built, body_html: body, engine: 'model' };
  } catch (error) {
    deps.log.warn({ err: error }, 'the model could not write the draft; the built-in draft is used');
    return null;
  }
}
