import type { z } from 'zod';
import type { Deps } from '../../lib/deps';
import type { UserRow } from '../users/users.service';
import { createBuiltinAnalyst } from './analyst/builtin-analyst';
import { createModelEngine } from './model/model-engine';
import { assistantTools } from './tools';
import { runTool as runToolReadOnly } from './tools/run-tool';

// The assistant behind the chat (issue 13): one engine interface, two engines (the built-in analyst that
// needs no key, and any OpenAI-compatible model), one set of read-only tools both call.

export type ChatRole = 'user' | 'agent' | 'agent-question' | 'error';

export interface ChatTurn {
  role: ChatRole;
  content: string;
  timestamp: string;
}

/** What a tool sees. `deps.db` is a read-only transaction; `now` is "today" (fixed in the evaluation). */
export interface ToolContext {
  deps: Deps;
  user: UserRow;
  /**
   * The agency's time zone (AGENCY_TIME_ZONE, the same zone job-posting weeks use; not the owner's profile
   * zone): "today", "this month", "yesterday" are read in it by both engines (`agencyToday`).
   */
  timeZone: string;
  now: Date;
  /**
   * 'aggregates' when the results go to an external model under AI_DATA_SCOPE=aggregates: the tools marked
   * `aggregate` then leave out anything naming a person (an aggregate tool's per-recruiter rows).
   */
  dataScope?: 'all' | 'aggregates';
}

export interface AssistantTool<Args extends z.ZodType = z.ZodType> {
  /** snake_case, as a model sees it. */
  name: string;
  /** One paragraph for a model: what it answers, what the arguments mean. */
  description: string;
  args: Args;
  /**
   * True when the result holds only aggregates (counts, sums, rates), no record-level personal data: with
   * AI_DATA_SCOPE=aggregates only such tools are offered to an external model (docs/assistant.md).
   */
  aggregate?: boolean;
  /** Reads only; returns JSON-serialisable data. Checks the user's permission like the REST API does. */
  run(ctx: ToolContext, args: z.infer<Args>): Promise<unknown>;
}

/** An engine either answers (markdown) or asks; `pending` is kept with the chat and handed back with the answer. */
export type EngineReply =
  { kind: 'answer'; content: string } | { kind: 'question'; question: string; pending: unknown };

export interface EngineInput {
  /** This chat's earlier turns, oldest first (the new message is not among them). */
  history: ChatTurn[];
  /** The user's new message, or their answer to the engine's last question. */
  message: string;
  /** When `message` answers a question: the `pending` the engine returned with that question; else null. */
  pending: unknown;
  ctx: ToolContext;
}

export interface AssistantEngine {
  readonly name: 'builtin' | 'model';
  reply(input: EngineInput): Promise<EngineReply>;
}

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
