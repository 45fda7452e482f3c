import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../../app/AppProviders';
import { userStore } from '../../app/auth/user-store';
import { queryClient } from '../../app/query-client';
import { initI18n } from '../../i18n';
import { PrivacyGate } from './ChangedPrivaciesModal';
import { parseChangedPrivacy } from './privacy-api';

const USER = {
  id: 42,
  username: 'nuovo',
  fullname: 'Nuovo Utente',
  email: null,
  lang: 'it',
  token: 'token',
  refreshToken: null,
  tokenExpiresAt: new Date(Date.now() + 3_600_000).toISOString(),
  authorities: ['ACCESS_BACKOFFICE'],
  roles: ['ACCESS_BACKOFFICE'],
  subjectId: null,
  subjects: [],
};

const json = (data: unknown, status = 200) => new Response(JSON.stringify(data), { status, headers: { 'Content-Type': 'application/json' } });

describe('changed privacy documents', () => {
  beforeEach(async () => {
    await initI18n('it');
    queryClient.clear();
    userStore.set(USER);
  });

  it('splits "id;label" once: labels may hold semicolons', () => {
    expect(parseChangedPrivacy('12;Informativa; clienti')).toEqual({ id: 12, label: 'Informativa; clienti' });
    expect(parseChangedPrivacy('x;y')).toBeNull();
  });

  it('asks the changed documents in a modal that only Accept (or sign-out) closes, then lets the user in', async () => {
    let accepted = false;
    const calls: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
        const url = new URL(String(input), 'http://localhost');
        calls.push(`${init?.method ?? 'GET'} ${url.pathname}`);
        if (url.pathname === '/api/subjects/subjects/changed-privacies/42') return json({ data: accepted ? [] : ['3;Informativa clienti', '9;Cookie policy'] });
        if (url.pathname === '/api/subjects/subjects/accept-privacies/42') {
          accepted = true;
          return json({ data: { accepted: [3, 9] } });
        }
        return json({ errorCode: 'NOT_FOUND', errorMessage: 'NOT_FOUND' }, 404);
      }),
    );
    render(
      <AppProviders>
        <PrivacyGate>
          <div data-testid="page">pagina</div>
        </PrivacyGate>
      </AppProviders>,
    );
    expect(screen.getByTestId('page')).toBeTruthy();
    expect(await screen.findByText('Informativa clienti')).toBeTruthy();
    expect(screen.getByText('Cookie policy')).toBeTruthy();
    expect(screen.getByTestId('changed-privacy-3').getAttribute('href')).toBe('/api/privacy/definition/download/3');
    expect(screen.queryByRole('button', { name: /close|chiudi/i })).toBeNull();

    // Escape and a click on the mask leave it open
    fireEvent.keyDown(screen.getByTestId('changed-privacies'), { key: 'Escape', code: 'Escape', keyCode: 27 });
    const mask = document.querySelector('.ant-modal-mask');
    if (mask) fireEvent.click(mask);
    const wrap = document.querySelector('.ant-modal-wrap');
    if (wrap) fireEvent.click(wrap);
    await act(async () => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(screen.getByText('Informativa clienti')).toBeTruthy();

    fireEvent.click(screen.getByTestId('changed-privacies-accept'));
    await waitFor(() => expect(screen.queryByTestId('changed-privacies')).toBeNull());
    expect(calls).toContain('PUT /api/subjects/subjects/accept-privacies/42');
    expect(calls.filter((c) => c === 'GET /api/subjects/subjects/changed-privacies/42')).toHaveLength(2);
  }, 20_000);

  it('shows nothing when nothing changed', async () => {
    const fetchMock = vi.fn(async () => json({ data: [] }));
    vi.stubGlobal('fetch', fetchMock);
    render(
      <AppProviders>
        <PrivacyGate>
          <div data-testid="page">pagina</div>
        </PrivacyGate>
      </AppProviders>,
    );
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    expect(screen.queryByTestId('changed-privacies')).toBeNull();
  });
});
