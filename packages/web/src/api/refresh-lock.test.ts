import type { AuthUser } from '@circula/model';
import { describe, expect, it, vi } from 'vitest';
import { createUserStore } from '../app/auth/user-store';
import { createHttpClient, REFRESH_URL, type HttpHandlers } from './http';
import { createRefreshLock, REFRESH_LOCK_NAME, type RefreshLock } from './refresh-lock';

const NOW = Date.parse('2026-03-05T10:00:00Z');

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

const signedIn = (token: string, expiresInMs: number): AuthUser => ({
  id: 7,
  username: 'mario.rossi',
  fullname: 'Mario Rossi',
  email: null,
  lang: 'it',
  token,
  refreshToken: null,
  tokenExpiresAt: new Date(NOW + expiresInMs).toISOString(),
  authorities: ['ACCESS_BACKOFFICE'],
  roles: ['ACCESS_BACKOFFICE'],
  subjectId: null,
  subjects: [],
});

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

/**
 * A server whose refresh token rotates as Circula's does: each refresh answers a new access token
 * and replaces the cookie's refresh token; presenting a replaced one ends the session (401).
 */
function rotatingServer() {
  let cookie = 'refresh-1';
  let generation = 1;
  const refreshes: string[] = [];
  const bearers: string[] = [];
  const fetch = async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = String(input);
    if (url.endsWith(REFRESH_URL)) {
      const presented = cookie;
      refreshes.push(presented);
      // the answer takes a while: time for the other tab to start its own
      await new Promise((resolve) => setTimeout(resolve, 30));
      if (presented !== `refresh-${generation}`) return json(401, { errorCode: 'UNAUTHORIZED', errorMessage: 'REFRESH_TOKEN_REUSED' });
      generation += 1;
      cookie = `refresh-${generation}`;
      return json(200, { data: signedIn(`access-${generation}`, 15 * 60_000) });
    }
    bearers.push(new Headers(init.headers).get('Authorization') ?? '');
    return json(200, { data: 'OK' });
  };
  return { fetch: fetch as typeof globalThis.fetch, refreshes, bearers };
}

const handlers = (): HttpHandlers => ({ sessionExpired: vi.fn(), passwordForbidden: vi.fn(), error: vi.fn() });

/** A browser tab: its own user store over the storage every tab shares, its own client and lock. */
function tab(storage: Storage, server: ReturnType<typeof rotatingServer>, lock: RefreshLock) {
  const users = createUserStore(storage, null);
  const events = handlers();
  return { users, events, http: createHttpClient({ fetch: server.fetch, baseUrl: () => '', users, handlers: events, now: () => NOW, lock }) };
}

describe('one token refresh across tabs', () => {
  it('lets one of two tabs refresh an expiring token; the other uses the token it stored', async () => {
    const storage = memoryStorage();
    const server = rotatingServer();
    createUserStore(storage, null).set(signedIn('access-1', 30_000));
    const first = tab(storage, server, createRefreshLock({ storage, id: 'first' }));
    const second = tab(storage, server, createRefreshLock({ storage, id: 'second' }));

    await Promise.all([first.http.request('/api/auth/whoami'), second.http.request('/api/auth/whoami')]);

    expect(server.refreshes).toEqual(['refresh-1']);
    expect(server.bearers).toEqual(['Bearer access-2', 'Bearer access-2']);
    expect(first.users.get()?.token).toBe('access-2');
    expect(second.users.get()?.token).toBe('access-2');
    for (const t of [first, second]) expect(t.events.sessionExpired).not.toHaveBeenCalled();
    // the lease is given back
    expect(storage.getItem(REFRESH_LOCK_NAME)).toBeNull();
  });

  it("coordinates by default, with the browser's storage where there are no Web Locks (plain http)", async () => {
    expect(typeof navigator === 'undefined' ? undefined : navigator.locks).toBeUndefined();
    const storage = window.localStorage;
    storage.clear();
    const server = rotatingServer();
    createUserStore(storage, null).set(signedIn('access-1', 30_000));
    const tabs = [0, 1, 2].map(() => {
      const users = createUserStore(storage, null);
      return { users, http: createHttpClient({ fetch: server.fetch, baseUrl: () => '', users, handlers: handlers(), now: () => NOW }) };
    });
    await Promise.all(tabs.map((t) => t.http.request('/api/auth/whoami')));
    expect(server.refreshes).toEqual(['refresh-1']);
    expect(tabs.map((t) => t.users.get()?.token)).toEqual(['access-2', 'access-2', 'access-2']);
    storage.clear();
  });

  it('without coordination both tabs present the same rotating token and one session ends (what the lock prevents)', async () => {
    const storage = memoryStorage();
    const server = rotatingServer();
    createUserStore(storage, null).set(signedIn('access-1', 30_000));
    const none: RefreshLock = (task) => task();
    const first = tab(storage, server, none);
    const second = tab(storage, server, none);
    await Promise.allSettled([first.http.request('/api/auth/whoami'), second.http.request('/api/auth/whoami')]);
    expect(server.refreshes).toHaveLength(2);
  });

  it('uses the Web Locks API when the browser has it', async () => {
    const names: string[] = [];
    let queue = Promise.resolve();
    const locks = {
      request: (name: string, task: () => Promise<unknown>) => {
        names.push(name);
        const run = queue.then(task);
        queue = run.then(
          () => undefined,
          () => undefined,
        );
        return run;
      },
    } as unknown as Pick<LockManager, 'request'>;
    const lock = createRefreshLock({ locks, storage: memoryStorage() });
    const order: string[] = [];
    const job = (name: string) => async () => {
      order.push(`${name} start`);
      await new Promise((resolve) => setTimeout(resolve, 5));
      order.push(`${name} end`);
      return name;
    };
    await expect(Promise.all([lock(job('a')), lock(job('b'))])).resolves.toEqual(['a', 'b']);
    expect(order).toEqual(['a start', 'a end', 'b start', 'b end']);
    expect(names).toEqual([REFRESH_LOCK_NAME, REFRESH_LOCK_NAME]);
  });

  it('takes over a lease its holder never gave back once it expires, and never waits past its limit', async () => {
    const storage = memoryStorage();
    let clock = NOW;
    const sleep = async (ms: number) => {
      clock += ms;
    };
    storage.setItem(REFRESH_LOCK_NAME, JSON.stringify({ owner: 'crashed-tab', until: NOW + 1_000 }));
    const lock = createRefreshLock({ storage, id: 'me', now: () => clock, sleep });
    await expect(lock(async () => 'done')).resolves.toBe('done');
    expect(clock).toBeGreaterThanOrEqual(NOW + 1_000);
    expect(clock).toBeLessThan(NOW + 2_000);

    // a lease that never expires (a clock gone wrong) delays a tab by at most maxWaitMs
    clock = NOW;
    storage.setItem(REFRESH_LOCK_NAME, JSON.stringify({ owner: 'stuck', until: Number.MAX_SAFE_INTEGER }));
    const patient = createRefreshLock({ storage, id: 'me', now: () => clock, sleep, maxWaitMs: 3_000 });
    await expect(patient(async () => 'anyway')).resolves.toBe('anyway');
    expect(clock).toBeLessThan(NOW + 3_100);
    expect(JSON.parse(storage.getItem(REFRESH_LOCK_NAME)!)).toMatchObject({ owner: 'stuck' });
  });
});
