import { useCallback } from 'react';
import type { User } from '@recruitdesk/contracts/users';
import { setUser } from '@/features/auth/auth-slice';
import { baseApi } from '@/lib/base-api';
import { useAppDispatch } from '@/lib/hooks';

/**
 * The profile screens hand the updated user here: the auth slice holds it (user menu, dashboard, theme),
 * and cached user lists and details refetch so the new name or picture shows there too.
 */
export function useUpdateAuthUser() {
  const dispatch = useAppDispatch();
  return useCallback(
    (user: User) => {
      dispatch(setUser(user));
      dispatch(
        baseApi.util.invalidateTags([
          { type: 'User', id: 'LIST' },
          { type: 'User', id: user.id },
        ]),
      );
    },
    [dispatch],
  );
}
