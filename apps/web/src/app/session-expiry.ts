import toast from 'react-hot-toast';
import { clearSession } from '@/features/auth/auth-slice';
import { setSessionExpiredHandler } from '@/lib/api';
import { baseApi } from '@/lib/base-api';
import { createSessionExpiredHandler } from '@/lib/session-expiry';
import { paths } from '@/config/paths';
import type { router as appRouter } from './router';
import type { store as appStore } from './store';

/** Registers the 401 flow with the API wrapper (lib/ may not import the store or the router). */
export function registerSessionExpiry(store: typeof appStore, router: typeof appRouter) {
  setSessionExpiredHandler(
    createSessionExpiredHandler({
      showToast: (message, options) => toast.error(message, options),
      logout: () => store.dispatch(clearSession()),
      redirect: () => {
        const { pathname, search } = router.state.location;
        const from = pathname.startsWith('/auth/') ? undefined : `${pathname}${search}`;
        store.dispatch(baseApi.util.resetApiState());
        void router.navigate(paths.auth.login.getHref(), { replace: true, state: from ? { from } : null });
      },
    }),
  );
}
