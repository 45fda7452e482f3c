import type { AuthUser } from '@circula/model';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createUserStore, USER_STORAGE_KEY, type UserStore } from '../app/auth/user-store';
import { ApiError } from './errors';
import { createHttpClient, type HttpHandlers } from './http';

const NOW = Date.parse('2026-03-05T10:00:00Z');

function user(overrides: Partial<AuthUser> = {}): AuthUser {
  return {
    id: 7,
    username: 'mario.rossi',
    fullname: 'Mario Rossi',
    email: 'mario@example.it',
    lang: 'it',
    token: 'token-1',
    refreshToken: null,
    tokenExpiresAt: new Date(NOW + 10 * 60_000).toISOString(),
    authorities: ['ACCESS_BACKOFFICE'],
    roles: ['ACCESS_BACKOFFICE'],
    subjectId: null,
    subjects: [],
    ...overrides,
  };
}

function memoryStorage(): Storage {
  const map = new Map<string, string>();
  return {
    get length() {
      return map.size;
    },
    clear: () => map.clear(),
    getItem: (k) => map.get(k) ?? null,
    key: (i) => [...map.keys()][i] ?? null,
    removeItem: (k) => void map.delete(k),
    setItem: (k, v) => void map.set(k, v),
  };
}

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

interface Call {
  url: string;
  init: RequestInit;
  headers: Headers;
}

