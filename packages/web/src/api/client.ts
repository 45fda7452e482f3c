import { FORBIDDEN_REASONS } from '@circula/model';
import { userStore } from '../app/auth/user-store';
import { getEnvironment } from '../app/environment';
import { forbiddenChangePasswordUrl, navigateTo } from '../app/navigation';
import { notifyError, notifySessionExpired } from '../app/notifications';
import { queryClient } from '../app/query-client';
import { createHttpClient } from './http';

/** Reason shown on the change-password page for each forbidden reason (an i18n key). */
export function forbiddenReasonMessage(reason: string | undefined): string {
  return reason === FORBIDDEN_REASONS.userInitialized ? 'AUTH.REASONS.USER_INITIALIZED' : 'AUTH.REASONS.PASSWORD_EXPIRED';
}

/** The app's http client, wired to the user store, notifications and the router. */
export const http = createHttpClient({
  fetch: (input, init) => window.fetch(input, init),
  baseUrl: () => getEnvironment().apiBaseUrl,
  users: userStore,
  handlers: {
    sessionExpired() {
      notifySessionExpired();
      queryClient.clear();
      navigateTo(getEnvironment().loginPath, { replace: true });
    },
    passwordForbidden({ username, reason }) {
      navigateTo(forbiddenChangePasswordUrl(username, forbiddenReasonMessage(reason)));
    },
    error: notifyError,
  },
});
