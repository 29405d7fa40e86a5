import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Deps } from '../../../lib/deps';
import type { AssistantTool, ToolContext } from '../assistant.types';

// Here rather than in assistant.service.ts (which re-exports both) so that the engines, which the service
// imports, can call it without an import cycle.

export class ToolArgumentsError extends Error {}

/** Validates a tool's arguments with its zod schema, then runs it in a read-only transaction. */
export async function runTool(tool: AssistantTool, rawArgs: unknown, ctx: ToolContext): Promise<unknown> {
  const parsed = tool.args.safeParse(rawArgs);
  if (!parsed.success) throw new ToolArgumentsError(z.prettifyError(parsed.error));
  return ctx.deps.db.transaction(async (tx) => {
    await tx.execute(sql`set transaction read only`);
    return tool.run({ ...ctx, deps: { ...ctx.deps, db: tx as unknown as Deps['db'] } }, parsed.data);
  });
}