describe('http client', () => {
  let storage: Storage;
  let users: UserStore;
  let calls: Call[];
  let handlers: { [K in keyof HttpHandlers]: ReturnType<typeof vi.fn> };
  let responder: (url: string, init: RequestInit) => Response | Promise<Response>;

  function client(baseUrl = '') {
    const fetchStub = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
      const url = String(input);
      calls.push({ url, init, headers: new Headers(init.headers) });
      return responder(url, init);
    });
    return createHttpClient({
      fetch: fetchStub as unknown as typeof fetch,
      baseUrl: () => baseUrl,
      users,
      handlers: handlers as unknown as HttpHandlers,
      now: () => NOW,
      lock: (task) => task(),
    });
  }

  beforeEach(() => {
    storage = memoryStorage();
    users = createUserStore(storage, null);
    calls = [];
    handlers = { sessionExpired: vi.fn(), passwordForbidden: vi.fn(), error: vi.fn() };
    responder = () => json(200, { data: 'OK' });
  });

  it('prefixes api URLs with the configured base URL and leaves others alone', async () => {
    const http = client('https://backend.example.it/');
    await http.request('/api/auth/whoami');
    await http.request('api/entityconf/visible');
    await http.request('/assets/environments/environment.json');
    expect(calls.map((c) => c.url)).toEqual([
      'https://backend.example.it/api/auth/whoami',
      'https://backend.example.it/api/entityconf/visible',
      '/assets/environments/environment.json',
    ]);
  });

  it('adds the bearer token of the signed-in user', async () => {
    users.set(user());
    await client().request('/api/auth/whoami');
    expect(calls[0]?.headers.get('Authorization')).toBe('Bearer token-1');
  });

  it('removes the skipAuth header and sends no bearer when it is present', async () => {
    users.set(user());
    await client().request('/api/auth/login', { headers: { skipAuth: 'true' }, form: { username: 'a', secret: 'b' } });
    const sent = calls[0]!;
    expect(sent.headers.has('skipAuth')).toBe(false);
    expect(sent.headers.has('Authorization')).toBe(false);
    expect(String(sent.init.body)).toBe('username=a&secret=b');
    expect(sent.headers.get('Content-Type')).toContain('application/x-www-form-urlencoded');
  });

  it('unwraps the envelope with data()', async () => {
    responder = () => json(200, { data: { id: 1 } });
    await expect(client().data('/api/x')).resolves.toEqual({ id: 1 });
  });

  it('refreshes a token that expires within 60 s once, even for concurrent calls', async () => {
    users.set(user({ token: 'old', tokenExpiresAt: new Date(NOW + 30_000).toISOString() }));
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    responder = async (url) => {
      if (url.endsWith('/api/auth/refresh')) {
        await gate;
        return json(200, { data: user({ token: 'new', refreshToken: 'secret-refresh' }) });
      }
      return json(200, { data: 'OK' });
    };
    const http = client();
    const pending = [http.request('/api/a'), http.request('/api/b'), http.request('/api/c')];
    release();
    await Promise.all(pending);

    const refreshes = calls.filter((c) => c.url.endsWith('/api/auth/refresh'));
    expect(refreshes).toHaveLength(1);
    expect(refreshes[0]?.init.credentials).toBe('include');
    expect(refreshes[0]?.init.body).toBe('{}');
    const others = calls.filter((c) => !c.url.endsWith('/api/auth/refresh'));
    expect(others.map((c) => c.headers.get('Authorization'))).toEqual(['Bearer new', 'Bearer new', 'Bearer new']);
    expect(users.get()?.token).toBe('new');
    // the refresh token never reaches localStorage
    expect(storage.getItem(USER_STORAGE_KEY)).not.toContain('secret-refresh');
  });

  it('does not refresh a token that is valid for more than 60 s', async () => {
    users.set(user({ tokenExpiresAt: new Date(NOW + 61_000).toISOString() }));
    await client().request('/api/a');
    expect(calls.map((c) => c.url)).toEqual(['/api/a']);
  });

  it('logs out when the refresh is refused and does not send the call', async () => {
    users.set(user({ tokenExpiresAt: new Date(NOW - 1000).toISOString() }));
    responder = (url) => (url.endsWith('/refresh') ? json(401, { errorCode: 'UNAUTHORIZED', errorMessage: 'UNAUTHORIZED' }) : json(200, {}));
    await expect(client().request('/api/a')).rejects.toMatchObject({ status: 401 });
    expect(users.get()).toBeNull();
    expect(handlers.sessionExpired).toHaveBeenCalledTimes(1);
    expect(calls.map((c) => c.url)).toEqual(['/api/auth/refresh']);
  });

  it('destroys the user and reports an expired session on a 401 to a call that carried a token', async () => {
    users.set(user());
    responder = () => json(401, { errorCode: 'UNAUTHORIZED', errorMessage: 'UNAUTHORIZED' });
    await expect(client().request('/api/a')).rejects.toBeInstanceOf(ApiError);
    expect(users.get()).toBeNull();
    expect(storage.getItem(USER_STORAGE_KEY)).toBeNull();
    expect(handlers.sessionExpired).toHaveBeenCalledTimes(1);
    expect(handlers.error).not.toHaveBeenCalled();
  });

  it('treats a 401 without a token as an ordinary error', async () => {
    responder = () => json(401, { errorCode: 'BAD_CREDENTIALS', errorMessage: 'BAD_CREDENTIALS' });
    await expect(client().request('/api/a', { headers: { skipAuth: '1' } })).rejects.toMatchObject({ status: 401 });
    expect(handlers.sessionExpired).not.toHaveBeenCalled();
    expect(handlers.error).toHaveBeenCalledTimes(1);
  });

  it('sends 403 password-expired answers to the forbidden handler with the username', async () => {
    users.set(user());
    responder = () =>
      json(403, { errorCode: 'FORBIDDEN', errorMessage: 'FORBIDDEN', reason: 'JPPasswordExpiredException' });
    await expect(client().request('/api/a')).rejects.toMatchObject({ status: 403 });
    expect(handlers.passwordForbidden).toHaveBeenCalledWith({ username: 'mario.rossi', reason: 'JPPasswordExpiredException' });
    expect(handlers.error).not.toHaveBeenCalled();
  });

  it('passes other failures to the generic error handler with the parsed body', async () => {
    const body = { errorCode: 'CONFLICT', errorMessage: 'CONFLICT' };
    responder = () => json(409, body);
    await expect(client().request('/api/a')).rejects.toMatchObject({ status: 409, body });
    expect(handlers.error).toHaveBeenCalledWith(expect.objectContaining({ status: 409, body }));
  });

  it('leaves error handling to the caller of a silent request', async () => {
    users.set(user());
    responder = () => json(500, { errorCode: 'INTERNAL_ERROR', errorMessage: 'INTERNAL_ERROR' });
    await expect(client().request('/api/a', { silent: true })).rejects.toMatchObject({ status: 500 });
    expect(handlers.error).not.toHaveBeenCalled();
    expect(users.get()).not.toBeNull();
  });

  it('reports an unreachable server as status 0', async () => {
    responder = () => {
      throw new TypeError('Failed to fetch');
    };
    await expect(client().request('/api/a')).rejects.toMatchObject({ status: 0, body: null });
    expect(handlers.error).toHaveBeenCalledTimes(1);
  });
  it('uploads a FormData body as it is, with the bearer token and no content type of its own', async () => {
    users.set(user());
    responder = () => json(201, { data: { id: 12, fileName: 'a.pdf' } });
    const form = new FormData();
    form.append('ownerEntity', 'DOC_SUBJECT');
    form.append('file', new Blob(['%PDF-1.4']), 'a.pdf');
    const data = await client().upload<{ id: number }>('/api/resources/document', form);
    expect(data).toEqual({ id: 12, fileName: 'a.pdf' });
    expect(calls[0]?.init.method).toBe('POST');
    expect(calls[0]?.init.body).toBe(form);
    // the platform writes multipart/form-data with its boundary
    expect(calls[0]?.headers.get('Content-Type')).toBeNull();
    expect(calls[0]?.headers.get('Authorization')).toBe('Bearer token-1');
  });

  it('reads a file as a Blob, and a failed download as an ordinary error', async () => {
    users.set(user());
    responder = () => new Response(new Uint8Array([37, 80, 68, 70]), { status: 200, headers: { 'Content-Type': 'application/pdf' } });
    const blob = await client().blob('/api/resources/document/3');
    expect(blob.type).toBe('application/pdf');
    expect(new Uint8Array(await blob.arrayBuffer())).toEqual(new Uint8Array([37, 80, 68, 70]));
    expect(calls[0]?.headers.get('Accept')).toBe('*/*');
    expect(calls[0]?.headers.get('Authorization')).toBe('Bearer token-1');

    responder = () => json(404, { errorCode: 'NOT_FOUND', errorMessage: 'NOT_FOUND' });
    await expect(client().blob('/api/resources/document/4', { silent: true })).rejects.toMatchObject({ status: 404 });
    expect(handlers.error).not.toHaveBeenCalled();
  });
});
