import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildApp } from '../../src/app';
import { parseEnv, type AppConfig } from '../../src/config/env';
import { openPglite, type Database } from '../../src/db/client';
import type { Deps } from '../../src/lib/deps';
import { createBuiltinAnalyst } from '../../src/modules/assistant/analyst/builtin-analyst';
import {
  assistantTools,
  type ChatTurn,
  type EngineReply,
  type ToolContext,
} from '../../src/modules/assistant/assistant.service';
import type { UserRow } from '../../src/modules/users/users.service';

/** An app (for its deps) on a fresh in-memory PGlite, its agency in `timeZone`. */
export async function openHarness(
  now: Date,
  timeZone = 'UTC',
): Promise<{ database: Database; deps: Deps; close(): Promise<void> }> {
  const database = await openPglite();
  await database.migrate();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'rd-assistant-'));
  const config: AppConfig = {
    ...parseEnv({
      NODE_ENV: 'test',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'silent',
      PORT: '0',
      WEB_DIST_DIR: path.join(dataDir, 'no-web'),
      AGENCY_TIME_ZONE: timeZone,
    }),
    now: () => now,
  };
  const app = await buildApp(config, { db: database.db });
  await app.ready();
  const deps = (app as unknown as { deps: Deps }).deps;
  return {
    database,
    deps,
    async close() {
      await app.close();
      await database.close();
    },
  };
}

/** A conversation with the built-in analyst, keeping history and the pending question like the chat does. */
export class Conversation {
  history: ChatTurn[] = [];
  pending: unknown = null;
  private readonly engine = createBuiltinAnalyst(assistantTools);
  constructor(private readonly ctx: ToolContext) {}

  static of(deps: Deps, user: UserRow, timeZone: string, now: Date): Conversation {
    return new Conversation({ deps, user, timeZone, now });
  }

  async say(message: string): Promise<EngineReply> {
    const reply = await this.engine.reply({ history: this.history, message, pending: this.pending, ctx: this.ctx });
    const timestamp = this.ctx.now.toISOString();
    this.history.push({ role: 'user', content: message, timestamp });
    if (reply.kind === 'question') {
      this.history.push({ role: 'agent-question', content: reply.question, timestamp });
      this.pending = reply.pending;
    } else {
      this.history.push({ role: 'agent', content: reply.content, timestamp });
      this.pending = null;
    }
    return reply;
  }
}
