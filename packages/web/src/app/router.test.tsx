import type { AuthUser } from '@circula/model';
import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../i18n';
import { AppProviders } from './AppProviders';
import { userStore } from './auth/user-store';
import { queryClient } from './query-client';
import { appRoutes, discoverAreaRoutes } from './router';

function signIn(authorities: string[]): void {
  const user: AuthUser = {
    id: 3,
    username: 'anna',
    fullname: 'Anna Bianchi',
    email: null,
    lang: 'it',
    token: 'tok',
    refreshToken: null,
    tokenExpiresAt: new Date(Date.now() + 3_600_000).toISOString(),
    authorities,
    roles: authorities,
    subjectId: null,
    subjects: [],
  };
  userStore.set(user);
}

function renderAt(path: string) {
  const router = createMemoryRouter(appRoutes(), { initialEntries: [path], patchRoutesOnNavigation: discoverAreaRoutes() });
  render(
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return router;
}

const readable = (routes: string[]) =>
  vi.fn(async (input: RequestInfo | URL) => {
    const body = new URL(String(input), 'http://localhost').pathname === '/api/entityconf/visible'
      ? { data: routes.map((route) => ({ route, canRead: true, menu: { icon: 'AppstoreOutlined', label: route, path: `/${route}`, group: null, isVisible: true } })) }
      : { data: null };
    return new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } });
  });

describe('routes and guards', () => {
  beforeAll(async () => {
    await initI18n('it');
  });

  beforeEach(() => {
    userStore.clear();
    queryClient.clear();
    vi.unstubAllGlobals();
  });

  it('sends a signed-out visitor of an area to the login page, remembering the area', async () => {
    const router = renderAt('/rdr/5');
    expect(await screen.findByTestId('login-submit')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/login');
    expect(router.state.location.state).toEqual({ from: '/rdr/5' });
  });

  it('shows a readable area as in preparation, with its Italian title', async () => {
    vi.stubGlobal('fetch', readable(['dashboard', 'accounts']));
    signIn(['ROLE_USER', 'ACCESS_BACKOFFICE']);
    renderAt('/accounts/5/edit');
    const page = await screen.findByTestId('area-placeholder');
    expect(page.getAttribute('data-route')).toBe('accounts');
    expect(page.textContent).toContain('Account');
    expect(page.textContent).toContain('In preparazione');
    expect(screen.getByTestId('area-planned').textContent).toMatch(/^Qui arriveranno gli account degli utenti/);
  });

  it('answers 403 for an area the server does not list as readable', async () => {
    vi.stubGlobal('fetch', readable(['dashboard', 'rdr']));
    signIn(['ROLE_USER', 'ACCESS_BACKOFFICE']);
    renderAt('/users');
    expect((await screen.findByTestId('area-forbidden')).textContent).toContain('Non autorizzato');
    expect(screen.queryByTestId('area-placeholder')).toBeNull();
  });

  it('keeps users in registration on the registration page', async () => {
    vi.stubGlobal('fetch', readable([]));
    signIn(['ON_BOARD']);
    const router = renderAt('/dashboard');
    expect(await screen.findByTestId('registration-pending')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/registration');
  });

  describe('the registration page, guarded by sign-on only (spec §2)', () => {
    const invalidLink = vi.fn(async (input: RequestInfo | URL) => {
      const { pathname } = new URL(String(input), 'http://localhost');
      return pathname === '/api/webaccess/registration'
        ? new Response(JSON.stringify({ errorCode: 'BAD_REQUEST', errorMessage: 'INVALID_UUUID' }), { status: 400, headers: { 'Content-Type': 'application/json' } })
        : new Response(JSON.stringify({ data: null }), { status: 200, headers: { 'Content-Type': 'application/json' } });
    });
    const LINK = '/registration?u=0f6f8a5e-1c2b-4c3d-9e8f-0a1b2c3d4e5f';

    it('sends a visitor without a link to the login page, remembering the page', async () => {
      vi.stubGlobal('fetch', readable([]));
      const router = renderAt('/registration');
      expect(await screen.findByTestId('login-submit')).toBeTruthy();
      expect(router.state.location.pathname).toBe('/login');
      expect(router.state.location.state).toEqual({ from: '/registration' });
    });

    it('opens to a visitor without a session who follows an emailed link', async () => {
      vi.stubGlobal('fetch', invalidLink);
      const router = renderAt(LINK);
      expect(await screen.findByTestId('registration-invalid')).toBeTruthy();
      expect(router.state.location.pathname).toBe('/registration');
      expect(invalidLink).toHaveBeenCalledWith(expect.stringContaining('/api/webaccess/registration?u='), expect.anything());
    });

    it('does not apply the role guard: a user without back-office access is not logged out there', async () => {
      vi.stubGlobal('fetch', invalidLink);
      signIn(['ROLE_CUSTOMER']);
      const router = renderAt(LINK);
      expect(await screen.findByTestId('registration-invalid')).toBeTruthy();
      expect(router.state.location.pathname).toBe('/registration');
      expect(userStore.get()).not.toBeNull();
    });
  });

  it('shows the not-found page for unknown paths inside the shell', async () => {
    vi.stubGlobal('fetch', readable(['dashboard']));
    signIn(['ROLE_USER', 'ACCESS_BACKOFFICE']);
    renderAt('/no/such/page');
    expect(await screen.findByTestId('not-found')).toBeTruthy();
    expect(screen.getByTestId('side-menu')).toBeTruthy();
  });
});
