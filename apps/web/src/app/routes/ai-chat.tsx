import { paths } from '@/config/paths';
import { selectUser } from '@/features/auth/auth-slice';
import { ChatPage } from '@/features/chat/components/chat-page';
import { useAppSelector } from '@/lib/hooks';
import { canSeeAiChat } from '@/lib/permissions';
import { NoAccess } from './no-access';

/**
 * /ai-chat (?chat={id}): owners only (spec §6); anyone else is told so, on the page Invoices shows them
 * (issue 29 item p), not sent away without a word.
 */
export function AiChatRoute() {
  const user = useAppSelector(selectUser);
  if (!canSeeAiChat(user) || !user) return <NoAccess />;
  return <ChatPage userId={user.id} chatHref={(chatId) => paths.app.aiChat.getHref(chatId)} />;
}

export default AiChatRoute;
