import { Navigate } from 'react-router';
import { paths } from '@/config/paths';
import { selectUser } from '@/features/auth/auth-slice';
import { ChatPage } from '@/features/chat/components/chat-page';
import { useAppSelector } from '@/lib/hooks';
import { canSeeAiChat } from '@/lib/permissions';

/** /ai-chat (?chat={id}): owners only (spec §6); anyone else is sent to the dashboard. */
export function AiChatRoute() {
  const user = useAppSelector(selectUser);
  if (!canSeeAiChat(user) || !user) return <Navigate to={paths.app.dashboard.getHref()} replace />;
  return <ChatPage userId={user.id} chatHref={(chatId) => paths.app.aiChat.getHref(chatId)} />;
}

export default AiChatRoute;
