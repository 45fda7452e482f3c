import { userStore } from '../../app/auth/user-store';
import { getEnvironment } from '../../app/environment';
import { createErrorReporter, createPageViewTracker, routePattern, type ErrorReport, type Sender } from './reporter';

/**
 * Sends a report with the signed-in user's token when there is one; `keepalive` lets it leave
 * while the page closes (sendBeacon cannot carry the Authorization header the usability report
 * needs). Page views of a visitor who is not signed in are not sent: the server keeps them by user.
 */
const send: Sender = async (path, body) => {
  const token = userStore.get()?.token;
  if (path === '/api/monitor/usability' && !token) return;
  await fetch(`${getEnvironment().apiBaseUrl}${path}`, {
    method: 'POST',
    keepalive: true,
    headers: { 'Content-Type': 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
};

let reporter: ErrorReport | null = null;

/** Reports an error to the monitor (throttled); the error boundaries call it. */
export function reportClientError(error: unknown): void {
  reporter?.(error);
}

interface RouterLike {
  state: { matches: readonly { route: { path?: string } }[] };
  subscribe(listener: (state: RouterLike['state']) => void): () => void;
}

/** Uncaught errors and rejected promises of the page, and page views on every route change. */
export function installMonitorReporting(router: RouterLike): void {
  reporter = createErrorReporter({ send });
  window.addEventListener('error', (event) => reportClientError(event.error ?? event.message));
  window.addEventListener('unhandledrejection', (event) => reportClientError(event.reason));

  const tracker = createPageViewTracker({ send });
  const patternOf = (state: RouterLike['state']) => routePattern(state.matches.map((m) => m.route.path));
  tracker.enter(patternOf(router.state));
  router.subscribe((state) => tracker.enter(patternOf(state)));
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') tracker.leave();
    else tracker.resume(patternOf(router.state));
  });
  window.addEventListener('pagehide', () => tracker.leave());
}
