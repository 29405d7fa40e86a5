import type { AssistantEngine, AssistantTool } from '../assistant.service';

/** The built-in analyst: no key, no network. (A placeholder until the analyst lands.) */
export function createBuiltinAnalyst(_tools: AssistantTool[]): AssistantEngine {
  return {
    name: 'builtin',
    reply: async () => ({ kind: 'answer', content: "I can't answer that yet." }),
  };
}
