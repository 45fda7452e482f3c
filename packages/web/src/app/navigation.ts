/**
 * Lets code outside React (the http client, the session service) navigate through the router.
 * The router registers itself at start; before that a full page load is the fallback.
 */
export type Navigate = (to: string, options?: { replace?: boolean }) => void;

let navigate: Navigate = (to) => window.location.assign(to);

export function setNavigator(next: Navigate): void {
  navigate = next;
}

export function navigateTo(to: string, options?: { replace?: boolean }): void {
  navigate(to, options);
}

export const CHANGE_PASSWORD_PATH = '/change-password';

/** The change-password page in "forbidden" mode (expired or to-be-initialised password). */
export function forbiddenChangePasswordUrl(username: string, message: string): string {
  const params = new URLSearchParams({ isHandleForbidden: 'true', username, message });
  return `${CHANGE_PASSWORD_PATH}?${params.toString()}`;
}
