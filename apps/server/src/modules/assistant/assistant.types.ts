import type { z } from 'zod';
import type { Deps } from '../../lib/deps';
import type { UserRow } from '../users/users.service';

// The assistant's types (issue 13): the engine interface both engines implement and the tool interface
// every tool implements. Kept apart from assistant.service.ts (which builds the engines from the tools) so
// the engines and tools import them without importing the service back (issue 30 item 5: no cycles).

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
