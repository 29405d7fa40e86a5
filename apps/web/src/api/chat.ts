import type {
  ChatHistoryResponse,
  ChatListQuery,
  ChatListResponse,
  CreateChatBody,
  CreateChatResponse,
} from '@recruitdesk/contracts/chat';
import { baseApi } from '@/lib/base-api';

// The chat's REST calls (spec §7): POST /api/chat/create/, GET /api/chat/{id}/, GET /api/chat/user/chats/.
// The socket's side is features/chat/chat-socket.ts.

const chatListTag = { type: 'Chat' as const, id: 'LIST' };

export const chatApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    /** GET /api/chat/user/chats/: the signed-in owner's chats, newest activity first. */
    listChats: build.query<ChatListResponse, Partial<ChatListQuery> | void>({
      query: (params) => ({ url: '/api/chat/user/chats/', params: { ...(params ?? {}) } }),
      providesTags: [chatListTag],
    }),
    /** GET /api/chat/{id}/: one chat's history. */
    getChat: build.query<ChatHistoryResponse, number>({
      query: (id) => `/api/chat/${id}/`,
      providesTags: (_result, _error, id) => [{ type: 'Chat', id }],
      keepUnusedDataFor: 0,
    }),
    /** POST /api/chat/create/ with the first question; the socket then answers it. */
    createChat: build.mutation<CreateChatResponse, CreateChatBody>({
      query: (body) => ({ url: '/api/chat/create/', method: 'POST', body }),
      invalidatesTags: [chatListTag],
    }),
  }),
});

export const { useListChatsQuery, useGetChatQuery, useCreateChatMutation } = chatApi;
