import type { ApiToken } from '@circula/model';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AppProviders } from '../../app/AppProviders';
import { DEFAULT_ENVIRONMENT, setEnvironment } from '../../app/environment';
import { userStore } from '../../app/auth/user-store';
import { queryClient } from '../../app/query-client';
import { LoginPage } from '../../features/auth/LoginPage';
import { ssoCodeOf } from '../../features/auth/SsoCallbackPage';
import { initI18n } from '../../i18n';
import { stubServer } from '../../test/harness';
import { ApiTokensPage } from './ApiTokensPage';

const TOKEN: ApiToken = {
  id: 4,
  name: 'ERP',
  prefix: 'circ_0a1b2c3d4e5f',
  scope: 'FULL',
  createdAt: '2026-11-20T09:30:00.000Z',
  expiresAt: '2027-02-18T22:59:59.999Z',
  lastUsedAt: null,
  revokedAt: null,
  status: 'ACTIVE',
};

const manager = () =>
  userStore.set({
    id: 2,
    username: 'manager',
    fullname: 'Maria Rossi',
    email: null,
    lang: 'it',
    token: 'tok',
    refreshToken: null,
    tokenExpiresAt: new Date(Date.now() + 3_600_000).toISOString(),
    authorities: ['ROLE_MANAGER', 'ACCESS_BACKOFFICE', 'TOKEN_R', 'TOKEN_W'],
    roles: ['ROLE_MANAGER', 'ACCESS_BACKOFFICE'],
    subjectId: null,
    subjects: [],
  });

describe('API tokens page', () => {
  beforeEach(async () => {
    await initI18n('it');
    queryClient.clear();
    manager();
  });
  afterEach(() => userStore.clear());

  const renderPage = () =>
    render(
      <AppProviders>
        <MemoryRouter>
          <ApiTokensPage route="token" mode="list" rights={{ canRead: true, canCreate: true, canWrite: true, canDelete: true }} />
        </MemoryRouter>
      </AppProviders>,
    );

  it('lists the tokens in Italian formats, creates one shown once, and revokes after confirming', async () => {
    let tokens: ApiToken[] = [TOKEN];
    const calls = stubServer((call) => {
      if (call.path !== '/api/auth/tokens' && call.path !== '/api/auth/tokens/4') return undefined;
      if (call.method === 'GET') return { body: { data: tokens } };
      if (call.method === 'POST') {
        const created = { ...TOKEN, id: 5, name: String(call.body!.name), prefix: 'circ_ffffffffffff', expiresAt: '2027-01-31T22:59:59.999Z' };
        tokens = [created, ...tokens];
        return { body: { data: { ...created, token: `circ_ffffffffffff_${'S'.repeat(43)}` } } };
      }
      if (call.method === 'DELETE') {
        tokens = tokens.map((x) => (x.id === 4 ? { ...x, status: 'REVOKED' as const, revokedAt: '2026-11-25T10:00:00.000Z' } : x));
        return { body: { data: tokens.find((x) => x.id === 4) } };
      }
      return undefined;
    });
    renderPage();
    const table = await screen.findByTestId('api-tokens');
    const row = within(table).getByText('ERP').closest('tr')!;
    const cells = [...row.querySelectorAll('td')].map((td) => td.textContent);
    // (the creation time in the test machine's time zone)
    expect(cells.slice(0, 7)).toEqual(['ERP', 'circ_0a1b2c3d4e5f_…', 'Completo', expect.stringMatching(/^20\/11\/2026 \d{2}:30$/), '18/02/2027', 'Mai', 'Attivo']);

    // create: name and expiry; the token is shown once with its warning
    fireEvent.click(screen.getByTestId('api-token-new'));
    fireEvent.change(await screen.findByTestId('api-token-name'), { target: { value: 'Contabilità' } });
    fireEvent.click(screen.getByTestId('api-token-create-submit'));
    const value = await screen.findByTestId('api-token-created-value');
    expect(value.textContent).toContain(`circ_ffffffffffff_${'S'.repeat(43)}`);
    expect(screen.getByText(/non sarà più mostrato/)).toBeTruthy();
    const post = calls.find((c) => c.method === 'POST')!;
    expect(post.body).toMatchObject({ name: 'Contabilità', scope: 'FULL' });
    expect(String(post.body!.expiresAt)).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    fireEvent.click(screen.getByTestId('api-token-created-close'));
    await waitFor(() => expect(within(screen.getByTestId('api-tokens')).getByText('Contabilità')).toBeTruthy());

    // revoke asks first
    fireEvent.click(screen.getByTestId('api-token-revoke-4'));
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
    const confirm = await waitFor(() => {
      const popup = document.querySelector<HTMLElement>('.ant-popconfirm');
      expect(popup).not.toBeNull();
      return popup!;
    });
    expect(confirm.textContent).toContain('Revocare il token "ERP"?');
    fireEvent.click(within(confirm).getByRole('button', { name: 'Revoca' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'DELETE' && c.path === '/api/auth/tokens/4')).toBe(true));
    await waitFor(() => expect(within(screen.getByTestId('api-tokens')).getByText('Revocato')).toBeTruthy());
  });
});

describe('sign-in page with single sign-on', () => {
  beforeEach(async () => {
    await initI18n('it');
    userStore.clear();
  });
  afterEach(() => setEnvironment(DEFAULT_ENVIRONMENT));

  const renderLogin = (path = '/login') =>
    render(
      <AppProviders>
        <MemoryRouter initialEntries={[path]}>
          <LoginPage />
        </MemoryRouter>
      </AppProviders>,
    );

  it('shows the SSO button only when the server has single sign-on', () => {
    renderLogin();
    expect(screen.queryByTestId('login-sso')).toBeNull();
  });

  it('offers the button with the configured label, pointing at the start of the flow', () => {
    setEnvironment({ ...DEFAULT_ENVIRONMENT, sso: { enabled: true, label: 'Accedi con SSO' } });
    renderLogin();
    const button = screen.getByTestId('login-sso');
    expect(button.textContent).toContain('Accedi con SSO');
    expect(button.getAttribute('href')).toBe('/api/auth/oidc/start');
  });

  it('explains a refused single sign-on in Italian', () => {
    setEnvironment({ ...DEFAULT_ENVIRONMENT, sso: { enabled: true, label: 'Accedi con SSO' } });
    renderLogin('/login?sso=SSO_UNKNOWN_USER');
    expect(screen.getByTestId('login-error').textContent).toMatch(/Nessun utente dell'applicazione corrisponde al tuo account SSO/);
  });

  it('reads the one-time code from the fragment only', () => {
    expect(ssoCodeOf('#code=abc-123')).toBe('abc-123');
    expect(ssoCodeOf('')).toBeNull();
  });
});
