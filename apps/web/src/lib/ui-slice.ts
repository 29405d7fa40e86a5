import { createSlice, nanoid, type PayloadAction } from '@reduxjs/toolkit';
import type { Theme } from '@recruitdesk/contracts/users';

/** Interface state (spec §3). Not persisted. */
export type NotificationType = 'info' | 'success' | 'warning' | 'error';

export interface Notification {
  id: string;
  type: NotificationType;
  title: string;
  message: string;
  duration: number;
}

export interface ModalState {
  open: boolean;
  type: string | null;
  data: unknown;
}

export interface UiState {
  sidebarOpen: boolean;
  sidebarCollapsed: boolean;
  theme: Theme;
  notifications: Notification[];
  globalLoading: boolean;
  loading: Record<string, boolean>;
  modal: ModalState;
}

export const NOTIFICATION_DEFAULT_DURATION_MS = 5000;

export const initialUiState: UiState = {
  sidebarOpen: false,
  sidebarCollapsed: false,
  theme: 'light',
  notifications: [],
  globalLoading: false,
  loading: {},
  modal: { open: false, type: null, data: null },
};

export interface AddNotificationInput {
  id?: string;
  type?: NotificationType;
  title?: string;
  message?: string;
  duration?: number;
}

const uiSlice = createSlice({
  name: 'ui',
  initialState: initialUiState,
  reducers: {
    setSidebarOpen(state, action: PayloadAction<boolean>) {
      state.sidebarOpen = action.payload;
    },
    toggleSidebar(state) {
      state.sidebarOpen = !state.sidebarOpen;
    },
    setSidebarCollapsed(state, action: PayloadAction<boolean>) {
      state.sidebarCollapsed = action.payload;
    },
    toggleSidebarCollapsed(state) {
      state.sidebarCollapsed = !state.sidebarCollapsed;
    },
    setTheme(state, action: PayloadAction<Theme>) {
      state.theme = action.payload;
    },
    toggleTheme(state) {
      state.theme = state.theme === 'dark' ? 'light' : 'dark';
    },
    addNotification: {
      reducer(state, action: PayloadAction<Notification>) {
        state.notifications.push(action.payload);
      },
      prepare(input: AddNotificationInput) {
        return {
          payload: {
            id: input.id ?? nanoid(),
            type: input.type ?? 'info',
            title: input.title ?? '',
            message: input.message ?? '',
            duration: input.duration ?? NOTIFICATION_DEFAULT_DURATION_MS,
          },
        };
      },
    },
    removeNotification(state, action: PayloadAction<string>) {
      state.notifications = state.notifications.filter((n) => n.id !== action.payload);
    },
    clearNotifications(state) {
      state.notifications = [];
    },
    setGlobalLoading(state, action: PayloadAction<boolean>) {
      state.globalLoading = action.payload;
    },
    setLoading(state, action: PayloadAction<{ key: string; loading: boolean }>) {
      if (action.payload.loading) state.loading[action.payload.key] = true;
      else delete state.loading[action.payload.key];
    },
    openModal(state, action: PayloadAction<{ type: string; data?: unknown }>) {
      state.modal = { open: true, type: action.payload.type, data: action.payload.data ?? null };
    },
    closeModal(state) {
      state.modal = { open: false, type: null, data: null };
    },
  },
});

export const {
  setSidebarOpen,
  toggleSidebar,
  setSidebarCollapsed,
  toggleSidebarCollapsed,
  setTheme,
  toggleTheme,
  addNotification,
  removeNotification,
  clearNotifications,
  setGlobalLoading,
  setLoading,
  openModal,
  closeModal,
} = uiSlice.actions;

export const uiReducer = uiSlice.reducer;

export const selectUi = (state: { ui: UiState }) => state.ui;
export const selectTheme = (state: { ui: UiState }) => state.ui.theme;
export const selectSidebarOpen = (state: { ui: UiState }) => state.ui.sidebarOpen;
export const selectSidebarCollapsed = (state: { ui: UiState }) => state.ui.sidebarCollapsed;
export const selectNotifications = (state: { ui: UiState }) => state.ui.notifications;
