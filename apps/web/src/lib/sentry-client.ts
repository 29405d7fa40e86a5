// The Sentry browser SDK, loaded on demand by error-tracking.ts only when the server has a DSN.
import * as Sentry from '@sentry/react';
import {
  ERROR_TRACKING_SAMPLING,
  PRIVATE_DATA_COLLECTION,
  scrubErrorEvent,
  USER_TYPE_TAG,
} from '@recruitdesk/contracts/error-tracking';
import type { ErrorReporter } from './error-reporter';

export function startSentry(dsn: string, environment: string): ErrorReporter {
  Sentry.init({
    dsn,
    environment,
    ...ERROR_TRACKING_SAMPLING,
    dataCollection: PRIVATE_DATA_COLLECTION,
    integrations: [
      Sentry.browserTracingIntegration(),
      // Replays show the page's shape, never its text, input values or pictures (candidate data), and
      // record no request or response bodies. No compression worker: the CSP allows no blob: workers.
      Sentry.replayIntegration({ maskAllText: true, maskAllInputs: true, blockAllMedia: true, useCompression: false }),
    ],
    beforeSend: (event) => scrubErrorEvent(event),
    beforeBreadcrumb: (breadcrumb) => (breadcrumb.category === 'console' ? null : breadcrumb),
  });
  return {
    capture: (error) => void Sentry.captureException(error),
    setUser(user) {
      Sentry.setUser(user ? { id: String(user.id) } : null);
      Sentry.setTag(USER_TYPE_TAG, user ? user.role : 'anonymous');
    },
  };
}
