import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { mentionsAny, type ErasureContext } from '../personal-data/personal-data.service';
import { chatMessagesTable, chatsTable } from './chat.table';

/**
 * Erasure's step in the owners' assistant chats (issue 34): the assistant's answers name records, so a
 * transcript may carry the erased person's name, email or phone; each becomes "Erased candidate #id" in the
 * chat titles and turns (the chat itself stays). Name parts alone are left: a chat is not linked to a person.
 */
export async function scrubChatsOf(tx: Db, context: ErasureContext): Promise<void> {
  const turns = await tx
    .select({ id: chatMessagesTable.id, text: chatMessagesTable.content })
    .from(chatMessagesTable)
    .where(mentionsAny(chatMessagesTable.content, context.terms));
  for (const row of turns) {
    const text = context.scrub(row.text, false);
    if (text !== row.text)
      await tx.update(chatMessagesTable).set({ content: text }).where(eq(chatMessagesTable.id, row.id));
  }
  const chats = await tx
    .select({ id: chatsTable.id, text: chatsTable.title })
    .from(chatsTable)
    .where(mentionsAny(chatsTable.title, context.terms));
  for (const row of chats) {
    const text = context.scrub(row.text, false);
    if (text !== row.text) await tx.update(chatsTable).set({ title: text }).where(eq(chatsTable.id, row.id));
  }
}
