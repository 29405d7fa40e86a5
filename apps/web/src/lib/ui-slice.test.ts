import { describe, expect, it } from 'vitest';
import { addNotification, initialUiState, setLoading, toggleTheme, uiReducer } from './ui-slice';

describe('ui slice', () => {
  it('starts light with the sidebar closed', () => {
    expect(initialUiState).toMatchObject({ theme: 'light', sidebarOpen: false, globalLoading: false });
  });
  it('adds notifications with type info and 5000 ms by default', () => {
    const state = uiReducer(undefined, addNotification({ title: 'Saved' }));
    expect(state.notifications[0]).toMatchObject({ type: 'info', title: 'Saved', message: '', duration: 5000 });
  });
  it('toggles the theme and tracks per-key loading', () => {
    let state = uiReducer(undefined, toggleTheme());
    expect(state.theme).toBe('dark');
    state = uiReducer(state, setLoading({ key: 'clients', loading: true }));
    expect(state.loading).toEqual({ clients: true });
    state = uiReducer(state, setLoading({ key: 'clients', loading: false }));
    expect(state.loading).toEqual({});
  });
});
