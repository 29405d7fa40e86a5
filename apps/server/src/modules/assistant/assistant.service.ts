import type { Deps } from '../../lib/deps';
import type { UserRow } from '../users/users.service';
import type { AssistantEngine, ToolContext } from './assistant.types';
import { createBuiltinAnalyst } from './analyst/builtin-analyst';
import { createModelEngine } from './model/model-engine';
import { assistantTools } from './tools';
import { runTool as runToolReadOnly } from './tools/run-tool';

// The assistant behind the chat (issue 13): one engine interface, two engines (the built-in analyst that
// needs no key, and any OpenAI-compatible model), one set of read-only tools both call.

export type {
  AssistantEngine,
  AssistantTool,
  ChatRole,
  ChatTurn,
  EngineInput,
  EngineReply,
  ToolContext,
} from './assistant.types';

export { runTool, ToolArgumentsError } from './tools/run-tool';

/** The context a chat turn runs in: the agency's zone and the app's clock (injected in tests). */
export function assistantContext(deps: Deps, user: UserRow): ToolContext {
  return { deps, user, timeZone: deps.config.agencyTimeZone, now: deps.config.now() };
}

export { assistantTools };

/** The engine for this server: the built-in analyst, or the model when AI_BASE_URL is set (docs/assistant.md). */
export function createAssistantEngine(deps: Deps): AssistantEngine {
  if (deps.config.ai)
    return createModelEngine({ config: deps.config.ai, tools: assistantTools, runTool: runToolReadOnly });
  return createBuiltinAnalyst(assistantTools);
}
