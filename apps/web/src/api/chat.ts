import { baseApi } from '@/lib/base-api';

// The chat's REST calls (spec §7): POST /api/chat/create/, GET /api/chat/{id}/, GET /api/chat/user/chats/.
// The socket protocol is in features/chat/chat-socket.ts.

/** Who wrote a history entry (spec §3). */
export type ChatRole = 'user' | 'agent' | 'agent-question' | 'error';

export interface ChatHistoryEntry {
  role: ChatRole;
  content: string;
  timestamp?: string;
}

export interface ChatSummary {
  id: number;
  title: string;
  created_at: string;
  updated_at: string;
}

export interface CreateChatResponse {
  success: boolean;
  chat_id: number;
}

export interface ChatDetailResponse {
  success: boolean;
  chat_history: ChatHistoryEntry[];
}

export interface ChatListResponse {
  success: boolean;
  chats: ChatSummary[];
}

const chatListTag = { type: 'Chat' as const, id: 'LIST' };

export const chatApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    /** GET /api/chat/user/chats/: the signed-in owner's chats, newest first. */
    listChats: build.query<ChatListResponse, void>({
      query: () => '/api/chat/user/chats/',
      providesTags: [chatListTag],
    }),
    /** GET /api/chat/{id}/: one chat's history. */
    getChat: build.query<ChatDetailResponse, number>({
      query: (id) => `/api/chat/${id}/`,
      providesTags: (_result, _error, id) => [{ type: 'Chat', id }],
      keepUnusedDataFor: 0,
    }),
    /** POST /api/chat/create/ with the first question; the socket then answers it. */
    createChat: build.mutation<CreateChatResponse, { initial_message: string }>({
      query: (body) => ({ url: '/api/chat/create/', method: 'POST', body }),
      invalidatesTags: [chatListTag],
    }),
  }),
});

export const { useListChatsQuery, useGetChatQuery, useCreateChatMutation } = chatApi;
