import { useCallback, useEffect, useLayoutEffect } from 'react';
import type { Theme } from '@recruitdesk/contracts/users';
import { useUpdateThemeMutation } from '@/features/auth/api';
import { selectIsAuthenticated, selectUserTheme, setUserTheme } from '@/features/auth/auth-slice';
import { useAppDispatch, useAppSelector } from '@/lib/hooks';
import { selectTheme, setTheme } from '@/lib/ui-slice';

export function applyThemeClass(theme: Theme) {
  document.documentElement.classList.toggle('dark', theme === 'dark');
}

/** Keeps `<html class="dark">` in step with the ui theme, and the ui theme with the signed-in user's. */
export function ThemeSync() {
  const dispatch = useAppDispatch();
  const theme = useAppSelector(selectTheme);
  const userTheme = useAppSelector(selectUserTheme);

  useEffect(() => {
    if (userTheme) dispatch(setTheme(userTheme));
  }, [dispatch, userTheme]);

  useLayoutEffect(() => {
    applyThemeClass(theme);
  }, [theme]);

  return null;
}

/** Toggles the theme locally at once and saves it to the profile; a failed save keeps the local change. */
export function useThemeToggle() {
  const dispatch = useAppDispatch();
  const theme = useAppSelector(selectTheme);
  const isAuthenticated = useAppSelector(selectIsAuthenticated);
  const [updateTheme] = useUpdateThemeMutation();
  const toggle = useCallback(() => {
    const next: Theme = theme === 'dark' ? 'light' : 'dark';
    dispatch(setTheme(next));
    dispatch(setUserTheme(next));
    if (isAuthenticated) void updateTheme(next);
  }, [dispatch, isAuthenticated, theme, updateTheme]);
  return { theme, toggle };
}
