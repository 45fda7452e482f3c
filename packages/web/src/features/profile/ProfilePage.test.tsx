import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../../app/AppProviders';
import { userStore } from '../../app/auth/user-store';
import { queryClient } from '../../app/query-client';
import { i18n, initI18n } from '../../i18n';
import { createPreferencesStore, type PreferencesApi } from '../global-search/preferences';
import { ProfilePage } from './ProfilePage';
import { PROFILE_TAB_PREFERENCE, profileTab } from './profile-tabs';

const signedIn = () =>
  userStore.set({
    id: 5,
    username: 'mario',
    fullname: 'Mario Rossi',
    email: 'mario@example.org',
    lang: 'it',
    token: 't',
    tokenExpiresAt: new Date(Date.now() + 3_600_000).toISOString(),
    authorities: ['ROLE_USER'],
    roles: ['ROLE_USER'],
    subjectId: null,
    subjects: [],
  } as never);

function renderProfile(stored: Record<string, unknown>) {
  const api: PreferencesApi = { load: vi.fn(async () => stored), save: vi.fn(async () => {}) };
  const store = createPreferencesStore(window.localStorage, null, api, () => {});
  const router = createMemoryRouter([{ path: '/profile/:userId', element: <ProfilePage store={store} /> }], { initialEntries: ['/profile/5'] });
  render(
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return api;
}

const tab = (name: string) => screen.getByRole('tab', { name });

describe('profile page', { timeout: 30_000 }, () => {
  beforeAll(async () => {
    await initI18n('it');
  });
  beforeEach(() => {
    queryClient.clear();
    signedIn();
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    userStore.clear();
  });

  it('reads any stored value as a known tab', () => {
    expect(profileTab('sessions')).toBe('sessions');
    expect(profileTab('nonsense')).toBe('data');
    expect(profileTab(3)).toBe('data');
  });

  it('opens on the tab kept in the preferences and keeps another one as default', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => new Response(JSON.stringify({ data: { items: [] } }), { status: 200, headers: { 'Content-Type': 'application/json' } })));
    const api = renderProfile({ [PROFILE_TAB_PREFERENCE]: 'language' });
    await waitFor(() => expect(tab('Lingua').getAttribute('aria-selected')).toBe('true'));
    const keep = screen.getByTestId('profile-default-tab') as HTMLButtonElement;
    expect(keep.disabled).toBe(true);

    fireEvent.click(tab('Password'));
    await waitFor(() => expect(keep.disabled).toBe(false));
    fireEvent.click(keep);
    await waitFor(() => expect(api.save).toHaveBeenCalledWith(5, PROFILE_TAB_PREFERENCE, 'password'));
    await waitFor(() => expect(keep.disabled).toBe(true));
    // the privacy tab stays where the privacy feature fills it
    expect(tab('Informative privacy')).toBeTruthy();
  });

  it('saves the language on the server and switches the interface to it', async () => {
    const calls: { path: string; body: unknown }[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
        const path = new URL(String(input), 'http://localhost').pathname;
        calls.push({ path, body: typeof init?.body === 'string' ? JSON.parse(init.body) : null });
        return new Response(JSON.stringify({ data: { lang: 'en' } }), { status: 200, headers: { 'Content-Type': 'application/json' } });
      }),
    );
    renderProfile({ [PROFILE_TAB_PREFERENCE]: 'language' });
    const save = (await screen.findByTestId('profile-language-save')) as HTMLButtonElement;
    expect(save.disabled).toBe(true);
    fireEvent.click(screen.getByText('Inglese'));
    await waitFor(() => expect(save.disabled).toBe(false));
    fireEvent.click(save);
    await waitFor(() => expect(calls.find((c) => c.path === '/api/auth/language')?.body).toEqual({ lang: 'en' }));
    await waitFor(() => expect(i18n.language).toBe('en'));
    expect(userStore.get()?.lang).toBe('en');
    await i18n.changeLanguage('it');
  });

  it('shows another user’s profile as not available here', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => new Response('{"data":{}}', { status: 200, headers: { 'Content-Type': 'application/json' } })));
    const api: PreferencesApi = { load: vi.fn(async () => ({})), save: vi.fn(async () => {}) };
    const store = createPreferencesStore(window.localStorage, null, api, () => {});
    const router = createMemoryRouter([{ path: '/profile/:userId', element: <ProfilePage store={store} /> }], { initialEntries: ['/profile/99'] });
    render(
      <AppProviders>
        <RouterProvider router={router} />
      </AppProviders>,
    );
    expect(await screen.findByTestId('profile-other-user')).toBeTruthy();
  });
});
