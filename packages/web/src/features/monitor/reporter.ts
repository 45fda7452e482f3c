import type { ClientErrorReport, PageViewReport } from '@circula/model';

/**
 * The web app's own reports to the monitor (API.md `POST /api/monitor/client-errors`,
 * `POST /api/monitor/usability`). Loaded with the sign-in page, so it imports nothing heavy: no
 * antd, no http client (whose failures would notify, and be reported, and notify…).
 */

/** Posts one JSON body; resolves whatever the answer (a report never reports its own failure). */
export type Sender = (path: string, body: unknown) => Promise<void>;

export interface ErrorReporterOptions {
  send: Sender;
  now?: () => number;
  /** Reports per minute at most (the server allows 20 per address). */
  perMinute?: number;
  /** The same message is reported once in this many ms. */
  repeatMs?: number;
}

const MESSAGE_MAX = 2000;
const STACK_MAX = 16_000;

/** What a thrown value says, whatever it is (an Error, a string, an object, nothing). */
function describe(error: unknown): { message: string; stack?: string } {
  if (error instanceof Error) return { message: `${error.name}: ${error.message}`.slice(0, MESSAGE_MAX) || 'Error', ...(error.stack ? { stack: error.stack.slice(0, STACK_MAX) } : {}) };
  if (typeof error === 'string') return { message: error.slice(0, MESSAGE_MAX) || 'Error' };
  try {
    return { message: (JSON.stringify(error) ?? String(error)).slice(0, MESSAGE_MAX) || 'Error' };
  } catch {
    return { message: String(error).slice(0, MESSAGE_MAX) || 'Error' };
  }
}

/**
 * Reports errors, throttled: at most `perMinute` a minute, the same message once per `repeatMs`,
 * and never while a report is being sent (an error raised by reporting is not reported: no loop).
 * Answers whether the error was sent.
 */
export function createErrorReporter({ send, now = Date.now, perMinute = 5, repeatMs = 60_000 }: ErrorReporterOptions) {
  const sentAt: number[] = [];
  const lastByMessage = new Map<string, number>();
  let sending = false;
  return function report(error: unknown, url = typeof location === 'undefined' ? '' : location.href): boolean {
    if (sending) return false;
    const at = now();
    while (sentAt.length && at - sentAt[0]! >= 60_000) sentAt.shift();
    if (sentAt.length >= perMinute) return false;
    const { message, stack } = describe(error);
    const last = lastByMessage.get(message);
    if (last !== undefined && at - last < repeatMs) return false;
    if (lastByMessage.size > 100) lastByMessage.clear();
    lastByMessage.set(message, at);
    sentAt.push(at);
    const body: ClientErrorReport = {
      message,
      ...(stack ? { stack } : {}),
      url: url.slice(0, 2000) || '-',
      ...(typeof navigator === 'undefined' ? {} : { userAgent: navigator.userAgent.slice(0, 500) }),
      at: new Date(at).toISOString(),
    };
    sending = true;
    try {
      void send('/api/monitor/client-errors', body).catch(() => undefined);
    } catch {
      // a sender that throws is as good as one that failed
    } finally {
      sending = false;
    }
    return true;
  };
}

export type ErrorReport = ReturnType<typeof createErrorReporter>;

export interface PageViewTrackerOptions {
  send: Sender;
  now?: () => number;
  /** Views sent in one report at most (the server takes 50). */
  batch?: number;
}

/**
 * Page views: `enter(route)` ends the previous page's view and starts one of `route` (a route
 * pattern such as `users/:id`, never a URL with ids); views are sent in batches, and what is left
 * when the page is hidden or closed goes with `flush()`.
 */
export function createPageViewTracker({ send, now = Date.now, batch = 20 }: PageViewTrackerOptions) {
  let current: { route: string; enteredAt: number } | null = null;
  let pending: PageViewReport[] = [];

  const close = () => {
    if (!current) return;
    pending.push({ route: current.route, enteredAt: new Date(current.enteredAt).toISOString(), leftAt: new Date(now()).toISOString() });
    current = null;
  };
  const flush = () => {
    if (pending.length === 0) return;
    const views = pending.slice(0, 50);
    pending = pending.slice(50);
    void send('/api/monitor/usability', { views }).catch(() => undefined);
  };
  return {
    enter(route: string | null) {
      if (current?.route === route) return;
      close();
      if (route) current = { route, enteredAt: now() };
      if (pending.length >= batch) flush();
    },
    /** The page goes away (hidden, closed): its view ends and everything pending is sent. */
    leave() {
      close();
      flush();
    },
    /** Back to a visible page: its view starts again. */
    resume(route: string | null) {
      if (!current && route) current = { route, enteredAt: now() };
    },
    pending: () => [...pending],
  };
}

export type PageViewTracker = ReturnType<typeof createPageViewTracker>;

/** A route pattern from the matched routes' paths: `users/:id`, `dashboard`; null when nothing matched. */
export function routePattern(paths: readonly (string | undefined)[]): string | null {
  const pattern = paths
    .filter((path): path is string => typeof path === 'string' && path !== '' && path !== '/')
    .join('/')
    .replace(/\/+/g, '/')
    .replace(/^\/|\/$/g, '');
  return pattern && /^[A-Za-z0-9:/_*-]{1,120}$/.test(pattern) ? pattern : null;
}
