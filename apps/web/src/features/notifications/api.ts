// The bell's endpoints: the signed-in user's own in-app notifications.
import type { Notification, NotificationListResponse } from '@recruitdesk/contracts/notifications';
import { baseApi } from '@/lib/base-api';

export interface NotificationsPage {
  results: Notification[];
  unread: number;
  has_more: boolean;
}

const NOTIFICATIONS = { type: 'Notification' as const, id: 'LIST' };

export const notificationsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    listNotifications: build.query<NotificationsPage, { limit?: number }>({
      query: ({ limit = 10 }) => ({ url: '/api/notifications/', params: { limit } }),
      transformResponse: (body: NotificationListResponse) => ({
        results: body.results,
        unread: body.unread,
        has_more: body.has_more,
      }),
      providesTags: [NOTIFICATIONS],
    }),
    markNotificationsRead: build.mutation<unknown, { ids: number[] } | { all: true }>({
      query: (body) => ({ url: '/api/notifications/read/', method: 'POST', body }),
      invalidatesTags: [NOTIFICATIONS],
    }),
  }),
});

export const { useListNotificationsQuery, useMarkNotificationsReadMutation } = notificationsApi;
