import { FORBIDDEN_REASONS, type AuthUser, type Envelope } from '@circula/model';
import type { CurrentUser, UserStore } from '../app/auth/user-store';
import { ApiError, isApiErrorBody } from './errors';
import { browserRefreshLock, type RefreshLock } from './refresh-lock';

/** A request carrying this header is sent without a bearer token; the header itself is removed. */
export const SKIP_AUTH_HEADER = 'skipAuth';
export const REFRESH_URL = '/api/auth/refresh';
/** Tokens that expire within this margin are refreshed before the call. */
export const REFRESH_MARGIN_MS = 60_000;

const PASSWORD_REASONS: ReadonlySet<string> = new Set([FORBIDDEN_REASONS.passwordExpired, FORBIDDEN_REASONS.userInitialized]);

export type QueryValue = string | number | boolean | null | undefined;

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  headers?: Record<string, string>;
  query?: Record<string, QueryValue>;
  /** Sent as JSON. */
  json?: unknown;
  /** Sent as application/x-www-form-urlencoded. */
  form?: Record<string, string>;
  /** Sent as multipart/form-data (the browser sets the boundary). */
  formData?: FormData;
  /** How a successful answer is read: JSON or text (default), or the raw bytes. */
  responseType?: 'body' | 'blob';
  credentials?: RequestCredentials;
  signal?: AbortSignal;
  /** The caller shows its own messages: no notification, no navigation on failure. */
  silent?: boolean;
}

export interface HttpHandlers {
  /** A call with a token got 401, or the token could not be refreshed; the user is already destroyed. */
  sessionExpired(): void;
  /** 403 because the password expired or must be initialised. */
  passwordForbidden(info: { username: string; reason: string }): void;
  /** Any other failure: the generic danger notification. */
  error(error: ApiError): void;
}

export interface HttpClientConfig {
  fetch: typeof fetch;
  baseUrl: () => string;
  users: UserStore;
  handlers: HttpHandlers;
  now?: () => number;
  /** Serialises refreshes across tabs (the refresh token rotates); defaults to the browser's (refresh-lock.ts). */
  lock?: RefreshLock;
}

export interface HttpClient {
  request<T>(url: string, options?: RequestOptions): Promise<T>;
  /** `request` for enveloped answers: resolves to `data`. */
  data<T>(url: string, options?: RequestOptions): Promise<T>;
  /** POSTs a multipart form (a file upload); resolves to the envelope's `data`. */
  upload<T>(url: string, form: FormData, options?: Omit<RequestOptions, 'json' | 'form' | 'formData'>): Promise<T>;
  /** GETs a file as a Blob (with the bearer token, which a plain link cannot carry). */
  /** A file the API answers (a PDF), also to a POST with a JSON body (a preview). */
  blob(url: string, options?: Omit<RequestOptions, 'form' | 'formData'>): Promise<Blob>;
  /** Refreshes the token now (single flight); rejects with ApiError when the server refuses. */
  refresh(): Promise<CurrentUser>;
  resolveUrl(url: string): string;
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return null;
  const type = response.headers.get('content-type') ?? '';
  if (type.includes('json')) {
    try {
      return JSON.parse(text) as unknown;
    } catch {
      return null;
    }
  }
  return text;
}

function queryString(query: Record<string, QueryValue> | undefined): string {
  if (!query) return '';
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null) params.append(key, String(value));
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

