import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../../app/AppProviders';
import { userStore } from '../../app/auth/user-store';
import { queryClient } from '../../app/query-client';
import { initI18n } from '../../i18n';
import { CompanyPage } from './CompanyPage';

const json = (data: unknown, status = 200) => new Response(JSON.stringify(data), { status, headers: { 'Content-Type': 'application/json' } });

function renderCompany() {
  const router = createMemoryRouter(
    [
      { path: '/company', element: <CompanyPage /> },
      { path: '/subjects/:id', element: <div data-testid="subject-page">subject</div> },
    ],
    { initialEntries: ['/company'] },
  );
  render(
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return router;
}

describe('company entry page', () => {
  const calls: string[] = [];
  beforeEach(async () => {
    await initI18n('it');
    queryClient.clear();
    calls.length = 0;
    userStore.set({
      id: 7,
      username: 'owner',
      fullname: 'Giulia Verdi',
      email: null,
      lang: 'it',
      token: 'tok',
      refreshToken: null,
      tokenExpiresAt: new Date(Date.now() + 3_600_000).toISOString(),
      authorities: ['ROLE_OWNER', 'ACCESS_BACKOFFICE'],
      roles: ['ROLE_OWNER', 'ACCESS_BACKOFFICE'],
      subjectId: null,
      subjects: [],
    });
  });

  const stub = (answer: () => Response) =>
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL) => {
        calls.push(new URL(String(input), 'http://localhost').pathname);
        return answer();
      }),
    );

  it("opens the DEFAULT business unit's subject record (id 0)", async () => {
    stub(() => json({ data: { id: 4, code: 'CIRCULA', name: 'Circula Ambiente S.r.l.', type: 'DEFAULT', subject: 17, subjectName: 'Circula Ambiente S.r.l.' } }));
    const router = renderCompany();
    expect(await screen.findByTestId('subject-page')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/subjects/17');
    expect(calls).toContain('/api/bu/unit/0');
  });

  it('says so when there is no DEFAULT unit', async () => {
    stub(() => json({ errorCode: 'NOT_FOUND', errorMessage: 'NOT_FOUND' }, 404));
    renderCompany();
    expect((await screen.findByTestId('company-none')).textContent).toContain('Nessuna azienda configurata');
  });

  it('offers a retry on any other error', async () => {
    stub(() => json({ errorCode: 'INTERNAL', errorMessage: 'INTERNAL' }, 500));
    renderCompany();
    expect((await screen.findByTestId('company-error')).textContent).toContain('Riprova');
  });
});
