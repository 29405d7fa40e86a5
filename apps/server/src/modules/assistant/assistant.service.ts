import type { Deps } from '../../lib/deps';
import type { UserRow } from '../users/users.service';
import type { AssistantEngine, ToolContext } from './assistant.types';
import { createBuiltinAnalyst } from './analyst/builtin-analyst';
import { createModelEngine } from './model/model-engine';
import { assistantTools } from './tools';
import { runTool as runToolReadOnly } from './tools/run-tool';
import { findRecordsTool, type FoundRecord } from './tools/find-records';
import { STOPWORDS } from './analyst/lexicon';

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

export type { FoundRecord } from './tools/find-records';

/** Records whose names match the phrases (the find_records tool, read-only): drafts resolve names with it. */
export async function findNamedRecords(
  deps: Deps,
  user: UserRow,
  kinds: Array<'candidate' | 'role' | 'client'>,
  phrases: string[],
): Promise<FoundRecord[]> {
  const found = (await runToolReadOnly(
    findRecordsTool,
    { kinds, phrases, min_score: 0.6, limit: 8 },
    assistantContext(deps, user),
  )) as { records: FoundRecord[] };
  return found.records;
}

/** Words too common to be (part of) a name: the analyst's stop words. */
export const isCommonWord = (word: string): boolean => STOPWORDS.has(word);