export function createHttpClient(config: HttpClientConfig): HttpClient {
  const { users, handlers } = config;
  const now = config.now ?? Date.now;
  const lock = config.lock ?? browserRefreshLock();
  let refreshing: Promise<CurrentUser> | null = null;

  const resolveUrl = (url: string): string => {
    if (url.startsWith('/api') || url.startsWith('api')) {
      const base = config.baseUrl().replace(/\/+$/, '');
      return `${base}${url.startsWith('/') ? '' : '/'}${url}`;
    }
    return url;
  };

  const expiresSoon = (user: CurrentUser): boolean => {
    const expiresAt = Date.parse(user.tokenExpiresAt);
    return Number.isNaN(expiresAt) || expiresAt - now() <= REFRESH_MARGIN_MS;
  };

  async function send(url: string, init: RequestInit, asBlob = false): Promise<{ response: Response; payload: unknown }> {
    let response: Response;
    try {
      response = await config.fetch(url, init);
    } catch (error) {
      if (error instanceof DOMException && error.name === 'AbortError') throw error;
      throw new ApiError(0, null);
    }
    return { response, payload: asBlob && response.ok ? await response.blob() : await readBody(response) };
  }

  async function doRefresh(): Promise<CurrentUser> {
    // Another tab may have refreshed while this one waited for the lock.
    const stored = users.reload();
    if (stored && !expiresSoon(stored)) return stored;
    const { response, payload } = await send(resolveUrl(REFRESH_URL), {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: '{}',
      credentials: 'include',
    });
    if (!response.ok) throw new ApiError(response.status, isApiErrorBody(payload) ? payload : null);
    users.set((payload as Envelope<AuthUser>).data);
    const user = users.get();
    if (!user) throw new ApiError(401, null);
    return user;
  }

  function refresh(): Promise<CurrentUser> {
    refreshing ??= lock(doRefresh).finally(() => {
      refreshing = null;
    });
    return refreshing;
  }

  /** The token to send, refreshed first when it is about to expire. */
  async function currentToken(silent: boolean): Promise<string | null> {
    const user = users.get();
    if (!user) return null;
    if (!expiresSoon(user)) return user.token;
    try {
      return (await refresh()).token;
    } catch (error) {
      const apiError = error instanceof ApiError ? error : new ApiError(0, null);
      // The server refused the refresh token: the session is over. A network failure keeps the user.
      if (apiError.status >= 400 && apiError.status < 500) {
        users.clear();
        if (!silent) handlers.sessionExpired();
        throw new ApiError(401, apiError.body);
      }
      if (!silent) handlers.error(apiError);
      throw apiError;
    }
  }

  function handleFailure(error: ApiError, carriedToken: boolean): void {
    if (error.status === 401 && carriedToken) {
      users.clear();
      handlers.sessionExpired();
    } else if (error.status === 403 && error.reason && PASSWORD_REASONS.has(error.reason)) {
      handlers.passwordForbidden({ username: users.get()?.username ?? '', reason: error.reason });
    } else {
      handlers.error(error);
    }
  }

  async function request<T>(url: string, options: RequestOptions = {}): Promise<T> {
    const silent = options.silent ?? false;
    const headers = new Headers(options.headers);
    const skipAuth = headers.has(SKIP_AUTH_HEADER);
    headers.delete(SKIP_AUTH_HEADER);
    if (!headers.has('Accept')) headers.set('Accept', 'application/json');

    const token = skipAuth ? null : await currentToken(silent);
    if (token) headers.set('Authorization', `Bearer ${token}`);

    let body: BodyInit | undefined;
    if (options.formData) {
      body = options.formData;
    } else if (options.form) {
      body = new URLSearchParams(options.form);
      headers.set('Content-Type', 'application/x-www-form-urlencoded;charset=UTF-8');
    } else if (options.json !== undefined) {
      body = JSON.stringify(options.json);
      headers.set('Content-Type', 'application/json');
    }

    const init: RequestInit = { method: options.method ?? (body ? 'POST' : 'GET'), headers };
    if (body !== undefined) init.body = body;
    if (options.credentials) init.credentials = options.credentials;
    if (options.signal) init.signal = options.signal;

    try {
      const { response, payload } = await send(resolveUrl(url) + queryString(options.query), init, options.responseType === 'blob');
      if (response.ok) return payload as T;
      throw new ApiError(response.status, isApiErrorBody(payload) ? payload : null);
    } catch (error) {
      if (error instanceof ApiError) {
        if (silent) {
          // Even a caller that handles its own errors cannot keep a session the server ended.
          if (error.status === 401 && token !== null) users.clear();
        } else {
          handleFailure(error, token !== null);
        }
      }
      throw error;
    }
  }

  return {
    request,
    data: async <T>(url: string, options?: RequestOptions) => (await request<Envelope<T>>(url, options)).data,
    upload: async <T>(url: string, form: FormData, options?: RequestOptions) =>
      (await request<Envelope<T>>(url, { ...options, method: 'POST', formData: form })).data,
    blob: (url: string, options?: RequestOptions) => request<Blob>(url, { ...options, headers: { Accept: '*/*', ...options?.headers }, responseType: 'blob' }),
    refresh,
    resolveUrl,
  };
}
