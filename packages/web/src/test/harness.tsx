import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { afterEach, beforeEach, vi } from 'vitest';
import { userStore, type CurrentUser } from '../app/auth/user-store';
import { AppProviders } from '../app/AppProviders';
import { queryClient } from '../app/query-client';
import { initI18n } from '../i18n';

/** A stand-in for the server: answers by path with the envelope of API.md and records every call. */
export function stubApi(routes: Record<string, (url: URL) => unknown>) {
  const calls: URL[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL) => {
    const url = new URL(String(input), 'http://localhost');
    calls.push(url);
    const route = routes[url.pathname];
    if (!route) return new Response(JSON.stringify({ errorCode: 'NOT_FOUND', errorMessage: 'NOT_FOUND' }), { status: 404, headers: { 'Content-Type': 'application/json' } });
    return new Response(JSON.stringify({ data: route(url) }), { status: 200, headers: { 'Content-Type': 'application/json' } });
  });
  vi.stubGlobal('fetch', fetchMock);
  return { calls, fetchMock };
}

/** A call the stand-in server received: method, path and JSON body. */
export interface StubCall {
  method: string;
  path: string;
  body: Record<string, unknown> | null;
}
export interface StubReply {
  status?: number;
  body: unknown;
}

/**
 * A stand-in for the server that answers every method: `answer` decides from the call and the
 * calls so far (undefined: 404 NOT_FOUND); every call is recorded with its JSON body.
 */
export function stubServer(answer: (call: StubCall, calls: StubCall[]) => StubReply | undefined): StubCall[] {
  const calls: StubCall[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input), 'http://localhost');
      const call: StubCall = { method: init?.method ?? 'GET', path: url.pathname, body: typeof init?.body === 'string' ? (JSON.parse(init.body) as Record<string, unknown>) : null };
      calls.push(call);
      const reply = answer(call, calls) ?? { status: 404, body: { errorCode: 'NOT_FOUND', errorMessage: 'NOT_FOUND' } };
      return new Response(JSON.stringify(reply.body), { status: reply.status ?? 200, headers: { 'Content-Type': 'application/json' } });
    }),
  );
  return calls;
}

export const page = <T,>(items: T[]) => ({ items, total: items.length, page: 0, size: items.length });

/** A table value as GET /api/conf/tables/tablevalue answers it. */
export function tableValue(tableCode: string, code: string, it: string, en: string, extra: Record<string, unknown> = {}) {
  return {
    id: Math.abs([...`${tableCode}${code}`].reduce((h, c) => (h * 31 + c.charCodeAt(0)) | 0, 7)),
    tableCode,
    code,
    val: code,
    name: it,
    formattedOutput: { it, en },
    alpha1: null,
    alpha2: null,
    alpha3: null,
    flag1: false,
    flag2: false,
    flag3: false,
    extraValue: null,
    extraFields: {},
    tags: [],
    ...extra,
  };
}

export async function setup(language: 'it' | 'en' = 'it') {
  queryClient.clear();
  await initI18n(language);
}

export const renderApp = (ui: ReactElement) => render(<AppProviders>{ui}</AppProviders>);

/** The signed-in administrator component tests put in the user store. */
export const ADMIN_USER: CurrentUser = {
  id: 1,
  username: 'admin',
  fullname: 'Amministratore',
  email: null,
  lang: 'it',
  token: 't',
  tokenExpiresAt: '2099-01-01T00:00:00Z',
  authorities: ['ROLE_ADMIN'],
  roles: ['ROLE_ADMIN'],
  subjectId: null,
  subjects: [],
};

/**
 * For each test of the enclosing block: an empty query cache, Italian, ADMIN_USER signed in;
 * afterwards the stubbed globals (fetch) and the user go.
 */
export function signedInAsAdmin(): void {
  beforeEach(async () => {
    await setup('it');
    userStore.set(ADMIN_USER);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    userStore.clear();
  });
}
